import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrderWithItem } from './support/order-fixtures.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// Migration 0026 (docs/performance.md, "Checkout"): on PostgreSQL a checkout and a payment of the same day, store and
// product locked the statistics rollups' rows in opposite orders and deadlocked; since migration 0034 the rows are
// striped by transaction, and a payment no longer waits for a checkout at all. Needs a real server for two
// concurrent transactions: TEST_DATABASE_URL=postgres://root@127.0.0.1:5432/test
const adminUrl = process.env['TEST_DATABASE_URL'];

describe.skipIf(!adminUrl)('statistics rollups under concurrent orders (PostgreSQL)', () => {
  let t: TestApp;
  let customerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const { rows } = await t.app.ctx.database.pool.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1');
    customerId = rows[0]!.id;
  });
  afterAll(async () => t?.close());

  it('a payment does not wait for an open checkout of the same day, store and product; both commit', async () => {
    const pool = t.app.ctx.database.pool;
    // The order being paid: unpaid, today, store 1, one item of product 1.
    await insertOrderWithItem(t.app.ctx.db, { orderId: 990_000_001, customerId, order: { status: 'pending' } });
    const checkout = await pool.connect();
    const payment = await pool.connect();
    try {
      // The checkout's new order takes today's (store 1, pending) row of order_stats_daily...
      await checkout.query('BEGIN');
      await checkout.query(
        `INSERT INTO orders (order_id, store_id, customer_id, status, tax_rate_bp, subtotal, tax_amount, total,
           customer_email, customer_firstname, customer_lastname)
         VALUES (990000002, 1, $1, 'pending', 2100, 1000, 210, 1210, 'c@example.com', 'Lucía', 'Pérez')`,
        [customerId],
      );
      // ...the payment of the other order moves it from pending to complete on the same day and store: with the rollups
      // striped by transaction (migration 0034) it writes its own slot's rows and does not wait for the checkout...
      await payment.query('BEGIN');
      const paying = payment.query(
        "UPDATE orders SET status = 'complete', paid_at = now() WHERE order_id = 990000001 RETURNING order_id",
      );
      let guard: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        paying.then(() => 'updated'),
        new Promise<string>((resolve) => {
          guard = setTimeout(() => resolve("the payment waited for the checkout's rollup row"), 10_000);
        }),
      ]);
      clearTimeout(guard);
      expect(outcome).toBe('updated');
      // ...and the checkout's item goes into product 1's rollup while the payment still holds its own rows.
      await checkout.query(
        `INSERT INTO order_items (order_id, product_id, product_name, answers, product_options, base_price,
           options_price, subtotal, tax_amount, total, panel_status_id)
         VALUES (990000002, 1, 'Nota simple', '{}', '[]', 1000, 0, 1000, 210, 1210, 0)`,
      );
      await checkout.query('COMMIT');
      await payment.query('COMMIT');
    } finally {
      checkout.release();
      payment.release();
    }
    const { rows } = await pool.query<{ status: string; paid_at: Date | null }>(
      'SELECT status, paid_at FROM orders WHERE order_id IN (990000001, 990000002) ORDER BY order_id',
    );
    expect(rows.map((r) => [r.status, r.paid_at !== null])).toEqual([
      ['complete', true],
      ['pending', false],
    ]);
  });
});
