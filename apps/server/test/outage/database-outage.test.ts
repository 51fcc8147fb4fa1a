// While the database cannot be reached the API answers 503 with Retry-After and its error contract (never a 500, and
// the process goes on), /api/health says so, and everything works again once the database is back. The sandbox
// provider's notifications, cut off by the outage, are delivered by its retry loop afterwards, which backs off
// meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '../../src/i18n/server-messages.js';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { SwitchableDatabase } from '../support/switchable-database.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let db: SwitchableDatabase;
let shopDown = false;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  t = await createTestApp({
    database: (handle) => (db = new SwitchableDatabase(handle)).handle,
    // The shop's notification endpoint fails while the database is away, as it would.
    webhookGate: async () => {
      if (shopDown) {
        db.down = true;
        throw new Error('the shop answers 503');
      }
    },
  });
});
afterAll(async () => {
  db.down = false;
  await t?.close();
  process.off('unhandledRejection', onUnhandled);
});

async function customerWithLine(): Promise<TestClient> {
  const c = new TestClient(t.app);
  await c.start(1);
  await c.register(`outage-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
  const add = await c.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() });
  expect(add.statusCode, add.body).toBe(201);
  return c;
}

describe('database outage', () => {
  it('health turns 503 while the database is away and 200 when it is back', async () => {
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    db.down = true;
    try {
      const res = await t.app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable' });
    } finally {
      db.down = false;
    }
    expect((await t.app.inject('/api/health')).json()).toMatchObject({ status: 'ok' });
  });

  it('a request that needs the database answers 503, retry-after and the error contract in the store language', async () => {
    const c = await customerWithLine();
    db.down = true;
    try {
      const res = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        code: 'DATABASE_UNAVAILABLE',
        message: serverMessage('es', 'DATABASE_UNAVAILABLE'),
      });
    } finally {
      db.down = false;
    }
    // The same customer checks out once the database is back.
    expect(
      (await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true })).statusCode,
    ).toBe(201);
  });

  it('a payment provider that fails because the database went away is 503 too, not a provider error', async () => {
    const c = await customerWithLine();
    db.refuse = /sandbox_payments/; // the sandbox keeps its sessions in the same database
    try {
      const res = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    } finally {
      db.refuse = null;
    }
  });

  it('a notification cut off by the outage is delivered by the retry loop, which waits with growing pauses meanwhile', async () => {
    const c = await customerWithLine();
    const checkout = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const { order_id: orderId, redirect_url: url } = checkout.json<{ order_id: number; redirect_url: string }>();
    shopDown = true;
    // The provider accepts the payment; its notification then fails, and so does writing that it failed.
    expect((await payOnSandbox(t.app, url, { number: '4242 4242 4242 4242' })).status).toBe(303);
    await waitFor(() => db.down, 10_000);
    t.app.ctx.sandbox.startRetryLoop(200);
    const refusedBefore = db.refused;
    await new Promise((r) => setTimeout(r, 2_000));
    // Every 200 ms that is 10 passes (each of several statements); backing off (0.2, 0.4, 0.8 s...) about 3.
    expect(db.refused - refusedBefore).toBeLessThanOrEqual(5);
    shopDown = false;
    db.down = false;
    await waitFor(async () => (await c.get(`/api/orders/${orderId}/payment`)).json<{ paid: boolean }>().paid, 20_000);
    expect(unhandled).toEqual([]);
  });
});
