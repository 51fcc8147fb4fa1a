// Payment notices on PostgreSQL (PgListener with the payment channel): a payment change another instance commits (pg_notify on the channel) wakes this
// instance's waiters; a lost LISTEN connection puts the waiters back on their periodic re-read, wakes them all, and is
// opened again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgListener } from '../src/db/pg-listener.js';
import { PAYMENT_CHANNEL, paymentNotices } from '../src/modules/payments/payment-notices.js';
import { PaymentWaiters } from '../src/modules/payments/payment-waiters.js';
import { waitFor } from './support/sandbox-browser.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

describe.skipIf(!process.env['TEST_DATABASE_URL'])('payment notices', () => {
  let db: TestDatabase;
  const waiters = new PaymentWaiters();
  const warnings: string[] = [];
  let notices: PgListener;
  beforeAll(async () => {
    db = await createTestDatabase();
    notices = new PgListener(db.handle.pool.options, [paymentNotices(waiters)], {
      warn: (_obj, msg) => warnings.push(msg ?? ''),
    });
    await notices.start();
  });
  afterAll(async () => {
    await notices?.stop();
    await db?.dispose();
  });

  it('a notification committed elsewhere wakes the waiters of that order only', async () => {
    expect(waiters.crossInstance).toBe(true);
    const stopOther = new AbortController();
    const mine = waiters.watch(41);
    const other = waiters.watch(42, stopOther.signal);
    if (!mine || !other) throw new Error('no slot');
    const events: string[] = [];
    const woken = mine.next(25_000).then((changed) => events.push(`woken ${changed}`));
    const otherWoken = other.next(25_000).then((changed) => events.push(`other ${changed}`));
    // Inside a transaction: heard at its commit, not before.
    const client = await db.handle.pool.connect();
    try {
      await client.query('begin');
      await client.query('select pg_notify($1, $2)', [PAYMENT_CHANNEL, '41']);
      events.push('committing');
      await client.query('commit');
    } finally {
      client.release();
    }
    await woken;
    // The other order's waiter was not woken: it ends when its client leaves, unchanged.
    stopOther.abort();
    await otherWoken;
    expect(events).toEqual(['committing', 'woken true', 'other false']);
    other.close();
    mine.close();
  });

  it('a lost connection: waiters re-read again and are all woken; the connection comes back and they are woken again', async () => {
    const watch = waiters.watch(7);
    if (!watch) throw new Error('no slot');
    const lost = watch.next(25_000);
    await db.handle.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where query = $1 and pid <> pg_backend_pid()`,
      [`LISTEN ${PAYMENT_CHANNEL}`],
    );
    expect(await lost).toBe(true);
    expect(waiters.crossInstance).toBe(false);
    expect(waiters.recheckMs).toBe(1_000);
    const back = watch.next(25_000);
    await waitFor(() => waiters.crossInstance, 10_000);
    expect(await back).toBe(true);
    // Listening again: a new notification is heard.
    const again = watch.next(25_000);
    await db.handle.pool.query('select pg_notify($1, $2)', [PAYMENT_CHANNEL, '7']);
    expect(await again).toBe(true);
    watch.close();
    expect(warnings.length).toBeGreaterThan(0);
  });
});
