import { and, eq, sql } from 'drizzle-orm';
import { orderNumber, PanelStatus, type PanelStatusId } from '@ventanilla/domain';
import type { DbOrTx } from '../../db/database.js';
import { itemHistory, orderCounters, orderItems, orders } from '../../db/schema.js';

/** Allocates the next order number of a store inside the caller's transaction (row lock on the counter). */
export async function allocateOrderNumber(tx: DbOrTx, storeId: number): Promise<number> {
  const [row] = await tx
    .insert(orderCounters)
    .values({ storeId, lastValue: 1 })
    .onConflictDoUpdate({ target: orderCounters.storeId, set: { lastValue: sql`${orderCounters.lastValue} + 1` } })
    .returning({ value: orderCounters.lastValue });
  if (!row) throw new Error('order counter returned nothing');
  return orderNumber(storeId, row.value);
}

export interface HistoryEntry {
  itemId: number;
  accion: string;
  oldStatus?: PanelStatusId | null;
  newStatus?: PanelStatusId | null;
  adminUserId?: number | null;
  /** A changed reference ("referencia"), old and new. */
  oldReferencia?: string | null;
  newReferencia?: string | null;
  /** What changed beyond statuses (e.g. corrected answers with the old ones). */
  details?: Record<string, unknown> | null;
}

export async function recordHistory(tx: DbOrTx, entries: HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(itemHistory).values(
    entries.map((e) => ({
      itemId: e.itemId,
      accion: e.accion,
      oldStatus: e.oldStatus ?? null,
      newStatus: e.newStatus ?? null,
      oldReferencia: e.oldReferencia ?? null,
      newReferencia: e.newReferencia ?? null,
      adminUserId: e.adminUserId ?? null,
      details: e.details ?? null,
    })),
  );
}

/**
 * Marks an unpaid order paid (raw status complete) and moves its items from 0 Pendiente de pago to 40 Pendiente,
 * recording each change. Idempotent: an order that is already paid is left alone (null); otherwise its row as updated.
 */
export async function markOrderPaid(tx: DbOrTx, orderId: number): Promise<typeof orders.$inferSelect | null> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'complete', paidAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orders.orderId, orderId), eq(orders.status, 'pending')))
    .returning();
  if (!order) return null;
  const moved = await tx
    .update(orderItems)
    .set({ panelStatusId: PanelStatus.Pending, updatedAt: new Date() })
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.panelStatusId, PanelStatus.PendingPayment)))
    .returning({ itemId: orderItems.itemId });
  await recordHistory(
    tx,
    moved.map((m) => ({
      itemId: m.itemId,
      accion: 'pago_confirmado',
      oldStatus: PanelStatus.PendingPayment,
      newStatus: PanelStatus.Pending,
    })),
  );
  return order;
}
