import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrderWithItem } from './support/order-fixtures.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// Migration 0026 (docs/performance.md, "Checkout"): on PostgreSQL a checkout and a payment of the same day, store and
// product locked the statistics rollups' rows in opposite orders and deadlocked. Needs a real server for two
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

  it('a checkout and a payment of the same day, store and product both commit, no deadlock', async () => {
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
      // ...the payment of the other order then waits for that row (it moves the order from pending to complete)...
      const paymentPid = (await payment.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await payment.query('BEGIN');
      const paying = payment.query(
        "UPDATE orders SET status = 'complete', paid_at = now() WHERE order_id = 990000001 RETURNING order_id",
      );
      const paid = paying.then(
        () => 'committed' as const,
        (err: unknown) => (err as Error).message,
      );
      for (;;) {
        const { rows } = await pool.query<{ waiting: boolean }>(
          "SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE pid = $1",
          [paymentPid],
        );
        if (rows[0]?.waiting) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      // ...and the checkout's item needs product 1's row of product_stats_daily, which the payment must not hold yet.
      await checkout.query(
        `INSERT INTO order_items (order_id, product_id, product_name, answers, product_options, base_price,
           options_price, subtotal, tax_amount, total, panel_status_id)
         VALUES (990000002, 1, 'Nota simple', '{}', '[]', 1000, 0, 1000, 210, 1210, 0)`,
      );
      await checkout.query('COMMIT');
      expect(await paid).toBe('committed');
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
