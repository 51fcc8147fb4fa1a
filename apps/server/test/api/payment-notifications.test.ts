import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orderPaymentState,
  SANDBOX_NOTIFICATIONS_URL as URL,
  sendSandboxNotification,
} from '../support/payment-state.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
// Webhooks are not delivered automatically here: the test fires them itself.
beforeAll(async () => {
  t = await createTestApp({ deliverWebhooks: false });
});
afterAll(async () => t?.close());

async function unpaidOrder(email: string) {
  const c = new TestClient(t.app);
  await c.start(1);
  await c.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() });
  await c.register(email);
  const { order_id: orderId } = (
    await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true })
  ).json<{ order_id: number }>();
  const { rows } = await t.app.ctx.database.pool.query<{ provider_ref: string; amount: number }>(
    'select provider_ref, amount from payments where order_id = $1',
    [orderId],
  );
  return { orderId, ref: rows[0]!.provider_ref, amount: rows[0]!.amount };
}

function event(id: string, type: string, ref: string, amount: number) {
  return JSON.stringify({
    id,
    type,
    created: 0,
    data: {
      ref,
      amount,
      currency: 'EUR',
      failure_code: type === 'payment.failed' ? 'card_declined' : null,
      card: { brand: 'visa', last4: '4242' },
    },
  });
}

const send = (body: string, options: { secret?: string; at?: number } = {}) =>
  sendSandboxNotification(t.app, body, options);

async function state(orderId: number) {
  const { events: _events, ...rest } = await orderPaymentState(t.app, orderId);
  return rest;
}

describe('signed notifications', () => {
  it('a bad signature is a 400 and changes nothing', async () => {
    const { orderId, ref, amount } = await unpaidOrder('badsig@example.com');
    const res = await send(event('evt_bad_1', 'payment.succeeded', ref, amount), { secret: 'not-the-secret' });
    expect(res.statusCode).toBe(400);
    expect(await state(orderId)).toMatchObject({ status: 'pending', items: [0], payment: 'pending' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: event('evt_bad_2', 'payment.succeeded', ref, amount),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
  });

  it('a stale timestamp (replay) is a 400 and changes nothing', async () => {
    const { orderId, ref, amount } = await unpaidOrder('stale@example.com');
    const res = await send(event('evt_stale_1', 'payment.succeeded', ref, amount), {
      at: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(res.statusCode).toBe(400);
    expect((await state(orderId)).status).toBe('pending');
  });

  it('the same event fired 6 times concurrently pays once, with one history entry', async () => {
    const { orderId, ref, amount } = await unpaidOrder('dup@example.com');
    const body = event('evt_dup_1', 'payment.succeeded', ref, amount);
    const responses = await Promise.all(Array.from({ length: 6 }, () => send(body)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(responses.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    expect(await state(orderId)).toEqual({ status: 'complete', items: [40], history: 1, payment: 'captured' });
    const again = await send(body);
    expect(again.json()).toEqual({ received: true, duplicate: true });
  });

  it('out of order: a failure that arrives after the success does not undo the capture', async () => {
    const { orderId, ref, amount } = await unpaidOrder('order@example.com');
    const [ok, late] = await Promise.all([
      send(event('evt_ooo_success', 'payment.succeeded', ref, amount)),
      send(event('evt_ooo_failed', 'payment.failed', ref, amount)),
    ]);
    expect([ok.statusCode, late.statusCode]).toEqual([200, 200]);
    // Whatever order they were applied in, a success is final.
    await send(event('evt_ooo_failed_2', 'payment.failed', ref, amount));
    expect(await state(orderId)).toMatchObject({ status: 'complete', payment: 'captured', items: [40] });
  });

  it('a failure first, then the success (late delivery), ends paid', async () => {
    const { orderId, ref, amount } = await unpaidOrder('late@example.com');
    await send(event('evt_late_failed', 'payment.canceled', ref, amount));
    expect((await state(orderId)).payment).toBe('canceled');
    await send(event('evt_late_success', 'payment.succeeded', ref, amount));
    expect(await state(orderId)).toMatchObject({ status: 'complete', payment: 'captured' });
  });

  it('an amount that does not match the payment never marks the order paid', async () => {
    const { orderId, ref, amount } = await unpaidOrder('amount@example.com');
    const res = await send(event('evt_amount_1', 'payment.succeeded', ref, amount - 1));
    expect(res.statusCode).toBe(200);
    expect(await state(orderId)).toMatchObject({ status: 'pending', payment: 'pending' });
  });

  it('an unknown provider is a 404, a malformed body a 400', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/nope/notifications',
          payload: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await send('{"id": 1}')).statusCode).toBe(400);
  });
});
