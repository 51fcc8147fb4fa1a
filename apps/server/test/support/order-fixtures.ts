import { cents, rateBp } from '@ventanilla/domain';
import type { Db } from '../../src/db/database.js';
import { orderItems, orders } from '../../src/db/schema.js';

type OrderInsert = typeof orders.$inferInsert;
type ItemInsert = typeof orderItems.$inferInsert;
type ItemRow = typeof orderItems.$inferSelect;

export interface OrderWithItemSeed {
  orderId: number;
  customerId: number;
  storeId?: number;
  email?: string;
  firstname?: string;
  lastname?: string;
  /** False when the order is there already: only the item is written (a second line on the same order). */
  withOrder?: boolean;
  /** Overrides of the order's columns (after the defaults and the fields above). */
  order?: Partial<OrderInsert>;
  /** Overrides of the item's columns (after the defaults). */
  item?: Partial<ItemInsert>;
}

/**
 * One complete order (21% VAT on 10.00 EUR) with one "Nota simple" item waiting in the queue (panel status 40), written
 * straight to the database, for the API tests that need an order item without going through checkout.
 */
export async function insertOrderWithItem(
  db: Db,
  seed: OrderWithItemSeed,
): Promise<{ orderId: number; itemId: number; item: ItemRow }> {
  const { orderId } = seed;
  if (seed.withOrder !== false) {
    await db.insert(orders).values({
      orderId,
      storeId: seed.storeId ?? 1,
      customerId: seed.customerId,
      status: 'complete',
      taxRateBp: rateBp(2100),
      subtotal: cents(1000),
      taxAmount: cents(210),
      total: cents(1210),
      customerEmail: seed.email ?? 'customer@example.com',
      customerFirstname: seed.firstname ?? 'Lucía',
      customerLastname: seed.lastname ?? 'Pérez',
      ...seed.order,
    });
  }
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId,
      productId: 1,
      productName: 'Nota simple',
      answers: {},
      productOptions: [],
      basePrice: cents(1000),
      optionsPrice: cents(0),
      subtotal: cents(1000),
      taxAmount: cents(210),
      total: cents(1210),
      panelStatusId: 40,
      ...seed.item,
    })
    .returning();
  if (!item) throw new Error('no item');
  return { orderId, itemId: item.itemId, item };
}
