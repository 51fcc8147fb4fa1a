// GET /api/orders/{id}/payment?wait=N: the success page's long poll. The answer waits for the provider's
// notification (woken in-process, or through LISTEN/NOTIFY when another instance applied it), returns at once when
// there is nothing to wait for, and never shows another customer's order.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { createTestApp, placedCardOrder, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let gate: { open: Promise<void>; release: () => void };
const closedGate = () => {
  let release = () => undefined as void;
  const open = new Promise<void>((resolve) => (release = resolve));
  return { open, release };
};
beforeAll(async () => {
  gate = { open: Promise.resolve(), release: () => undefined };
  t = await createTestApp({ webhookGate: () => gate.open });
});
afterAll(async () => t?.close());

describe('payment state long poll', () => {
  it('waits for the notification and answers paid once it is applied', async () => {
    const {
      c,
      order_id: orderId,
      redirect_url: redirectUrl,
    } = await placedCardOrder(t.app, 'long-poll-paid@example.com');
    gate = closedGate();
    // The card is accepted; its notification is held at the gate.
    expect((await payOnSandbox(t.app, redirectUrl, { number: '4242424242424242' })).status).toBe(303);
    const answer = c.get(`/api/orders/${orderId}/payment?wait=25`);
    await waitFor(() => t.app.ctx.paymentWaiters.size === 1);
    gate.release();
    const res = await answer;
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ order_id: orderId, paid: true, payment_status: 'captured' });
    expect(t.app.ctx.paymentWaiters.size).toBe(0);
  });

  it('a notification applied while the request reads the state still ends the wait at once', async () => {
    const {
      c,
      order_id: orderId,
      redirect_url: redirectUrl,
    } = await placedCardOrder(t.app, 'long-poll-race@example.com');
    gate = closedGate();
    expect((await payOnSandbox(t.app, redirectUrl, { number: '4242424242424242' })).status).toBe(303);
    // No re-read to fall back on (as with a LISTEN connection): only the wake can end the wait before its 25 s.
    const waiters = t.app.ctx.paymentWaiters;
    const crossInstance = waiters.crossInstance;
    waiters.crossInstance = true;
    const { checkout } = t.app.ctx;
    const read = checkout.paymentStatus.bind(checkout);
    const events: string[] = [];
    let first = true;
    // The request's first read sees the order unpaid; the notification is applied (committed, waiters told) before
    // that read's answer reaches the route, i.e. before the route starts waiting.
    checkout.paymentStatus = async (...args) => {
      const state = await read(...args);
      if (first) {
        first = false;
        const delivered = t.deliveries.length;
        gate.release();
        await waitFor(() => t.deliveries.length > delivered);
        events.push('applied');
      }
      return state;
    };
    const timeout = setTimeout(() => events.push('long-poll timeout'), 25_000);
    try {
      const res = await c.get(`/api/orders/${orderId}/payment?wait=25`);
      events.push('answered');
      expect(res.json()).toMatchObject({ order_id: orderId, paid: true });
      expect(events).toEqual(['applied', 'answered']);
    } finally {
      clearTimeout(timeout);
      checkout.paymentStatus = read;
      waiters.crossInstance = crossInstance;
    }
    expect(waiters.size).toBe(0);
  });

  it('woken by a payment applied here, it answers the state that payment committed without reading it again', async () => {
    for (const [card, expected] of [
      ['4242424242424242', { paid: true, status: 'complete', payment_status: 'captured', failure_code: null }],
      ['4000000000000002', { paid: false, status: 'pending', payment_status: 'failed' }],
    ] as const) {
      const placed = await placedCardOrder(t.app, `long-poll-told-${card.slice(-4)}@example.com`);
      gate = closedGate();
      expect((await payOnSandbox(t.app, placed.redirect_url, { number: card })).status).toBe(303);
      const reads = vi.spyOn(t.app.ctx.checkout, 'paymentStatus');
      try {
        const answer = placed.c.get(`/api/orders/${placed.order_id}/payment?wait=25`);
        await waitFor(() => t.app.ctx.paymentWaiters.size === 1);
        gate.release();
        const res = await answer;
        // Only the read before the wait (which also checked that the order is this customer's).
        expect(reads).toHaveBeenCalledTimes(1);
        expect(res.json()).toMatchObject({ order_id: placed.order_id, ...expected });
        // The same answer a read gives now.
        expect(res.json()).toEqual((await placed.c.get(`/api/orders/${placed.order_id}/payment`)).json());
      } finally {
        reads.mockRestore();
      }
    }
  });

  it("a payment that is no longer the order's latest tells no state: the woken request reads it", async () => {
    const placed = await placedCardOrder(t.app, 'long-poll-older-payment@example.com');
    // A second attempt opened before the first one's decline arrives: the order shows the second (still pending).
    const again = await placed.c.post(`/api/orders/${placed.order_id}/pay`, { payment_method: 'cc' });
    expect(again.statusCode).toBe(201);
    const waiters = t.app.ctx.paymentWaiters;
    const told: unknown[] = [];
    const notify = waiters.notify.bind(waiters);
    waiters.notify = (orderId, change) => {
      if (orderId === placed.order_id) told.push(change);
      notify(orderId, change);
    };
    try {
      expect((await payOnSandbox(t.app, placed.redirect_url, { number: '4000000000000002' })).status).toBe(303);
      await waitFor(() => told.length > 0);
      expect(told[0]).toBeUndefined();
      const res = await placed.c.get(`/api/orders/${placed.order_id}/payment?wait=1`);
      expect(res.json()).toMatchObject({ paid: false, payment_status: 'pending' });
    } finally {
      waiters.notify = notify;
    }
  });

  it('answers at once when the order is already paid, or the attempt failed', async () => {
    const paid = await placedCardOrder(t.app, 'long-poll-done@example.com');
    await payOnSandbox(t.app, paid.redirect_url, { number: '4242424242424242' });
    await waitFor(async () => (await paid.c.get(`/api/orders/${paid.order_id}/payment`)).json().paid);
    const res = await paid.c.get(`/api/orders/${paid.order_id}/payment?wait=25`);
    expect(res.json()).toMatchObject({ paid: true });

    const declined = await placedCardOrder(t.app, 'long-poll-declined@example.com');
    await payOnSandbox(t.app, declined.redirect_url, { number: '4000000000000002' });
    await waitFor(
      async () => (await declined.c.get(`/api/orders/${declined.order_id}/payment`)).json().payment_status === 'failed',
    );
    const failed = await declined.c.get(`/api/orders/${declined.order_id}/payment?wait=25`);
    expect(failed.json()).toMatchObject({ paid: false, payment_status: 'failed' });
    expect(t.app.ctx.paymentWaiters.size).toBe(0);
  });

  it('wait=0 or no wait answers the current state without waiting', async () => {
    const { c, order_id: orderId } = await placedCardOrder(t.app, 'long-poll-now@example.com');
    for (const url of [`/api/orders/${orderId}/payment`, `/api/orders/${orderId}/payment?wait=0`]) {
      const res = await c.get(url);
      expect(res.json()).toMatchObject({ paid: false, payment_status: 'pending' });
    }
  });

  it("another customer's order is a 404 at once, waiting or not", async () => {
    const { order_id: orderId } = await placedCardOrder(t.app, 'long-poll-owner@example.com');
    const stranger = new TestClient(t.app);
    await stranger.start(1);
    await stranger.register('long-poll-stranger@example.com');
    expect((await stranger.get(`/api/orders/${orderId}/payment?wait=25`)).statusCode).toBe(404);
    expect(t.app.ctx.paymentWaiters.size).toBe(0);
  });

  it.each(['26', '-1', '1.5', 'abc', '1e3', '%00'])('wait=%s is a 400', async (value) => {
    const { c, order_id: orderId } = await placedCardOrder(
      t.app,
      `long-poll-bad-${encodeURIComponent(value)}@example.com`,
    );
    expect((await c.get(`/api/orders/${orderId}/payment?wait=${value}`)).statusCode).toBe(400);
  });

  it('signed out: 401', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    expect((await c.get('/api/orders/100000001/payment?wait=5')).statusCode).toBe(401);
  });
});

// Several instances on one PostgreSQL: the notification reaches the instance that did not apply it.
describe.skipIf(!process.env['TEST_DATABASE_URL'])('payment state long poll across instances', () => {
  let other: TestApp;
  let a: TestApp;
  let held: { open: Promise<void>; release: () => void };
  beforeAll(async () => {
    held = { open: Promise.resolve(), release: () => undefined };
    // Instance `a` serves the customer (and hosts the sandbox); the sandbox's notifications reach instance `other`.
    // Both instances share the sandbox's webhook secret, as a deployment's instances share their configuration.
    const env = { SANDBOX_WEBHOOK_SECRET: 'a'.repeat(64) };
    a = await createTestApp({ env, webhookGate: () => held.open, webhookTarget: () => other.app });
    other = await createTestApp({ env, sameDatabaseAs: a });
  });
  afterAll(async () => {
    await other?.close();
    await a?.close();
  });

  it('the waiting request is answered when another instance commits the payment, without a re-read timer', async () => {
    const waiters = a.app.ctx.paymentWaiters;
    // Listening: the waiter has no periodic re-read, so only the notification can end its wait early.
    expect(waiters.crossInstance).toBe(true);
    expect(waiters.recheckMs).toBeUndefined();
    const {
      c,
      order_id: orderId,
      redirect_url: redirectUrl,
    } = await placedCardOrder(a.app, 'long-poll-instances@example.com');
    held = closedGate();
    expect((await payOnSandbox(a.app, redirectUrl, { number: '4242424242424242' })).status).toBe(303);
    const events: string[] = [];
    const notify = waiters.notify.bind(waiters);
    waiters.notify = (id) => {
      if (id === orderId) events.push('notified');
      notify(id);
    };
    const appliedHere = vi.spyOn(a.app.ctx.payments, 'handleNotification');
    const timeout = setTimeout(() => events.push('long-poll timeout'), 25_000);
    try {
      const answer = c.get(`/api/orders/${orderId}/payment?wait=25`);
      await waitFor(() => waiters.size === 1);
      held.release();
      const res = await answer;
      events.push('answered');
      expect(res.json()).toMatchObject({ order_id: orderId, paid: true, payment_status: 'captured' });
      expect(events).toEqual(['notified', 'answered']);
      // Applied by the other instance, not this one.
      expect(appliedHere).not.toHaveBeenCalled();
      await waitFor(() => a.deliveries.length > 0);
      expect(a.deliveries.at(-1)?.status).toBe(200);
    } finally {
      clearTimeout(timeout);
      waiters.notify = notify;
      appliedHere.mockRestore();
    }
    expect(waiters.size).toBe(0);
  });
});
