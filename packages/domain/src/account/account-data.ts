// What happens to each kind of a customer's data when the account is deleted (GDPR art. 17, with the legal duties
// that limit it), and the retention rule of identity documents (docs/customer-panel.md, "Export and deletion").
import type { ClientStatusKey } from '../orders/customer-status.js';

/** erase: deleted; anonymise: the row stays (others point at it) without what identifies the person; retain: kept. */
export type ErasureAction = 'erase' | 'anonymise' | 'retain';

export const ACCOUNT_DATA_CATEGORIES = [
  'profile',
  'sessions',
  'tokens',
  'billing_data',
  'payment_preference',
  'saved_items',
  'drafts',
  'cart',
  'notifications',
  'activities',
  'push_subscriptions',
  'orders',
  'order_answers',
  'identity_documents',
  'delivered_documents',
  'invoices',
  'payments',
  'tickets',
  'sent_emails',
] as const;
export type AccountDataCategory = (typeof ACCOUNT_DATA_CATEGORIES)[number];

export interface ErasureRule {
  action: ErasureAction;
  /** Why (the legal basis of what is kept), for the docs and the deletion answer. */
  reason: string;
}

/**
 * The one table of what account deletion does. Orders and invoices are kept because tax law requires it (Spain: Ley
 * General Tributaria art. 66 and Código de Comercio art. 30, 4-6 years; Portugal and Ireland: similar periods), but the
 * order's contact details are replaced: the invoice already carries the billing identity the law requires.
 */
export const ERASURE_RULES: Readonly<Record<AccountDataCategory, ErasureRule>> = {
  profile: { action: 'anonymise', reason: 'orders and invoices point at the account row; name, phone and e-mail go' },
  sessions: { action: 'erase', reason: 'signed out everywhere' },
  tokens: {
    action: 'erase',
    reason: 'password reset and e-mail change links, remember-me devices, OpenID identities and OAuth tokens go',
  },
  billing_data: { action: 'erase', reason: 'invoices already issued keep their own copy' },
  payment_preference: { action: 'erase', reason: 'a convenience' },
  saved_items: { action: 'erase', reason: 'a convenience' },
  drafts: { action: 'erase', reason: 'unfinished forms' },
  cart: { action: 'erase', reason: 'nothing was bought' },
  notifications: { action: 'erase', reason: 'a convenience' },
  activities: { action: 'erase', reason: 'a convenience' },
  push_subscriptions: { action: 'erase', reason: 'no more pushes to the devices' },
  orders: { action: 'anonymise', reason: 'kept for tax and consumer law; contact name and e-mail replaced' },
  order_answers: { action: 'retain', reason: 'what was ordered and done; part of the tax and registry record' },
  identity_documents: { action: 'erase', reason: 'identity documents are kept only while their order is worked' },
  delivered_documents: { action: 'erase', reason: 'the customer can no longer download them' },
  invoices: { action: 'retain', reason: 'invoices must be kept unchanged (tax law)' },
  payments: { action: 'retain', reason: 'accounting records (tax law)' },
  tickets: { action: 'anonymise', reason: 'conversations stay for the staff record without the customer’s address' },
  sent_emails: { action: 'anonymise', reason: 'the outbox keeps what was sent without the address' },
};

/** The categories of an action, in table order (the deletion answer lists them). */
export function categoriesWith(action: ErasureAction): AccountDataCategory[] {
  return ACCOUNT_DATA_CATEGORIES.filter((c) => ERASURE_RULES[c].action === action);
}

/**
 * Identity documents (the DNI/NIE/passport copies a customer uploads with an order) are kept while the order is worked
 * and for this many days after its last line finished (a correction or claim may need them), then erased; an account
 * deletion erases them at once (deletion is refused while an order is being worked).
 */
export const IDENTITY_DOCUMENT_RETENTION_DAYS = 30;

export function identityDocumentAction(input: {
  /** The order still has a line being worked (processing or incidence). */
  orderOpen: boolean;
  /** When its last line finished (null: not finished). */
  finishedAt: Date | null;
  accountDeleted: boolean;
  now: Date;
}): 'keep' | 'erase' {
  if (input.orderOpen) return 'keep';
  if (input.accountDeleted) return 'erase';
  if (!input.finishedAt) return 'keep';
  const ageMs = input.now.getTime() - input.finishedAt.getTime();
  return ageMs >= IDENTITY_DOCUMENT_RETENTION_DAYS * 86_400_000 ? 'erase' : 'keep';
}

/** Customer statuses of a paid line still being worked: an account with such a line cannot be deleted yet. */
const OPEN: ReadonlySet<ClientStatusKey> = new Set<ClientStatusKey>(['processing', 'incidence']);

/**
 * Why an account cannot be deleted now, or null. A paid order whose lines are still being worked binds us to deliver
 * (and the customer to answer incidences): the customer waits until it finishes or asks support to cancel it. Unpaid
 * orders do not block: they are anonymised like the rest.
 */
export function accountDeletionBlocker(
  orders: ReadonlyArray<{ paid: boolean; lineStatuses: readonly ClientStatusKey[] }>,
): 'open_orders' | null {
  return orders.some((o) => o.paid && o.lineStatuses.some((s) => OPEN.has(s))) ? 'open_orders' : null;
}

/**
 * The e-mail a deleted account keeps: unique (the column is), never deliverable (.invalid is reserved, RFC 2606),
 * and not an address anyone can register, so the customer's real address is free again.
 */
export function deletedAccountEmail(userId: number): string {
  return `deleted-${userId}@deleted.invalid`;
}

/** An address shown to its old owner after a change: enough to recognise it, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${tld}`;
}
