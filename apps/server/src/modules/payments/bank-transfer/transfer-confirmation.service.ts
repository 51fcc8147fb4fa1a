import { and, desc, eq, inArray } from 'drizzle-orm';
import { can } from '@ventanilla/domain';
import type { Db } from '../../../db/database.js';
import { orders, paymentEvents, payments } from '../../../db/schema.js';
import { AppError } from '../../../shared/app-error.js';
import type { SessionUser } from '../../../shared/session-types.js';
import { markOrderPaid, type OrderEvents, recordHistory } from '../../order-records/index.js';
import { rememberPreferredPayment } from '../payment-preferences.js';
import { BANK_TRANSFER_PROVIDER } from './bank-transfer.provider.js';

/**
 * An agent confirms that a bank transfer arrived: in one transaction the payment is captured, the order paid, the
 * `paid` event emitted and the confirmation written to each item's history. A second confirmation (another agent,
 * a double click) finds the order paid and changes nothing.
 */
export class TransferConfirmation {
  constructor(
    private readonly db: Db,
    private readonly orderEvents: OrderEvents,
  ) {}

  async confirm(staff: SessionUser, orderId: number): Promise<{ order_id: number; payment_id: number; paid: true }> {
    if (!can(staff.role, 'payments.confirmTransfer'))
      throw new AppError('FORBIDDEN', `role ${staff.role} cannot confirm payments`);
    return this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.orderId, orderId)).for('update');
      if (!order) throw new AppError('NOT_FOUND', `order ${orderId}`);
      if (order.status !== 'pending') throw new AppError('ORDER_ALREADY_PAID');
      const [payment] = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orderId),
            eq(payments.method, 'bank'),
            inArray(payments.status, ['created', 'pending']),
          ),
        )
        .orderBy(desc(payments.id))
        .limit(1)
        .for('update');
      if (!payment) throw new AppError('NO_PENDING_TRANSFER', `order ${orderId}`);
      // The confirmation is an event of the payment like a provider's, stored once (unique provider + event id).
      await tx.insert(paymentEvents).values({
        provider: BANK_TRANSFER_PROVIDER,
        eventId: `confirmed:${payment.id}`,
        type: 'payment.succeeded',
        paymentId: payment.id,
        payload: { confirmed_by: staff.id },
        outcome: 'applied',
      });
      await tx
        .update(payments)
        .set({ status: 'captured', failureCode: null, confirmedBy: staff.id, updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
      const paid = await markOrderPaid(tx, orderId);
      if (!paid) throw new AppError('ORDER_ALREADY_PAID');
      await recordHistory(
        tx,
        paid.items.map((i) => ({
          itemId: i.itemId,
          accion: 'transferencia_confirmada',
          newStatus: i.panelStatusId,
          adminUserId: staff.id,
        })),
      );
      await this.orderEvents.paid(tx, { orderId, paymentId: payment.id, order: paid.order, items: paid.items });
      await rememberPreferredPayment(tx, payment, {});
      return { order_id: orderId, payment_id: payment.id, paid: true as const };
    });
  }

  /** The payments of an order, newest first, for the back office. */
  async list(orderId: number) {
    const [order] = await this.db.select({ orderId: orders.orderId }).from(orders).where(eq(orders.orderId, orderId));
    if (!order) throw new AppError('NOT_FOUND', `order ${orderId}`);
    return this.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id));
  }
}
