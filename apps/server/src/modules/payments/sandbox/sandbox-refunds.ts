import { randomBytes } from 'node:crypto';
import type { Cents } from '@ventanilla/domain';
import { eq, sum } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { sandboxPayments, sandboxRefunds } from '../../../db/schema.js';
import type { ProviderRefundResult } from '../payment-provider.js';

/**
 * The sandbox provider's refunds (its own books). Like a real provider it refunds only succeeded payments, never
 * more than was captured in total, and answers a repeated idempotency key with the first refund.
 */
export class SandboxRefunds {
  constructor(private readonly db: Db) {}

  async refund(paymentRef: string, amount: Cents, idempotencyKey: string): Promise<ProviderRefundResult> {
    return this.db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.ref, paymentRef))
        .for('update');
      const [again] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
      if (again) return { status: 'succeeded', refundRef: again.ref };
      if (!payment || payment.status !== 'succeeded') return { status: 'failed', failureCode: 'payment_not_captured' };
      if (!Number.isSafeInteger(amount) || amount <= 0) return { status: 'failed', failureCode: 'invalid_amount' };
      const [done] = await tx
        .select({ total: sum(sandboxRefunds.amount) })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentRef, paymentRef));
      if (Number(done?.total ?? 0) + amount > payment.amount)
        return { status: 'failed', failureCode: 'amount_exceeds_captured' };
      const ref = `sbx_re_${randomBytes(10).toString('hex')}`;
      await tx.insert(sandboxRefunds).values({ ref, paymentRef, amount, idempotencyKey });
      return { status: 'succeeded', refundRef: ref };
    });
  }

  /** Refunds made on a payment (tests and the sandbox's own pages). */
  async list(paymentRef: string) {
    return this.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentRef, paymentRef));
  }
}
