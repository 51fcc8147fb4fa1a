import { checkAccountEmail, NAME_MAX } from '../auth/account-details.js';
import type { Role } from '../auth/permissions.js';
import type { DomainMessage } from '../i18n/domain-messages.js';

// Customers and agents in the back office (docs/backoffice.md, "Customers" and "Agents"): pure rules, table-tested.

/** How long "log in as the customer" lasts: after this the impersonating session is dead (sign in again). */
export const IMPERSONATION_TTL_MS = 30 * 60 * 1000;
/** The customer search's page size (default) and largest page. */
export const CUSTOMER_PAGE_SIZE = 20;
export const CUSTOMER_PAGE_MAX = 100;
/** The longest search text (characters). */
export const CUSTOMER_SEARCH_MAX = 200;
/** Staff roles an admin can give an account (agents admin). */
export const STAFF_ROLES = ['agent', 'admin', 'notary'] as const satisfies readonly Role[];
export type StaffAccountRole = (typeof STAFF_ROLES)[number];

// Control characters (NUL included) and lone surrogates.
// eslint-disable-next-line no-control-regex
const BAD_CHARACTERS = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type ImpersonationRefusal = 'not_admin' | 'self' | 'not_a_customer' | 'inactive' | 'already_impersonating';

/**
 * Whether `actor` may sign in as `target`: only an admin, on their own session (not already impersonating), and only
 * into an active customer account; never into staff (an admin cannot borrow another admin's or an agent's powers) nor
 * into their own account.
 */
export function checkImpersonation(
  actor: { id: number; role: Role | string; impersonating: boolean },
  target: { id: number; role: Role | string; active: boolean },
): { ok: true } | { ok: false; reason: ImpersonationRefusal } {
  if (actor.impersonating) return { ok: false, reason: 'already_impersonating' };
  if (actor.role !== 'admin') return { ok: false, reason: 'not_admin' };
  if (actor.id === target.id) return { ok: false, reason: 'self' };
  if (target.role !== 'customer') return { ok: false, reason: 'not_a_customer' };
  if (!target.active) return { ok: false, reason: 'inactive' };
  return { ok: true };
}

/** Whether an impersonation that started at `startedAt` (and was not ended) is still live at `now`. */
export function isImpersonationLive(expiresAt: Date, endedAt: Date | null, now: Date): boolean {
  return endedAt === null && now.getTime() < expiresAt.getTime();
}

/** The end of an impersonation starting at `now`. */
export function impersonationExpiry(now: Date): Date {
  return new Date(now.getTime() + IMPERSONATION_TTL_MS);
}

/** What one search text can match, decided once: the SQL tries each key the text could be. */
export interface CustomerSearchKeys {
  /** Lower-case text for e-mail and name substrings. */
  text: string;
  /** Upper-case letters and digits only, for a tax id (NIF/NIE/CIF written with spaces or dashes); null if too short. */
  taxId: string | null;
  /** Digits only, for a phone (at least 6 digits); null otherwise. */
  phone: string | null;
  /** A whole number that could be an order id or a customer id (plain digits, fits 53 bits); null otherwise. */
  number: number | null;
}

/** Checks and classifies the customer search text; null when it is blank (list everyone, newest first). */
export function parseCustomerSearch(
  raw: string | undefined,
): { ok: true; keys: CustomerSearchKeys | null } | { ok: false; message: DomainMessage } {
  const value = (raw ?? '').trim();
  if (value === '') return { ok: true, keys: null };
  if (BAD_CHARACTERS.test(value) || [...value].length > CUSTOMER_SEARCH_MAX)
    return { ok: false, message: { key: 'customer.search_invalid' } };
  const compact = value.toUpperCase().replace(/[\s.-]/g, '');
  const taxId = /^[A-Z0-9]{5,20}$/.test(compact) && /\d/.test(compact) ? compact : null;
  const digits = value.replace(/[\s().+-]/g, '');
  const phone = /^\d{6,20}$/.test(digits) ? digits : null;
  const number = /^\d{1,15}$/.test(value) ? Number(value) : null;
  return { ok: true, keys: { text: value.toLowerCase(), taxId, phone, number } };
}

/** Normal form of a phone: the digits, with a leading "+" kept; null when blank. */
export function normalisePhone(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return null;
  return (trimmed.startsWith('+') ? '+' : '') + trimmed.replace(/\D/g, '');
}

export interface CustomerInput {
  email: string;
  firstname: string;
  lastname: string;
  phone?: string | null;
}

export interface CustomerFieldProblem {
  field: 'email' | 'firstname' | 'lastname' | 'phone' | 'role';
  message: DomainMessage;
}

/** The rules of the customer form (create and edit), every problem at once in form order. */
export function checkCustomerInput(input: CustomerInput): CustomerFieldProblem[] {
  const problems: CustomerFieldProblem[] = [];
  const email = checkAccountEmail(input.email);
  if (email) problems.push({ field: 'email', message: email });
  for (const field of ['firstname', 'lastname'] as const) {
    const value = input[field].trim();
    if (!value) problems.push({ field, message: { key: 'validation.required_text' } });
    else if ([...value].length > NAME_MAX)
      problems.push({ field, message: { key: 'validation.too_long', params: { max: NAME_MAX } } });
    else if (BAD_CHARACTERS.test(value)) problems.push({ field, message: { key: 'item_action.invalid_characters' } });
  }
  const phone = (input.phone ?? '').trim();
  if (phone !== '' && !/^\+?[\d\s().-]{6,30}$/.test(phone)) {
    problems.push({ field: 'phone', message: { key: 'customer.phone_invalid' } });
  } else if (phone !== '') {
    const digits = phone.replace(/\D/g, '').length;
    if (digits < 6 || digits > 15) problems.push({ field: 'phone', message: { key: 'customer.phone_invalid' } });
  }
  return problems;
}

/** Whether a value is a staff role an admin can give. */
export function isStaffAccountRole(value: unknown): value is StaffAccountRole {
  return (STAFF_ROLES as readonly unknown[]).includes(value);
}

export type AgentChangeRefusal = 'self_deactivate' | 'self_demote' | 'last_admin';

/**
 * Whether an admin may change a staff account's role or switch it off: never their own (no locking oneself out), and
 * never the last active admin (the shop would have nobody to administer it).
 */
export function checkAgentChange(
  actorId: number,
  target: { id: number; role: string; active: boolean },
  change: { role?: StaffAccountRole; active?: boolean },
  activeAdmins: number,
): { ok: true } | { ok: false; reason: AgentChangeRefusal } {
  const deactivating = change.active === false && target.active;
  const demoting = change.role !== undefined && change.role !== 'admin' && target.role === 'admin';
  if (target.id === actorId && deactivating) return { ok: false, reason: 'self_deactivate' };
  if (target.id === actorId && demoting) return { ok: false, reason: 'self_demote' };
  if (target.role === 'admin' && target.active && (deactivating || demoting) && activeAdmins <= 1)
    return { ok: false, reason: 'last_admin' };
  return { ok: true };
}
