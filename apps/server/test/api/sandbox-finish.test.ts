// Regression: the sandbox's finish() saved the final status, then queued its notification in a second statement; a
// failure between the two left a finished payment whose notification would never reach the shop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deliverWebhooks: false });
});
afterAll(async () => t?.close());

const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.app.ctx.database.pool.query<T>(text, params).then((r) => r.rows);

/** A card payment open on the sandbox; returns its session ref. */
async function openPayment(): Promise<string> {
  const c = new TestClient(t.app);
  await c.start(1);
  expect(
    (await c.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() })).statusCode,
  ).toBe(201);
  await c.register(`finish-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
  const res = await c.post('/api/checkout', { payment_method: 'cc' });
  expect(res.statusCode, res.body).toBe(201);
  return new URL(res.json<{ redirect_url: string }>().redirect_url, 'http://x').pathname.split('/').at(-1)!;
}

describe('sandbox finish()', () => {
  it('a failure while queueing the notification leaves neither the final status nor the notification', async () => {
    const ref = await openPayment();
    // The database refuses to queue events (as a crash or a lost connection between the two writes would).
    await sql(`create or replace function refuse_sandbox_events() returns trigger language plpgsql as $$
      begin
        if new.pending_events is distinct from old.pending_events then raise exception 'queue refused'; end if;
        return new;
      end $$`);
    await sql(`create trigger refuse_sandbox_events before update on sandbox_payments
      for each row execute function refuse_sandbox_events()`);
    try {
      await expect(t.app.ctx.sandbox.cancel(ref)).rejects.toThrow();
    } finally {
      await sql('drop trigger refuse_sandbox_events on sandbox_payments');
    }
    const [row] = await sql<{ status: string; pending_events: unknown[] }>(
      'select status, pending_events from sandbox_payments where ref = $1',
      [ref],
    );
    expect(row).toEqual({ status: 'requires_payment_method', pending_events: [] });

    // Once the database is back the same action completes: status and notification together.
    expect((await t.app.ctx.sandbox.cancel(ref)).kind).toBe('redirect');
    const [after] = await sql<{ status: string; pending_events: Array<{ body: string }> }>(
      'select status, pending_events from sandbox_payments where ref = $1',
      [ref],
    );
    expect(after!.status).toBe('canceled');
    expect(after!.pending_events.map((e) => JSON.parse(e.body).type)).toEqual(['payment.canceled']);
  });
});
