import { and, eq, sql } from 'drizzle-orm';
import {
  orderNumber,
  PanelStatus,
  type OrderHistoryAction,
  type OrderStatusValue,
  type PanelStatusId,
} from '@ventanilla/domain';
import type { DbOrTx } from '../../db/database.js';
import { reusableSql, reusableStatement, rowOf } from '../../db/statements.js';
import { itemHistory, orderCounters, orderItems, orders } from '../../db/schema.js';

// Hand-written (reusableSql): sent before its first await, so transactionAfter can put BEGIN right behind it.
const nextCounterValue = reusableSql<{ value: number }>(
  'order_counter_next',
  () => sql`insert into ${orderCounters} (store_id, last_value) values (${sql.placeholder('storeId')}, 1)
    on conflict (store_id) do update set last_value = ${orderCounters}.last_value + 1
    returning last_value as value`,
);

/**
 * Allocates the next order number of a store (row lock on the counter until the transaction of `db` commits). Checkout
 * calls it outside the order's transaction, just before its BEGIN (transactionAfter): the counter is then locked for
 * one statement rather than for the whole checkout, and a checkout that fails afterwards leaves a gap (order numbers need
 * not be gapless; invoice numbers are, and stay in the paying transaction).
 */
export async function allocateOrderNumber(db: DbOrTx, storeId: number): Promise<number> {
  const [row] = (await nextCounterValue(db, { storeId })).rows;
  if (!row) throw new Error('order counter returned nothing');
  return orderNumber(storeId, row.value);
}

/** An order as checkout places it, under a number allocateOrderNumber gave. */
export interface NewOrder {
  orderId: number;
  storeId: number;
  customerId: number;
  status: OrderStatusValue;
  taxRateBp: number;
  subtotal: number;
  taxAmount: number;
  fees: number;
  total: number;
  customerEmail: string;
  customerFirstname: string;
  customerLastname: string;
  idempotencyKey: string | null;
  /** The terms accepted and when (docs/shop-flows.md, "Consents at checkout"). */
  termsVersion: string | null;
  termsHash: string | null;
  termsLanguage: string | null;
  termsAcceptedAt: Date | null;
  startNowAt: Date | null;
  /** A full invoice's holder asked for at checkout (null: the account's billing data, or a simplified invoice). */
  invoiceName: string | null;
  invoiceTaxId: string | null;
  invoiceAddress: string | null;
  invoiceCountry: string | null;
}

const insertOrderStatement = reusableStatement('order_insert', (db) =>
  db
    .insert(orders)
    .values({
      orderId: sql.placeholder('orderId'),
      storeId: sql.placeholder('storeId'),
      customerId: sql.placeholder('customerId'),
      status: sql.placeholder('status'),
      taxRateBp: sql.placeholder('taxRateBp'),
      subtotal: sql.placeholder('subtotal'),
      taxAmount: sql.placeholder('taxAmount'),
      fees: sql.placeholder('fees'),
      total: sql.placeholder('total'),
      customerEmail: sql.placeholder('customerEmail'),
      customerFirstname: sql.placeholder('customerFirstname'),
      customerLastname: sql.placeholder('customerLastname'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      termsVersion: sql`${sql.placeholder('termsVersion')}::text`,
      termsHash: sql`${sql.placeholder('termsHash')}::text`,
      termsLanguage: sql`${sql.placeholder('termsLanguage')}::text`,
      termsAcceptedAt: sql`${sql.placeholder('termsAcceptedAt')}::timestamptz`,
      startNowAt: sql`${sql.placeholder('startNowAt')}::timestamptz`,
      invoiceName: sql`${sql.placeholder('invoiceName')}::text`,
      invoiceTaxId: sql`${sql.placeholder('invoiceTaxId')}::text`,
      invoiceAddress: sql`${sql.placeholder('invoiceAddress')}::text`,
      invoiceCountry: sql`${sql.placeholder('invoiceCountry')}::text`,
    })
    .returning(),
);

/** Inserts an order (inside the caller's transaction). */
export async function insertOrder(tx: DbOrTx, values: NewOrder): Promise<typeof orders.$inferSelect> {
  const [order] = await insertOrderStatement(tx, { ...values });
  if (!order) throw new Error('order insert returned nothing');
  return order;
}

export interface HistoryEntry {
  itemId: number;
  accion: OrderHistoryAction;
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

/** A paid order as markOrderPaid leaves it: its row and its lines (item order), both as updated. */
export interface PaidOrder {
  order: typeof orders.$inferSelect;
  items: Array<typeof orderItems.$inferSelect>;
}

/**
 * Marks an unpaid order paid (raw status complete) and moves its items from 0 Pendiente de pago to 40 Pendiente,
 * recording each change. Idempotent: an order that is already paid is left alone (null); otherwise its row and its
 * lines as updated (the paid order's listeners use them instead of reading them again).
 */
export async function markOrderPaid(tx: DbOrTx, orderId: number, at = new Date()): Promise<PaidOrder | null> {
  const [order] = await markOrderPaidStatement(tx, { orderId, at });
  if (!order) return null;
  return movePaidOrderItems(tx, order, at);
}

/**
 * The order's update of markOrderPaid (placeholders `orderId` and `at`), answering its row as updated: a payer that
 * has other rows to write first makes it a part of its own statement, then calls movePaidOrderItems with the row.
 * Nothing else in that statement may fire statistics triggers (migration 0026: the order's rollup rows first).
 */
export const markOrderPaidQuery = (db: Pick<DbOrTx, 'update'>) =>
  db
    .update(orders)
    .set({
      status: 'complete',
      paidAt: sql`${sql.placeholder('at')}::timestamptz`,
      updatedAt: sql`${sql.placeholder('at')}::timestamptz`,
    })
    .where(and(eq(orders.orderId, sql.placeholder('orderId')), eq(orders.status, 'pending')))
    .returning();

const markOrderPaidStatement = reusableStatement('order_mark_paid', markOrderPaidQuery);

/**
 * The rest of markOrderPaid once the order's row is updated (by markOrderPaidQuery, `at` its time): its items moved
 * from 0 to 40 with their history rows, and its lines as they are after it.
 */
export async function movePaidOrderItems(tx: DbOrTx, order: typeof orders.$inferSelect, at: Date): Promise<PaidOrder> {
  // The items' move, its history rows and the order's lines in one statement (one round trip less while the order's
  // row is locked). Apart from the order's update: the statistics triggers must take the day's order row before the
  // products' rows (migration 0026), and the triggers of one statement's parts have no order to rely on.
  const { rows } = await movePaidItems(tx, { orderId: order.orderId, at: at.toISOString() });
  return { order, items: rows.map((row) => rowOf(orderItems, row)) };
}

/**
 * movePaidOrderItems's statement alone, for a payer that sends it without waiting, right behind the statement that
 * marks the order paid (markOrderPaidQuery; `at` the same time): one round trip for both. Resolves to the order's
 * lines as they are after it.
 */
export function sendPaidOrderItemsMove(
  tx: DbOrTx,
  orderId: number,
  at: Date,
): Promise<Array<typeof orderItems.$inferSelect>> {
  return movePaidItems(tx, { orderId, at: at.toISOString() }).then(({ rows }) =>
    rows.map((row) => rowOf(orderItems, row)),
  );
}

/**
 * The paid order's items moved (with their history rows), and all its lines as they are after it: the moved ones from
 * the update's RETURNING (a statement does not see its own changes), the others as stored.
 */
const movePaidItems = reusableSql(
  'order_items_paid',
  () => sql`
    with moved as (
      update ${orderItems} set ${sql.identifier(orderItems.panelStatusId.name)} = ${PanelStatus.Pending},
        ${sql.identifier(orderItems.updatedAt.name)} = ${sql.placeholder('at')}::timestamptz
      where ${orderItems.orderId} = ${sql.placeholder('orderId')}
        and ${orderItems.panelStatusId} = ${PanelStatus.PendingPayment}
      returning *
    ),
    history as (
      insert into ${itemHistory} (${sql.identifier(itemHistory.itemId.name)}, ${sql.identifier(itemHistory.accion.name)},
        ${sql.identifier(itemHistory.oldStatus.name)}, ${sql.identifier(itemHistory.newStatus.name)})
      select ${sql.identifier(orderItems.itemId.name)}, 'pago_confirmado', ${PanelStatus.PendingPayment}, ${PanelStatus.Pending}
      from moved
    )
    select * from moved
    union all
    select * from ${orderItems} where ${orderItems.orderId} = ${sql.placeholder('orderId')}
      and ${orderItems.itemId} not in (select ${sql.identifier(orderItems.itemId.name)} from moved)
    order by ${sql.identifier(orderItems.itemId.name)}`,
);
