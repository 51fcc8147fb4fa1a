// The start page's "most ordered" list (docs/shop-flows.md, "The start page"): how many orders of a store named each
// product over a recent window, read from the orders and kept for a while, so the home page neither waits for the
// database on each request nor changes on every order.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';

export interface PopularProductsOptions {
  /** Days of orders counted (default 90). */
  windowDays?: number;
  /** How long one store's counts are kept before they are read again (default 10 minutes). */
  ttlMs?: number;
  now?: () => number;
}

interface Entry {
  at: number;
  counts: Promise<ReadonlyMap<number, number>>;
  /** The counts as last read (a changed list moves the revision). */
  key?: string;
}

/** Orders per product of each store over the window, cached per store. */
export class PopularProducts {
  private readonly entries = new Map<number, Entry>();
  private changes = 0;
  private readonly windowDays: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    options: PopularProductsOptions = {},
  ) {
    this.windowDays = options.windowDays ?? 90;
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Product id -> number of the store's orders (not cancelled) that had it, over the window. A failed read counts
   * nothing (the list falls back to catalogue order) and is tried again on the next call.
   */
  counts(storeId: number): Promise<ReadonlyMap<number, number>> {
    const now = this.now();
    const hit = this.entries.get(storeId);
    if (hit && now - hit.at < this.ttlMs) return hit.counts;
    const entry: Entry = { at: now, counts: Promise.resolve(new Map()) };
    entry.counts = this.read(storeId, now).then(
      (counts) => {
        const key = [...counts].map(([id, n]) => `${id}:${n}`).join(',');
        if (key !== hit?.key) this.changes += 1;
        entry.key = key;
        return counts;
      },
      () => {
        this.entries.delete(storeId);
        return hit?.counts ?? new Map<number, number>();
      },
    );
    this.entries.set(storeId, entry);
    return entry.counts;
  }

  /** Moves whenever a store's counts change (pages built from them are rebuilt). */
  revision(): number {
    return this.changes;
  }

  private async read(storeId: number, now: number): Promise<Map<number, number>> {
    const since = new Date(now - this.windowDays * 86_400_000).toISOString();
    const result = await this.db.execute<{ product_id: number; orders: number }>(sql`
      SELECT i.product_id, count(DISTINCT o.order_id)::int AS orders
      FROM orders o JOIN order_items i ON i.order_id = o.order_id
      WHERE o.store_id = ${storeId} AND o.created_at >= ${since}::timestamptz AND o.status NOT IN ('canceled', 'cancelled', 'fraud')
      GROUP BY i.product_id`);
    return new Map(result.rows.map((r) => [Number(r.product_id), Number(r.orders)]));
  }
}
