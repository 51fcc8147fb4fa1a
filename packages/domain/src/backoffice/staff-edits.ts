/*
 * Rules of what staff edit besides an item's work (docs/backoffice.md, "Staff edits"): the customer-facing status of an
 * item, the customer's payment data, the item's attributes, the agent's own settings, the online agents and the
 * data-change alert. Pure and table-tested; the server checks each here before writing.
 */

import type { DomainMessage } from '../i18n/domain-messages.js';
import { CLIENT_STATUS_BY_ID, type ClientStatusKey } from '../orders/customer-status.js';
import { validateIban } from '../validators/bank-accounts.js';
import type { ActionCheck, ItemActionRefusal } from './item-actions.js';

const ok = <T>(value: T): ActionCheck<T> => ({ ok: true, value });
const no = (reason: ItemActionRefusal): { ok: false; reason: ItemActionRefusal } => ({ ok: false, reason });

/** Control characters (NUL included) and lone surrogates: never part of what staff type. */
export const BAD_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The customer-facing status an agent sets on an item (spec: "if extra client_status_id exists it wins"): one of the
 * five ids of CLIENT_STATUS_BY_ID, or null to go back to the status derived from the order and panel status.
 * Setting the value it already has is refused, so a double click sends the customer one e-mail.
 */
export function checkClientStatus(raw: number | null, current: number | null): ActionCheck<number | null> {
  // A fraction, NaN or an out-of-range number is no key of the table either.
  if (raw !== null && CLIENT_STATUS_BY_ID[raw] === undefined) return no('unknown_status');
  if (raw === current) return no('same_status');
  return ok(raw);
}

/** The key of a set client status id, or null (none set, or unknown). */
export function clientStatusKeyOf(id: number | null): ClientStatusKey | null {
  // 0 is no status id.
  return CLIENT_STATUS_BY_ID[id ?? 0] ?? null;
}

/** The customer's preferred payment methods (spec: Customer.payment.preferred_payment). */
export const PREFERRED_PAYMENTS = ['cc', 'bank', 'paypal', 'multibanco', 'sibsmb', 'sibsmbway', 'bizum'] as const;
export type PreferredPayment = (typeof PREFERRED_PAYMENTS)[number];

/** What staff may change of a customer's payment data: never a card number (only removing the saved card). */
export interface CustomerPaymentInput {
  preferred_payment: string;
  /** The bank account as an IBAN; null removes it; absent keeps it. */
  iban?: string | null;
  /** Forget the saved card (the spec's remove_cc). */
  remove_card?: boolean;
}

export interface CustomerPaymentProblem {
  field: 'preferred_payment' | 'iban';
  message: DomainMessage;
}

export interface CustomerPaymentChange {
  method: PreferredPayment;
  /** The normalised IBAN, null to remove it, undefined to keep it. */
  iban: string | null | undefined;
  removeCard: boolean;
}

/**
 * Checks staff's edit of a customer's payment data: a known method, an IBAN valid by the domain's validator (SEPA
 * registry, mod 97, national check digits) and, for "bank", an account to charge (the one given or the one on file).
 */
export function checkCustomerPayment(
  input: CustomerPaymentInput,
  stored: { iban: string | null },
): { ok: true; change: CustomerPaymentChange } | { ok: false; problems: CustomerPaymentProblem[] } {
  const problems: CustomerPaymentProblem[] = [];
  const method = (PREFERRED_PAYMENTS as readonly string[]).includes(input.preferred_payment)
    ? (input.preferred_payment as PreferredPayment)
    : null;
  let iban: string | null | undefined;
  if (input.iban === undefined) iban = undefined;
  else if (input.iban === null || input.iban.trim() === '') iban = null;
  else {
    const result = validateIban(input.iban);
    if (result.ok) iban = result.normalised;
    else {
      problems.push({
        field: 'iban',
        message: { key: result.reason === 'country' ? 'validator.iban_country' : 'validator.iban' },
      });
    }
  }
  const resulting = iban === undefined ? stored.iban : iban;
  // The problems so far are the IBAN's: a bank account is required only when none was refused.
  if (method === 'bank' && resulting === null && problems.length === 0) {
    problems.push({ field: 'iban', message: { key: 'validation.required_text' } });
  }
  if (method === null) {
    return {
      ok: false,
      problems: [{ field: 'preferred_payment', message: { key: 'validation.unknown_value' } }, ...problems],
    };
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, change: { method, iban, removeCard: input.remove_card === true } };
}

/** An IBAN as staff and histories show it: country, check digits and the last four, the rest hidden. */
export function maskIban(iban: string | null): string | null {
  if (iban === null) return null;
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

/** One attribute of an item (spec: details.atributos, key/value). */
export interface ItemAttribute {
  key: string;
  value: string;
}

export const ATTRIBUTES_MAX = 30;
export const ATTRIBUTE_KEY_MAX = 60;
export const ATTRIBUTE_VALUE_MAX = 500;

export interface AttributeProblem {
  index: number;
  field: 'key' | 'value';
  message: DomainMessage;
}

/**
 * An item's attributes as staff edit them: at most ATTRIBUTES_MAX, keys one line, not blank, unique (ignoring case),
 * values one line; trimmed.
 */
export function checkItemAttributes(
  raw: readonly ItemAttribute[],
): { ok: true; value: ItemAttribute[] } | { ok: false; problems: AttributeProblem[] } {
  if (raw.length > ATTRIBUTES_MAX) {
    return {
      ok: false,
      problems: [
        {
          index: ATTRIBUTES_MAX,
          field: 'key',
          message: { key: 'saved_item.too_many', params: { max: ATTRIBUTES_MAX } },
        },
      ],
    };
  }
  const problems: AttributeProblem[] = [];
  const seen = new Set<string>();
  const value = raw.map((a, index) => {
    const key = a.key.trim();
    const val = a.value.trim();
    if (key === '') problems.push({ index, field: 'key', message: { key: 'validation.required_text' } });
    else if (BAD_CHARACTERS.test(key))
      problems.push({ index, field: 'key', message: { key: 'saved_item.invalid_characters' } });
    else if ([...key].length > ATTRIBUTE_KEY_MAX)
      problems.push({
        index,
        field: 'key',
        message: { key: 'validation.too_long', params: { max: ATTRIBUTE_KEY_MAX } },
      });
    else if (seen.has(key.toLowerCase()))
      problems.push({ index, field: 'key', message: { key: 'saved_item.repeated_attribute' } });
    seen.add(key.toLowerCase());
    if (BAD_CHARACTERS.test(val))
      problems.push({ index, field: 'value', message: { key: 'saved_item.invalid_characters' } });
    else if ([...val].length > ATTRIBUTE_VALUE_MAX)
      problems.push({
        index,
        field: 'value',
        message: { key: 'validation.too_long', params: { max: ATTRIBUTE_VALUE_MAX } },
      });
    return { key, value: val };
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}

/**
 * Where an order came from (spec: details.origin, default magento for the old shop's orders): the shop's checkout,
 * an agent's order, or the old shop. Set when the order is made; shown, not edited.
 */
export const ORDER_ORIGINS = ['web', 'backoffice', 'magento'] as const;
export type OrderOrigin = (typeof ORDER_ORIGINS)[number];

/** An agent counts as online while their session was used within this many minutes. */
export const ONLINE_WINDOW_MINUTES = 5;

/** Whether a session last used at `lastSeenAt` (and not yet expired) makes its agent online at `now`. */
export function isOnlineAgent(lastSeenAt: Date, expiresAt: Date, now: Date): boolean {
  return expiresAt.getTime() > now.getTime() && now.getTime() - lastSeenAt.getTime() <= ONLINE_WINDOW_MINUTES * 60_000;
}

/**
 * The data-change alert of an item (spec: getHistoricoCambiosDatos, disableHistoryAlert): shown while the customer
 * changed the item's data after the alert was last switched off.
 */
export function dataChangeAlert(lastChangeAt: Date | null, alertOffAt: Date | null): boolean {
  if (lastChangeAt === null) return false;
  return alertOffAt === null || lastChangeAt.getTime() > alertOffAt.getTime();
}

/** One answer a data change changed: the values as text (lists joined), empty when there was none. */
export interface AnswerChange {
  key: string;
  from: string;
  to: string;
}

function answerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (typeof value === 'object') {
    const file = value as { filename?: unknown; file_id?: unknown };
    return typeof file.filename === 'string' ? file.filename : JSON.stringify(value);
  }
  return String(value);
}

/** The answers that differ between two sets of answers, in key order. */
export function answerChanges(before: Record<string, unknown>, after: Record<string, unknown>): AnswerChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((a, b) =>
    a.localeCompare(b, 'en', { numeric: true }),
  );
  return keys
    .map((key) => ({ key, from: answerText(before[key]), to: answerText(after[key]) }))
    .filter((c) => c.from !== c.to);
}
