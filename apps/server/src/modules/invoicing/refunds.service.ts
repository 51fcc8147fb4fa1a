import { randomUUID } from 'node:crypto';
import { can, cents, checkRefundWithPenalty, formatMoneyString, parseMoney, type Cents } from '@ventanilla/domain';
import { and, asc, desc, eq, inArray, sum } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { invoices, orders, payments, refunds, users } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { SessionUser } from '../../shared/session-types.js';
import { BANK_TRANSFER_PROVIDER, type PaymentProvider } from '../payments/index.js';
import type { OrderEvents } from '../order-records/index.js';
import type { InvoicingService } from './invoicing.service.js';

export type RefundRow = typeof refunds.$inferSelect;

/** Refund reasons are free text, required, at most this long. */
export const REFUND_REASON_MAX = 500;

function refundOut(r: RefundRow & { agentName?: string | null }) {
  return {
    id: r.id,
    order_id: r.orderId,
    amount: formatMoneyString(r.amount),
    penalty: formatMoneyString(r.penalty),
    reason: r.reason,
    status: r.status as 'requested' | 'succeeded' | 'failed',
    provider: r.provider,
    provider_refund_ref: r.providerRefundRef,
    failure_code: r.failureCode,
    credit_note_id: r.creditNoteId,
    agent_name: r.agentName ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

/**
 * Partial and total refunds issued by agents. Three steps, so money and documents never disagree:
 * 1. under the invoice's row lock, the amount is checked against what is left (refunds already requested count) and
 *    reserved as a "requested" refund with its own idempotency key;
 * 2. the payment provider returns the money (outside any transaction; the key makes a retry safe);
 * 3. on success, the refund and its credit note are written in one transaction. On failure the refund is marked
 *    failed, frees its amount, and no credit note exists.
 */
export class RefundsService {
  constructor(
    private readonly db: Db,
    private readonly invoicing: InvoicingService,
    private readonly providers: ReadonlyMap<string, PaymentProvider>,
    /** Told of each refund made, inside the transaction that issues its credit note (the customer's e-mail). */
    private readonly orderEvents?: OrderEvents,
  ) {}

  /** Refunds and what is left to refund of an order (back office). */
  async forOrder(orderId: number) {
    const [order] = await this.db.select({ orderId: orders.orderId }).from(orders).where(eq(orders.orderId, orderId));
    if (!order) throw new AppError('NOT_FOUND', `order ${orderId}`);
    const documents = await this.invoicing.listForOrder(orderId);
    const rows = await this.db
      .select({ refund: refunds, firstname: users.firstname, lastname: users.lastname })
      .from(refunds)
      .leftJoin(users, eq(users.id, refunds.agentUserId))
      .where(eq(refunds.orderId, orderId))
      .orderBy(asc(refunds.id));
    const invoice = documents.find((d) => d.kind === 'invoice');
    const reserved = rows.filter((r) => r.refund.status !== 'failed').reduce((a, r) => a + r.refund.amount, 0);
    const invoiceTotal = invoice ? (parseMoney(invoice.total) ?? 0) : 0;
    return {
      order_id: orderId,
      invoices: documents,
      refunds: rows.map((r) =>
        refundOut({ ...r.refund, agentName: r.firstname ? `${r.firstname} ${r.lastname}` : null }),
      ),
      refundable: formatMoneyString(cents(Math.max(0, invoiceTotal - reserved))),
    };
  }

  /**
   * Refunds `amount` of the order's invoice, keeping `penalty` of it (0: without penalty): the customer gets
   * `amount - penalty` back, which is also what the credit note corrects; the note shows the amount and the penalty.
   */
  async refund(agent: SessionUser, orderId: number, amount: Cents, reasonRaw: string, penalty: Cents = cents(0)) {
    if (!can(agent.role, 'orders.refund')) throw new AppError('FORBIDDEN', `role ${agent.role} cannot refund`);
    return this.refundAs({ agentUserId: agent.id }, orderId, amount, reasonRaw, penalty);
  }

  /**
   * What is left to refund of an order's invoice (the amount not yet refunded or reserved by a refund under way), or
   * null when it has no invoice.
   */
  async refundable(tx: DbOrTx, orderId: number): Promise<Cents | null> {
    const [invoice] = await tx
      .select({ id: invoices.id, total: invoices.total })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
    if (!invoice) return null;
    const [taken] = await tx
      .select({ total: sum(refunds.amount) })
      .from(refunds)
      .where(and(eq(refunds.invoiceId, invoice.id), inArray(refunds.status, ['requested', 'succeeded'])));
    return cents(invoice.total - Number(taken?.total ?? 0));
  }

  /**
   * The refund itself, for an agent (`agentUserId`) or for the customer's withdrawal (`withdrawal`, no agent): the same
   * three steps and the same credit note. The caller has checked who may ask for it.
   */
  async refundAs(
    by: { agentUserId: number } | { withdrawal: true },
    orderId: number,
    amount: Cents,
    reasonRaw: string,
    penalty: Cents = cents(0),
  ) {
    const agentUserId = 'agentUserId' in by ? by.agentUserId : null;
    const reason = reasonRaw.trim();
    if (!reason)
      throw new AppError('VALIDATION_ERROR', 'refund reason', { fields: [{ field: 'reason', key: 'field.required' }] });
    if (reason.length > REFUND_REASON_MAX) {
      throw new AppError('VALIDATION_ERROR', 'refund reason', {
        fields: [{ field: 'reason', key: 'field.too_long', params: { max: REFUND_REASON_MAX } }],
      });
    }

    // 1. Reserve the amount under the invoice lock.
    const reserved = await this.db.transaction(async (tx) => {
      const invoice = await this.invoicing.lockInvoiceOfOrder(tx, orderId);
      if (!invoice) throw new AppError('NOT_FOUND', `no invoice for order ${orderId}`);
      const [taken] = await tx
        .select({ total: sum(refunds.amount) })
        .from(refunds)
        .where(and(eq(refunds.invoiceId, invoice.id), inArray(refunds.status, ['requested', 'succeeded'])));
      const refundable = cents(invoice.total - Number(taken?.total ?? 0));
      const check = checkRefundWithPenalty(amount, penalty, refundable);
      if (!check.ok) {
        const penaltyField = check.reason === 'penalty_invalid' || check.reason === 'nothing_returned';
        throw new AppError('REFUND_AMOUNT_INVALID', `refund ${amount} (penalty ${penalty}) of ${refundable}`, {
          fields: [
            {
              field: penaltyField ? 'penalty' : 'amount',
              key:
                check.reason === 'not_positive'
                  ? 'refund.amount_positive'
                  : check.reason === 'exceeds_refundable'
                    ? 'refund.amount_exceeds'
                    : check.reason === 'penalty_invalid'
                      ? 'refund.penalty_invalid'
                      : 'refund.nothing_returned',
              params: { max: formatMoneyString(refundable) },
            },
          ],
          params: { max: formatMoneyString(refundable) },
        });
      }
      const returned = check.returned;
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'captured')))
        .orderBy(desc(payments.id))
        .limit(1);
      const [row] = await tx
        .insert(refunds)
        .values({
          orderId,
          invoiceId: invoice.id,
          paymentId: payment?.id ?? null,
          // Bank transfers (and orders without a payment) are returned by transfer by the agent: a manual refund.
          provider: !payment || payment.provider === BANK_TRANSFER_PROVIDER ? 'manual' : payment.provider,
          amount: returned,
          penalty,
          reason,
          idempotencyKey: `refund_${randomUUID()}`,
          agentUserId,
        })
        .returning();
      if (!row) throw new Error('refund insert returned nothing');
      return { refund: row, paymentRef: payment?.providerRef ?? null, returned };
    });

    // 2. Return the money through the provider that took it (orders paid outside a provider are refunded by hand).
    let providerRefundRef: string | null = null;
    if (reserved.refund.provider !== 'manual') {
      const provider = this.providers.get(reserved.refund.provider);
      let failure: string | null = null;
      if (!provider?.refund || !reserved.paymentRef) failure = 'refund_not_supported';
      else {
        try {
          const result = await provider.refund(reserved.paymentRef, reserved.returned, reserved.refund.idempotencyKey);
          if (result.status === 'failed') failure = result.failureCode;
          else providerRefundRef = result.refundRef;
        } catch (err) {
          failure = err instanceof Error ? `provider_error: ${err.message}`.slice(0, 200) : 'provider_error';
        }
      }
      if (failure !== null) {
        await this.db
          .update(refunds)
          .set({ status: 'failed', failureCode: failure, updatedAt: new Date() })
          .where(eq(refunds.id, reserved.refund.id));
        throw new AppError('REFUND_FAILED', `refund ${reserved.refund.id}: ${failure}`);
      }
    }

    // 3. The refund and its credit note, together.
    return this.db.transaction(async (tx) => {
      const invoice = await this.invoicing.lockInvoiceOfOrder(tx, orderId);
      if (!invoice) throw new Error(`invoice of order ${orderId} vanished`);
      const note = await this.invoicing.issueCreditNote(
        tx,
        invoice,
        reserved.returned,
        reason,
        undefined,
        penalty > 0 ? { cancelledAmount: amount, penalty } : undefined,
      );
      const [done] = await tx
        .update(refunds)
        .set({ status: 'succeeded', providerRefundRef, creditNoteId: note.id, updatedAt: new Date() })
        .where(and(eq(refunds.id, reserved.refund.id), eq(refunds.status, 'requested')))
        .returning();
      if (!done) throw new Error(`refund ${reserved.refund.id} was no longer requested`);
      await this.orderEvents?.emit('refunded', tx, {
        orderId,
        refundId: done.id,
        creditNote: { id: note.id, number: note.number },
        amount: reserved.returned,
        penalty,
        manual: done.provider === 'manual',
        ...('withdrawal' in by ? { withdrawal: true } : {}),
      });
      return { refund: refundOut(done), credit_note_id: note.id, credit_note_number: note.number };
    });
  }
}
