/**
 * Statuses of one payment attempt: created (not sent to the provider yet), pending (waiting for the provider or the
 * customer), requires_action (3-D Secure), captured (paid), failed, expired, canceled.
 */
export const PAYMENT_STATUSES = [
  'created',
  'pending',
  'requires_action',
  'captured',
  'failed',
  'expired',
  'canceled',
] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Statuses of a payment attempt whose outcome is still to come from the provider or the customer. */
const AWAITING_OUTCOME: ReadonlySet<string> = new Set<PaymentStatus>(['created', 'pending', 'requires_action']);

/**
 * Whether a page showing an order's payment should keep waiting for news: the order is unpaid and its latest
 * payment attempt has no outcome yet. A paid order, a failed/expired/canceled attempt or no attempt at all is final
 * for the page (a new attempt is the customer's own action).
 */
export function awaitingPaymentOutcome(state: { paid: boolean; payment_status: string | null }): boolean {
  return !state.paid && state.payment_status !== null && AWAITING_OUTCOME.has(state.payment_status);
}
