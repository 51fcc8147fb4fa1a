// The sandbox provider removes delivered notifications from a session's queue in batches (flushDelivered): until the
// batch is written, the same instance must not deliver them again; events queued meanwhile must stay queued; a failed
// delivery is written at once, with its backoff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let refuse = false;
/** Set: the failed delivery's own write (its backoff) is refused by the database, as when the database is gone. */
let refuseWrites = false;
beforeAll(async () => {
  t = await createTestApp({
    webhookGate: async () => {
      if (refuseWrites) {
        await sql(
          `alter table sandbox_payments add constraint no_rescheduling check (jsonb_array_length(pending_events) = 0)
          not valid`,
        );
      }
      if (refuse || refuseWrites) throw new Error('the shop is down');
    },
  });
});
afterAll(async () => t?.close());

const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.app.ctx.database.pool.query<T>(text, params).then((r) => r.rows);

type Queued = { body: string; attempts: number; next_at: string };
const queued = async (ref: string) =>
  (await sql<{ pending_events: Queued[] }>('select pending_events from sandbox_payments where ref = $1', [ref]))[0]!
    .pending_events;

/** A card payment open on the sandbox: its redirect address and session ref. */
async function openPayment(): Promise<{ url: string; ref: string }> {
  const c = new TestClient(t.app);
  await c.start(1);
  const add = await c.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() });
  expect(add.statusCode).toBe(201);
  await c.register(`delivery-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
  const res = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
  expect(res.statusCode, res.body).toBe(201);
  const url = res.json<{ redirect_url: string }>().redirect_url;
  return { url, ref: new URL(url, 'http://x').pathname.split('/').at(-1)! };
}

const deliveriesOf = (ref: string) => t.deliveries.filter((d) => JSON.parse(d.body).data.ref === ref);

describe('sandbox notification queue', () => {
  it('a delivered event is not sent again before its removal is written, and leaves the queue with the batch', async () => {
    const { url, ref } = await openPayment();
    expect((await payOnSandbox(t.app, url, { number: '4242 4242 4242 4242' })).status).toBe(303);
    await waitFor(() => deliveriesOf(ref).length === 1);
    // Another delivery pass of this instance (the retry loop's) skips it.
    await t.app.ctx.sandbox.deliver(ref);
    expect(deliveriesOf(ref)).toHaveLength(1);
    expect(deliveriesOf(ref)[0]!.status).toBe(200);
    // Nor while the batch that removes it is being written (the session as read before the batch still has it).
    const before = (await t.app.ctx.sandbox.get(ref))!;
    expect(before.pendingEvents).toHaveLength(1);
    const flushing = t.app.ctx.sandbox.flushDelivered();
    await t.app.ctx.sandbox.deliver(ref, before);
    await flushing;
    expect(deliveriesOf(ref)).toHaveLength(1);
    expect(await queued(ref)).toEqual([]);
    await t.app.ctx.sandbox.deliver(ref);
    expect(deliveriesOf(ref)).toHaveLength(1);
  });

  it('the batch removes only the delivered events: those queued after the delivery stay, whatever their body', async () => {
    const { url, ref } = await openPayment();
    expect((await payOnSandbox(t.app, url, { number: '4242 4242 4242 4242' })).status).toBe(303);
    await waitFor(() => deliveriesOf(ref).length === 1);
    const later = { body: JSON.stringify({ id: 'evt_later', type: 'payment.refunded', data: { ref } }), attempts: 0 };
    await sql(`update sandbox_payments set pending_events = pending_events || $2::jsonb where ref = $1`, [
      ref,
      JSON.stringify(
        [later, { body: 'not JSON', attempts: 0 }].map((e) => ({
          ...e,
          next_at: new Date(Date.now() + 3_600_000).toISOString(),
        })),
      ),
    ]);
    await t.app.ctx.sandbox.flushDelivered();
    expect((await queued(ref)).map((e) => e.body)).toEqual([later.body, 'not JSON']);
  });

  it('a failed delivery is written at once with its backoff, and delivered by a later pass', async () => {
    const { url, ref } = await openPayment();
    refuse = true;
    try {
      expect((await payOnSandbox(t.app, url, { number: '4242 4242 4242 4242' })).status).toBe(303);
      await waitFor(async () => (await queued(ref))[0]?.attempts === 1);
    } finally {
      refuse = false;
    }
    expect(deliveriesOf(ref)).toHaveLength(0);
    const [event] = await queued(ref);
    expect(new Date(event!.next_at).getTime()).toBeGreaterThan(Date.now());
    // Due now (as the backoff would make it): the next pass delivers it, and the batch removes it.
    await sql(
      `update sandbox_payments set pending_events = jsonb_set(pending_events, '{0,next_at}', to_jsonb(now()::text))
      where ref = $1`,
      [ref],
    );
    await t.app.ctx.sandbox.deliver(ref);
    expect(deliveriesOf(ref).map((d) => d.status)).toEqual([200]);
    await t.app.ctx.sandbox.flushDelivered();
    expect(await queued(ref)).toEqual([]);
  });

  it('a delivery whose write fails after the redirect is logged, not left to reject unhandled, and awaited on stop', async () => {
    const { url, ref } = await openPayment();
    const warnings: Array<{ msg: string; err: unknown }> = [];
    const log = t.app.ctx.sandbox.log;
    t.app.ctx.sandbox.log = {
      warn: (obj, msg) => warnings.push({ msg, err: (obj as { err: unknown }).err }),
      info: () => {},
    };
    refuseWrites = true;
    try {
      expect((await payOnSandbox(t.app, url, { number: '4242 4242 4242 4242' })).status).toBe(303);
      // Stopping waits for the delivery under way (the server's close does this before the pool ends).
      await t.app.ctx.sandbox.stopRetryLoop();
      expect(warnings.map((w) => w.msg)).toEqual(['sandbox notification delivery failed']);
      expect(String(warnings[0]!.err)).toMatch(/no_rescheduling|Failed query/);
    } finally {
      refuseWrites = false;
      t.app.ctx.sandbox.log = log;
      await sql('alter table sandbox_payments drop constraint if exists no_rescheduling');
    }
    // The event is still queued, as first written: the retry loop delivers it later.
    expect((await queued(ref)).map((e) => e.attempts)).toEqual([0]);
  });
});
