import {
  cents,
  checkWithdrawal,
  nextVersion,
  formatMoneyString,
  type Cents,
  type WithdrawalCheck,
} from '@ventanilla/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { itemFiles, orderItems, orders } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { LegalEntities, RefundsService } from '../invoicing/index.js';
import { type OrderEvents, recordHistory } from '../order-records/index.js';

type OrderRow = typeof orders.$inferSelect;

/** The customer status an item of a withdrawn order shows (5 Abonado: the spec's "returned"). */
const RETURNED_CLIENT_STATUS = 5;
/** The panel status a withdrawn order's lines move to: out of the queue, not counted as delivered (70 Denegado). */
const WITHDRAWN_PANEL_STATUS = 70;
/** The reason the refund and its credit note carry. */
const REFUND_REASON = 'Desistimiento del cliente (art. 9 Directiva 2011/83/UE)';

/** "2026-11-16" as "16/11/2026" (es, pt and en-IE read it the same). */
function displayDay(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** The withdrawal as the order page shows it. */
export interface WithdrawalView {
  allowed: boolean;
  /** The last day of the period (ISO date, the seller's calendar). */
  last_day: string;
  /** Why not, when not allowed. */
  refusal: 'not_paid' | 'cancelled' | 'refunded' | 'performed' | 'period_over' | null;
  withdrawn_at: string | null;
}

/**
 * The customer's right of withdrawal from their order page (docs/withdrawal.md). The rule is the domain's
 * `checkWithdrawal`; this does it: (1) under the order's row lock (and its lines'), the rule is checked and the order
 * marked withdrawn, so a second withdrawal at the same time waits, then finds it withdrawn and refunds nothing;
 * (2) what is left of the invoice is refunded through the provider that took the payment, with its credit note (the
 * staff refunds' code); (3) the order is cancelled, its lines leave the queue with a history line, and the customer's
 * e-mail is queued, all in one transaction.
 */
export class WithdrawalService {
  constructor(
    private readonly db: Db,
    private readonly refunds: RefundsService,
    private readonly entities: LegalEntities,
    private readonly orderEvents: OrderEvents,
    private readonly now: () => Date,
  ) {}

  private async check(tx: DbOrTx, order: OrderRow, now: Date): Promise<{ check: WithdrawalCheck; left: Cents | null }> {
    const lines = await tx
      .select({ itemId: orderItems.itemId, panelStatusId: orderItems.panelStatusId })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.orderId))
      .orderBy(asc(orderItems.itemId));
    const ids = lines.map((l) => l.itemId);
    // Documents handed to the customer: the staff's files they can see (not their own uploads).
    const delivered = ids.length
      ? await tx
          .select({ itemId: itemFiles.itemId })
          .from(itemFiles)
          .where(and(inArray(itemFiles.itemId, ids), eq(itemFiles.visibleToCustomer, true), isNull(itemFiles.uploadId)))
      : [];
    const left = order.paidAt ? await this.refunds.refundable(tx, order.orderId) : null;
    const check = checkWithdrawal({
      orderStatus: order.status,
      paid: order.paidAt !== null,
      withdrawnAt: order.withdrawnAt,
      fullyRefunded: left !== null && left <= 0,
      contractAt: order.termsAcceptedAt ?? order.createdAt,
      lines: lines.map((l) => ({
        panelStatusId: l.panelStatusId,
        documentsDelivered: delivered.filter((d) => d.itemId === l.itemId).length,
      })),
      now,
      timeZone: this.entities.forStore(order.storeId).entity.time_zone,
    });
    return { check, left };
  }

  /** Whether the order page offers the withdrawal, until when, or why not. */
  async view(order: OrderRow): Promise<WithdrawalView> {
    const { check } = await this.check(this.db, order, this.now());
    return {
      allowed: check.ok,
      last_day: check.lastDay,
      refusal: check.ok ? null : check.reason,
      withdrawn_at: order.withdrawnAt?.toISOString() ?? null,
    };
  }

  /** Withdraws the customer's order (someone else's: 404; refused by the rule: 409 in the store's language). */
  async withdraw(customerId: number, orderId: number) {
    const now = this.now();
    // 1. Check and mark, under the order's lock and its lines' (a staff delivery waits, or is seen).
    const claim = await this.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.orderId, orderId), eq(orders.customerId, customerId)))
        .for('update');
      if (!order) throw new AppError('NOT_FOUND', `order ${orderId} of customer ${customerId}`);
      await tx
        .select({ itemId: orderItems.itemId })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.itemId))
        .for('update');
      const { check, left } = await this.check(tx, order, now);
      if (!check.ok) {
        throw new AppError('WITHDRAWAL_REFUSED', `order ${orderId}: ${check.reason}`, {
          messageKey: `withdrawal.${check.reason}`,
          params: { date: displayDay(check.lastDay) },
        });
      }
      if (left === null) throw new Error(`paid order ${orderId} has no invoice to refund`);
      await tx.update(orders).set({ withdrawnAt: now }).where(eq(orders.orderId, orderId));
      return { left };
    });

    // 2. The refund and its credit note (the staff refunds' code). If the provider refuses, the order is as it was and
    // the customer may try again (the refund is recorded as failed, with no credit note).
    let refund: { amount: Cents; creditNote: { id: number; number: string }; manual: boolean } | null = null;
    if (claim.left > 0) {
      try {
        const done = await this.refunds.refundAs({ withdrawal: true }, orderId, claim.left, REFUND_REASON);
        refund = {
          amount: claim.left,
          creditNote: { id: done.credit_note_id, number: done.credit_note_number },
          manual: done.refund.provider === 'manual',
        };
      } catch (err) {
        await this.db
          .update(orders)
          .set({ withdrawnAt: null })
          .where(and(eq(orders.orderId, orderId), eq(orders.withdrawnAt, now)));
        throw err;
      }
    }

    // 3. Cancelled, out of the queue with a history line per line, and the customer told.
    await this.db.transaction(async (tx) => {
      await tx.update(orders).set({ status: 'canceled', updatedAt: now }).where(eq(orders.orderId, orderId));
      const items = await tx
        .select({ itemId: orderItems.itemId, panelStatusId: orderItems.panelStatusId, updatedAt: orderItems.updatedAt })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.itemId))
        .for('update');
      for (const item of items) {
        await tx
          .update(orderItems)
          .set({
            panelStatusId: WITHDRAWN_PANEL_STATUS,
            clientStatusId: RETURNED_CLIENT_STATUS,
            // A staff screen open on the line sees it changed (its version moves on).
            updatedAt: nextVersion(item.updatedAt, now),
          })
          .where(eq(orderItems.itemId, item.itemId));
      }
      await recordHistory(
        tx,
        items.map((item) => ({
          itemId: item.itemId,
          accion: 'desistimiento',
          oldStatus: item.panelStatusId,
          newStatus: WITHDRAWN_PANEL_STATUS,
          details: refund
            ? { refunded: formatMoneyString(refund.amount), credit_note: refund.creditNote.number }
            : { refunded: '0.00' },
        })),
      );
      await this.orderEvents.emit('withdrawn', tx, { orderId, withdrawnAt: now, refund });
    });
    return {
      order_id: orderId,
      status: 'canceled' as const,
      withdrawn_at: now.toISOString(),
      refunded: formatMoneyString(refund?.amount ?? cents(0)),
      credit_note_number: refund?.creditNote.number ?? null,
    };
  }
}
