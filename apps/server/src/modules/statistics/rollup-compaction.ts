import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';

/**
 * Folds the striped statistics rollups (migration 0034: one row per writing transaction's slot) of the days before
 * `beforeDay` (yyyy-mm-dd, Madrid) into slot 0, one row per day and key again: a busy day can leave up to 64 rows per
 * key, which the statistics' range reads would otherwise keep summing. Sums are unchanged (the rows moved are
 * deleted and added in the same statements); a change made meanwhile to an old order adds to its own slot again, and
 * the next run folds it. Returns how many rows were folded.
 */
export async function compactStatsRollups(db: Db, beforeDay: string): Promise<number> {
  return db.transaction(async (tx) => {
    const orders = await tx.execute(sql`
      WITH moved AS (
        DELETE FROM order_stats_daily WHERE day < ${beforeDay}::date AND slot <> 0
        RETURNING day, store_id, status, orders, paid_orders, revenue
      ), folded AS (
        INSERT INTO order_stats_daily AS s (day, store_id, status, slot, orders, paid_orders, revenue)
        SELECT day, store_id, status, 0, sum(orders)::int, sum(paid_orders)::int, sum(revenue)
        FROM moved GROUP BY day, store_id, status ORDER BY day, store_id, status
        ON CONFLICT (day, store_id, status, slot) DO UPDATE SET orders = s.orders + excluded.orders,
          paid_orders = s.paid_orders + excluded.paid_orders, revenue = s.revenue + excluded.revenue
      )
      SELECT count(*)::int AS n FROM moved`);
    const products = await tx.execute(sql`
      WITH moved AS (
        DELETE FROM product_stats_daily WHERE day < ${beforeDay}::date AND slot <> 0
        RETURNING day, store_id, product_id, items, paid_items, revenue
      ), folded AS (
        INSERT INTO product_stats_daily AS s (day, store_id, product_id, slot, items, paid_items, revenue)
        SELECT day, store_id, product_id, 0, sum(items)::int, sum(paid_items)::int, sum(revenue)
        FROM moved GROUP BY day, store_id, product_id ORDER BY day, store_id, product_id
        ON CONFLICT (day, store_id, product_id, slot) DO UPDATE SET items = s.items + excluded.items,
          paid_items = s.paid_items + excluded.paid_items, revenue = s.revenue + excluded.revenue
      )
      SELECT count(*)::int AS n FROM moved`);
    return Number(orders.rows[0]?.n ?? 0) + Number(products.rows[0]?.n ?? 0);
  });
}
