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
