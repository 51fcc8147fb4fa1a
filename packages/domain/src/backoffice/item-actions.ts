/*
 * The rules of the agents' actions on an order item (spec: "Agent actions on orders"; docs/backoffice.md, "Actions").
 * Pure: the server checks every action here before writing, and the item page uses the same limits in its forms.
 * Time comes in as `now`, so tests inject the clock.
 */

import type { DomainMessage } from '../i18n/domain-messages.js';
import type { Language } from '../stores/stores.js';
import { isPanelStatusId, type PanelStatusId } from '../orders/panel-status.js';
import { isWorkStatus } from './work-queue.js';

/** The admin user shown as "Sistema" (spec: "an agent with admin user id 1 is treated as system"). */
export const SYSTEM_AGENT_ID = 1;

const SYSTEM_NAME: Record<Language, string> = { es: 'Sistema', en: 'System', pt: 'Sistema' };

/**
 * The name shown for who wrote a history line or a note: "Sistema" for admin user 1 and for lines without an agent
 * (payments, checkout), else the agent's name.
 */
export function agentDisplayName(adminUserId: number | null, name: string | null, language: Language): string {
  if (adminUserId === null || adminUserId === SYSTEM_AGENT_ID || !name) return SYSTEM_NAME[language];
  return name;
}

/** Statuses an item has while a notary works it: "En Notaría" and its sub-statuses. */
export const NOTARY_STATUSES: readonly PanelStatusId[] = [98, 1000, 1001, 1002, 1003, 1004];

/**
 * Notary work: an item in one of the notary statuses (the agent sends it to the notary with 98 "En Notaría"; the
 * notary moves it through 1000-1004 and hands it back with 1001 "Entregado"). Notaries see and act on these only.
 */
export function isNotaryWork(panelStatusId: number): boolean {
  return (NOTARY_STATUSES as readonly number[]).includes(panelStatusId);
}

/** Roles of the back office. */
export type BackofficeRole = 'agent' | 'admin' | 'notary';

/** Whether the role may see and act on an item in this status (notaries: notary work only; agents, admins: all). */
export function mayWorkOnItem(role: BackofficeRole, panelStatusId: number): boolean {
  return role !== 'notary' || isNotaryWork(panelStatusId);
}

/** Status "Pendiente de pago": set and left by payments only (a lead, until the customer pays). */
export const UNPAID_STATUS: PanelStatusId = 0;
/** Status of a closed item (the action "close"). */
export const CLOSED_STATUS: PanelStatusId = 120;
/** Status of an item that will not be processed (the action "not processing"). */
export const NOT_PROCESSING_STATUS: PanelStatusId = 70;

/** Why an action is refused. Input problems are 400s; the rest say the item is not in a state that allows it (409). */
export type ItemActionRefusal =
  | 'unknown_status'
  | 'same_status'
  | 'unpaid'
  | 'payment_status'
  | 'not_notary_status'
  | 'not_a_result'
  | 'not_a_lead'
  | 'lead_resent_recently'
  | 'not_an_integer'
  | 'out_of_range'
  | 'bad_date'
  | 'in_past'
  | 'too_far'
  | 'required'
  | 'too_short'
  | 'too_long'
  | 'invalid_characters'
  | 'bad_provider'
  | 'not_staff'
  | 'customer_file'
  | 'not_author';

/** Refusals that describe the item's state or the caller, not the input (HTTP 409 / 403 rather than 400). */
export const STATE_REFUSALS: readonly ItemActionRefusal[] = [
  'same_status',
  'unpaid',
  'not_a_lead',
  'lead_resent_recently',
  'customer_file',
  'not_author',
  'not_notary_status',
];

export type ActionCheck<T> = { ok: true; value: T } | { ok: false; reason: ItemActionRefusal };

const ok = <T>(value: T): ActionCheck<T> => ({ ok: true, value });
const no = (reason: ItemActionRefusal): { ok: false; reason: ItemActionRefusal } => ({ ok: false, reason });

export interface StatusChange {
  role: BackofficeRole;
  from: number;
  to: number;
}

/**
 * Moving an item to another status by hand. Any status to any other (the spec shows no transition table), except:
 * "Pendiente de pago" belongs to payments (never set by hand, and an unpaid item is left only by paying it or by
 * "lead closed lost"), and notaries move notary work between the notary statuses only.
 */
export function checkStatusChange({ role, from, to }: StatusChange): ActionCheck<PanelStatusId> {
  // A fraction, NaN or a huge number is no status id either.
  if (!isPanelStatusId(to)) return no('unknown_status');
  if (to === UNPAID_STATUS) return no('payment_status');
  if (from === UNPAID_STATUS) return no('unpaid');
  if (role === 'notary' && !isNotaryWork(to)) return no('not_notary_status');
  if (to === from) return no('same_status');
  return ok(to);
}

/**
 * The result of "finish" / "finish and stop": a status that takes the item out of the work queue (not a work status,
 * else the queue would hand it straight back). Keeping the current status is allowed (the work is done, the status
 * already says so).
 */
export function checkFinishResult({ role, from, to }: StatusChange): ActionCheck<PanelStatusId> {
  if (!isPanelStatusId(to)) return no('unknown_status');
  if (isWorkStatus(to)) return no('not_a_result');
  if (to === from && from !== UNPAID_STATUS) {
    return role === 'notary' && !isNotaryWork(to) ? no('not_notary_status') : ok(to);
  }
  return checkStatusChange({ role, from, to });
}

/** "Resend lead" and "lead closed lost" concern unpaid items (status 0) only: a paid order is no longer a lead. */
export function checkLead(panelStatusId: number): ActionCheck<true> {
  return panelStatusId === UNPAID_STATUS ? ok(true) : no('not_a_lead');
}

/** The customer gets at most one payment reminder ("resend lead") per this many hours, whoever asks for it. */
export const LEAD_RESEND_MIN_HOURS = 12;

/**
 * "Resend lead": a reminder e-mail with a fresh pay link goes to the customer of an unpaid item, unless one went
 * less than LEAD_RESEND_MIN_HOURS ago (two agents, or one clicking twice, must not flood the customer).
 */
export function checkLeadResend(panelStatusId: number, lastSentAt: Date | null, now: Date): ActionCheck<true> {
  const lead = checkLead(panelStatusId);
  if (!lead.ok) return lead;
  if (lastSentAt !== null && now.getTime() - lastSentAt.getTime() < LEAD_RESEND_MIN_HOURS * 3_600_000) {
    return no('lead_resent_recently');
  }
  return ok(true);
}

/** Priority range: 0 (normal) to 10 (most urgent); the queue takes the highest first. */
export const PRIORITY_MIN = 0;
export const PRIORITY_MAX = 10;

/** A priority: an integer from PRIORITY_MIN to PRIORITY_MAX. */
export function checkPriority(value: unknown): ActionCheck<number> {
  // Number.isSafeInteger is false for anything but a number.
  if (!Number.isSafeInteger(value)) return no('not_an_integer');
  const priority = value as number;
  if (priority < PRIORITY_MIN || priority > PRIORITY_MAX) return no('out_of_range');
  return ok(priority);
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * A point in time as ISO 8601 with its offset (`2026-12-01T09:30:00Z`, `2026-12-01T10:30+01:00`): a real calendar
 * day and clock time, years 2000-2999. Without an offset the time would depend on the server's zone: refused.
 */
export function parseInstant(raw: string): Date | null {
  const m = INSTANT.exec(raw);
  if (!m) return null;
  const [year, month, day, hour] = m.slice(1, 5).map(Number) as number[];
  // Month 00 or 13, day 00, minute or second 60 and offset minutes 60 are illegal values the Date parser refuses
  // itself (ECMA-262, date time string format); it accepts hour 24, 31 April and offsets beyond 14 hours.
  if (year! < 2000 || year! > 2999 || hour! > 23) return null;
  if (day! > new Date(Date.UTC(year!, month!, 0)).getUTCDate()) return null;
  // No offset hours with Z: Number(undefined) is NaN.
  if (Number(m[9]) > 14) return null;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A postponement lasts at most a year. */
export const POSTPONE_MAX_DAYS = 366;
/** A deadline is at most two years away. */
export const DEADLINE_MAX_DAYS = 2 * 366;

function futureInstant(raw: string | null, now: Date, maxDays: number): ActionCheck<Date | null> {
  // Blank means "none" too: JSON schema coercion may turn a null into "".
  if (raw === null || raw === '') return ok(null);
  const date = parseInstant(raw);
  if (!date) return no('bad_date');
  if (date.getTime() <= now.getTime()) return no('in_past');
  if (date.getTime() > now.getTime() + maxDays * DAY_MS) return no('too_far');
  return ok(date);
}

/** Postpone until `raw` (strictly in the future, at most a year away); null takes the item back into the queue now. */
export function checkPostpone(raw: string | null, now: Date): ActionCheck<Date | null> {
  return futureInstant(raw, now, POSTPONE_MAX_DAYS);
}

/** A deadline (strictly in the future, at most two years away); null removes it. */
export function checkDeadline(raw: string | null, now: Date): ActionCheck<Date | null> {
  return futureInstant(raw, now, DEADLINE_MAX_DAYS);
}

// C0 and C1 control characters (NUL included) and lone surrogates are never part of a text an agent types.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_NEWLINE = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function text(raw: string, limits: { min: number; max: number; singleLine: boolean }): ActionCheck<string> {
  const value = raw.trim();
  if ((limits.singleLine ? CONTROL_OR_NEWLINE : CONTROL).test(value) || LONE_SURROGATE.test(value)) {
    return no('invalid_characters');
  }
  const length = [...value].length;
  if (length === 0) return no('required');
  if (length < limits.min) return no('too_short');
  if (length > limits.max) return no('too_long');
  return ok(value);
}

/** The reference ("referencia") is at most this long. */
export const REFERENCE_MAX = 100;

/** A reference: one line, trimmed, at most REFERENCE_MAX characters; blank or null removes it. */
export function checkReference(raw: string | null): ActionCheck<string | null> {
  if (raw === null || raw.trim() === '') return ok(null);
  return text(raw, { min: 1, max: REFERENCE_MAX, singleLine: true });
}

/** Provider ids: letters, digits, `_ . -`, starting with a letter or digit (the search filter's `provider`). */
export const PROVIDER_ID_MAX = 64;
const PROVIDER_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** A provider id (providers become a configuration list in a later issue); null removes it. */
export function checkProviderId(raw: string | null): ActionCheck<string | null> {
  if (raw === null || raw.trim() === '') return ok(null);
  const value = raw.trim();
  if ([...value].length > PROVIDER_ID_MAX) return no('too_long');
  return PROVIDER_ID.test(value) ? ok(value) : no('bad_provider');
}

/** The reason of "not processing": 10 to 500 characters, several lines allowed. */
export const REASON_MIN = 10;
export const REASON_MAX = 500;

/** The reason given for "not processing" an item. */
export function checkReason(raw: string): ActionCheck<string> {
  return text(raw, { min: REASON_MIN, max: REASON_MAX, singleLine: false });
}

/** Notes are at most this long. */
export const NOTE_MAX = 5000;

/** A note's text: trimmed, not blank, at most NOTE_MAX characters. */
export function checkNoteText(raw: string): ActionCheck<string> {
  return text(raw, { min: 1, max: NOTE_MAX, singleLine: false });
}

/** Delegation goes to a back-office account; a notary only for notary work. Null takes the delegation back. */
export function checkDelegate(
  target: { role: string } | null,
  panelStatusId: number,
): ActionCheck<'agent' | 'admin' | 'notary' | null> {
  if (target === null) return ok(null);
  if (target.role === 'agent' || target.role === 'admin') return ok(target.role);
  if (target.role === 'notary') return isNotaryWork(panelStatusId) ? ok('notary') : no('not_notary_status');
  return no('not_staff');
}

/** A note may be deleted by its author or by an admin. */
export function checkNoteDelete(actor: { id: number; role: BackofficeRole }, authorId: number): ActionCheck<true> {
  return actor.role === 'admin' || actor.id === authorId ? ok(true) : no('not_author');
}

/** The customer's own documents (answers to the wizard's file questions) are part of the order: never deleted. */
export function checkFileDelete(file: { uploadedByCustomer: boolean }): ActionCheck<true> {
  return file.uploadedByCustomer ? no('customer_file') : ok(true);
}

/**
 * Whether the version a write was based on (the item's `updated_at` as the screen loaded it) is the item's current
 * one. Compared as instants to the millisecond, so `...000Z` and `...000+00:00` agree; anything unparseable is stale.
 */
export function isCurrentVersion(current: Date, sent: string): boolean {
  const date = parseInstant(sent);
  return date !== null && date.getTime() === current.getTime();
}

/**
 * The `updated_at` a write sets: now, but always at least a millisecond after the previous version, so two writes
 * within one millisecond (or under a frozen test clock) still give different versions.
 */
export function nextVersion(previous: Date, now: Date): Date {
  return new Date(Math.max(now.getTime(), previous.getTime() + 1));
}

const LIMITS: Partial<Record<ItemActionRefusal, Record<string, number>>> = {
  too_short: { min: REASON_MIN },
};

/** The translatable message of a refusal (`{min}`/`{max}` filled where they apply; pass the limit for text fields). */
export function itemActionMessage(
  reason: ItemActionRefusal,
  params: Record<string, string | number> = {},
): DomainMessage {
  return { key: `item_action.${reason}`, params: { ...LIMITS[reason], ...params } };
}
