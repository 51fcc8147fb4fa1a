import type { Cents } from '../money/money.js';
import { checkRefundAmount } from './invoice-amounts.js';

/**
 * A refund with a penalty (spec: "partial or total refund, with or without penalty"): the agent cancels `amount` of
 * the invoice and keeps `penalty` of it; the customer gets `amount - penalty` back, and the credit note corrects the
 * invoice by what is returned (the penalty stays invoiced) and shows both. What is left to refund is checked against
 * the amount cancelled, so a total refund with a penalty is `amount = refundable`.
 */
export type RefundPenaltyCheck =
  | { ok: true; returned: Cents; penalty: Cents }
  | { ok: false; reason: 'not_positive' | 'exceeds_refundable' | 'penalty_invalid' | 'nothing_returned' };

/** Checks a refund of `amount` with `penalty` (0 = without) against what is still refundable. */
export function checkRefundWithPenalty(amount: Cents, penalty: Cents, refundable: Cents): RefundPenaltyCheck {
  const base = checkRefundAmount(amount, refundable);
  if (!base.ok) return base;
  if (!Number.isSafeInteger(penalty) || penalty < 0 || penalty > amount)
    return { ok: false, reason: 'penalty_invalid' };
  if (penalty === amount) return { ok: false, reason: 'nothing_returned' };
  return { ok: true, returned: (amount - penalty) as Cents, penalty };
}
