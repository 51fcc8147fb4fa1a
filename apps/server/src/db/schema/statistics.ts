// Statistics (docs/backoffice.md, "Statistics"): a daily rollup of the orders, kept by triggers (see the migration
// that creates it), so a year of orders per day, store and status is a few thousand rows, not a million.
import { sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The rollups' rows are striped: each writing transaction adds its change to the row of its own slot (its transaction
 * id modulo 64), so concurrent checkouts and payments of a day and store do not queue on one row (migration 0034);
 * reads sum the slots.
 */
const slot = () =>
  smallint('slot')
    .notNull()
    .default(sql`(pg_current_xact_id()::text::bigint % 64)`);

/**
 * Orders per Madrid day of creation, store and commercial status: how many, how many paid, and the paid ones' totals
 * in cents. Never written by the app: statement triggers on `orders` add each change (old rows out, new rows in).
 */
export const orderStatsDaily = pgTable(
  'order_stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    status: text('status').notNull(),
    orders: integer('orders').notNull(),
    paidOrders: integer('paid_orders').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    slot: slot(),
  },
  (t) => [primaryKey({ columns: [t.day, t.storeId, t.status, t.slot] })],
);

/**
 * Agents' history lines per Madrid day, agent and store of the line's order: how many (actions) and how many moved the
 * item into a finished status from another one. Never written by the app: statement triggers on `item_history` add
 * each change. Lines without an agent are not counted.
 */
export const agentStatsDaily = pgTable(
  'agent_stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    adminUserId: integer('admin_user_id').notNull(),
    storeId: integer('store_id').notNull(),
    actions: integer('actions').notNull(),
    finished: integer('finished').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.adminUserId, t.storeId] })],
);

/**
 * Order lines per Madrid day of their order's creation, store and product: how many, how many of paid orders, and the
 * paid lines' totals in cents. Never written by the app: statement triggers on `order_items` (lines in and out) and on
 * `orders` (a payment, or a change of store or creation time, moves the order's lines) keep it.
 */
export const productStatsDaily = pgTable(
  'product_stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    productId: integer('product_id').notNull(),
    items: integer('items').notNull(),
    paidItems: integer('paid_items').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    slot: slot(),
  },
  (t) => [primaryKey({ columns: [t.day, t.storeId, t.productId, t.slot] })],
);
