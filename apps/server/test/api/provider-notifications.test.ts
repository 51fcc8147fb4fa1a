import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchFn } from '../../src/modules/payments/stripe/stripe-client.js';
import { stripeSignatureHeader } from '../../src/modules/payments/stripe/stripe-signature.js';
import {
  fixture,
  REDSYS_TEST_ENV,
  redsysNotification,
  STRIPE_TEST_ENV,
  type RecordedRequest,
} from '../support/provider-fixtures.js';
import { orderPaymentState } from '../support/payment-state.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

// Store 1 pays cards through Stripe, store 9 through Redsys (both sell the nota simple); the rest stays on the sandbox.
const ROUTING = [
  { method: 'cc', provider: 'stripe', stores: [1] },
  { method: 'cc', provider: 'redsys', stores: [9] },
];

/** Stripe's API as recorded: answers the create call with the recorded session, for the amount and ids asked. */
const stripeRequests: RecordedRequest[] = [];
const stripeFetch: FetchFn = async (url, init) => {
  stripeRequests.push({ url, method: init.method, headers: { ...init.headers }, body: init.body });
  const form = new URLSearchParams(init.body);
  const paymentId = form.get('metadata[payment_id]')!;
  const recorded = fixture('stripe/create-checkout-session.json').response.body;
  const id = `cs_test_ventanilla${paymentId}`;
  const body = {
    ...recorded,
    id,
    url: `https://checkout.stripe.com/c/pay/${id}`,
    amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
    amount_subtotal: Number(form.get('line_items[0][price_data][unit_amount]')),
    client_reference_id: paymentId,
    metadata: { order_id: form.get('metadata[order_id]'), payment_id: paymentId },
    success_url: form.get('success_url'),
    cancel_url: form.get('cancel_url'),
  };
  return { status: 200, headers: { get: () => 'req_test' }, text: async () => JSON.stringify(body) };
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    deliverWebhooks: false,
    paymentFetch: stripeFetch,
    env: { PAYMENT_ROUTING: JSON.stringify(ROUTING), ...STRIPE_TEST_ENV, ...REDSYS_TEST_ENV },
  });
});
afterAll(async () => t?.close());

async function unpaidOrder(store: number, email: string) {
  const c = new TestClient(t.app);
  await c.start(store);
  const added = await c.post('/api/cart/items', {
    store_id: store,
    url_key: 'nota-simple',
    answers: notaSimpleAnswers(),
  });
  expect(added.statusCode).toBe(201);
  await c.register(email);
  const res = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
  expect(res.statusCode).toBe(201);
  const { order_id: orderId, redirect_url: redirectUrl } = res.json<{ order_id: number; redirect_url: string }>();
  const { rows } = await t.app.ctx.database.pool.query<{
    id: number;
    provider: string;
    provider_ref: string;
    amount: number;
  }>('select id, provider, provider_ref, amount from payments where order_id = $1', [orderId]);
  return { client: c, orderId, redirectUrl, payment: rows[0]! };
}

const state = (orderId: number) => orderPaymentState(t.app, orderId);

describe('Stripe notifications for an order routed to Stripe', () => {
  const URL = '/api/payments/stripe/notifications';
  const sendStripe = (body: string, options: { secret?: string; at?: number } = {}) =>
    t.app.inject({
      method: 'POST',
      url: URL,
      payload: body,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignatureHeader(
          options.secret ?? STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET,
          options.at ?? Math.floor(Date.now() / 1000),
          body,
        ),
      },
    });
  /** A recorded event, pointed at this payment. */
  const eventFor = (
    name: string,
    id: string,
    payment: { id: number; provider_ref: string; amount: number },
    orderId: number,
  ) => {
    const event = fixture(`stripe/${name}`);
    event.id = id;
    const object = event.data.object;
    const metadata = { order_id: String(orderId), payment_id: String(payment.id) };
    object.metadata = metadata;
    if (object.object === 'checkout.session') {
      object.id = payment.provider_ref;
      object.amount_total = payment.amount;
      object.client_reference_id = String(payment.id);
    } else {
      object.amount = payment.amount;
      object.amount_received = payment.amount;
    }
    return JSON.stringify(event);
  };

  it("checkout opens a Stripe Checkout Session with the payment's Idempotency-Key and sends the customer there", async () => {
    const before = stripeRequests.length;
    const { orderId, redirectUrl, payment } = await unpaidOrder(1, 'stripe-open@example.com');
    expect(payment.provider).toBe('stripe');
    expect(payment.provider_ref).toBe(`cs_test_ventanilla${payment.id}`);
    expect(redirectUrl).toBe(`https://checkout.stripe.com/c/pay/cs_test_ventanilla${payment.id}`);
    const sent = stripeRequests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(sent[0]!.headers).toMatchObject({
      authorization: `Bearer ${STRIPE_TEST_ENV.STRIPE_SECRET_KEY}`,
      'idempotency-key': `payment-${payment.id}:checkout-session`,
    });
    const form = new URLSearchParams(sent[0]!.body);
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe(String(payment.amount));
    expect(form.get('success_url')).toBe(`http://shop.test/checkout/success/${orderId}`);
    expect(form.get('metadata[order_id]')).toBe(String(orderId));
    expect(form.get('payment_method_types[0]')).toBe('card');
  });

  it('the same Idempotency-Key submitted again reopens the payment at its own provider, whatever the routing says now', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    expect(
      (await c.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() }))
        .statusCode,
    ).toBe(201);
    await c.register('stripe-resume@example.com');
    const key = { 'idempotency-key': 'key-resume-0001' };
    const first = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true }, key);
    expect(first.statusCode).toBe(201);
    const orderId = first.json<{ order_id: number }>().order_id;
    // As if the payment had been opened on the sandbox before the routing sent store 1's cards to Stripe.
    await t.app.ctx.database.pool.query("update payments set provider = 'sandbox' where order_id = $1", [orderId]);
    const before = stripeRequests.length;
    const again = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json<{ order_id: number }>().order_id).toBe(orderId);
    expect(again.json<{ redirect_url: string }>().redirect_url).not.toContain('checkout.stripe.com');
    expect(stripeRequests.length).toBe(before);
  });

  it('a signed checkout.session.completed pays the order once; repeats are 200 with no second effect', async () => {
    const { orderId, payment } = await unpaidOrder(1, 'stripe-paid@example.com');
    const body = eventFor('event-checkout-session-completed.json', `evt_paid_${payment.id}`, payment, orderId);
    const first = await sendStripe(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await state(orderId)).toEqual({
      status: 'complete',
      items: [40],
      history: 1,
      payment: 'captured',
      events: 1,
    });

    const repeats = await Promise.all(Array.from({ length: 4 }, () => sendStripe(body)));
    expect(repeats.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(repeats.map((r) => r.json().duplicate)).toEqual([true, true, true, true]);
    // The PaymentIntent's own success (another event id, found through our metadata) changes nothing either.
    const intent = await sendStripe(
      eventFor('event-payment-intent-succeeded.json', `evt_pi_${payment.id}`, payment, orderId),
    );
    expect(intent.statusCode).toBe(200);
    expect(await state(orderId)).toEqual({
      status: 'complete',
      items: [40],
      history: 1,
      payment: 'captured',
      events: 2,
    });
  });

  it('concurrent deliveries of the same event pay once', async () => {
    const { orderId, payment } = await unpaidOrder(1, 'stripe-race@example.com');
    const body = eventFor('event-checkout-session-completed.json', `evt_race_${payment.id}`, payment, orderId);
    const responses = await Promise.all(Array.from({ length: 5 }, () => sendStripe(body)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    expect(await state(orderId)).toMatchObject({ status: 'complete', history: 1, events: 1 });
  });

  it('a bad signature, a stale or future timestamp are 400 and change nothing', async () => {
    const { orderId, payment } = await unpaidOrder(1, 'stripe-bad@example.com');
    const body = eventFor('event-checkout-session-completed.json', `evt_bad_${payment.id}`, payment, orderId);
    const now = Math.floor(Date.now() / 1000);
    for (const res of [
      await sendStripe(body, { secret: 'whsec_not_the_secret' }),
      await sendStripe(body, { at: now - 301 }),
      await sendStripe(body, { at: now + 3600 }),
      await t.app.inject({ method: 'POST', url: URL, payload: body, headers: { 'content-type': 'application/json' } }),
      // A sandbox-signed body is not a Stripe signature.
      await t.app.inject({
        method: 'POST',
        url: URL,
        payload: body,
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'whatever' },
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_SIGNATURE');
    }
    expect(await state(orderId)).toEqual({ status: 'pending', items: [0], history: 0, payment: 'pending', events: 0 });
    // The genuine event still applies afterwards: nothing was recorded under its id.
    expect((await sendStripe(body)).json()).toEqual({ received: true, duplicate: false });
    expect((await state(orderId)).status).toBe('complete');
  });

  it('a Multibanco session completed unpaid is acknowledged and waits; its async success pays', async () => {
    const { orderId, payment } = await unpaidOrder(1, 'stripe-async@example.com');
    const waiting = await sendStripe(
      eventFor('event-checkout-session-completed-unpaid.json', `evt_unpaid_${payment.id}`, payment, orderId),
    );
    expect(waiting.statusCode).toBe(200);
    expect(await state(orderId)).toMatchObject({ status: 'pending', payment: 'pending' });
    await sendStripe(
      eventFor('event-checkout-session-async-payment-succeeded.json', `evt_async_${payment.id}`, payment, orderId),
    );
    expect(await state(orderId)).toMatchObject({ status: 'complete', payment: 'captured', history: 1 });
  });
});

describe('Redsys notifications for an order routed to Redsys', () => {
  const URL = '/api/payments/redsys/notifications';
  const KEY = REDSYS_TEST_ENV.REDSYS_SECRET_KEY;
  const sendRedsys = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: URL,
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    });

  it('checkout sends the customer to our page that posts the signed form to the Redsys test TPV', async () => {
    const { client, orderId, redirectUrl, payment } = await unpaidOrder(9, 'redsys-open@example.com');
    expect(payment.provider).toBe('redsys');
    expect(payment.provider_ref).toBe(String(payment.id).padStart(12, '0'));
    expect(redirectUrl.startsWith('/api/payments/redsys/redirect?')).toBe(true);
    const page = await client.get(redirectUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain('form-action https://sis-t.redsys.es:25443');
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(page.body).toContain(
      '<form id="redsys-form" method="post" action="https://sis-t.redsys.es:25443/sis/realizarPago">',
    );
    expect(page.body).toContain('<input type="hidden" name="Ds_SignatureVersion" value="HMAC_SHA256_V1">');
    expect(page.body).toContain('<script src="/api/payments/redsys/redirect.js"></script>');
    // Store 9 is the English registry site: our page and Redsys' page (consumer language 2) speak English.
    expect(page.body).toContain('Continue to payment');
    const params = JSON.parse(
      Buffer.from(/name="Ds_MerchantParameters" value="([^"]+)"/.exec(page.body)![1]!, 'base64').toString(),
    );
    expect(params).toMatchObject({
      DS_MERCHANT_AMOUNT: String(payment.amount),
      DS_MERCHANT_ORDER: payment.provider_ref,
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_PAYMETHODS: 'C',
      DS_MERCHANT_MERCHANTURL: 'http://127.0.0.1:3000/api/payments/redsys/notifications',
      DS_MERCHANT_URLOK: `http://shop.test/checkout/success/${orderId}`,
      DS_MERCHANT_CONSUMERLANGUAGE: '2',
    });
    const script = await client.get('/api/payments/redsys/redirect.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    // A link whose parameters were changed is refused (it would not be signed with our key).
    const forged = redirectUrl.replace(
      /p=[^&]+/,
      `p=${encodeURIComponent(Buffer.from(JSON.stringify({ ...params, DS_MERCHANT_AMOUNT: '1' })).toString('base64'))}`,
    );
    expect((await client.get(forged)).statusCode).toBe(400);
  });

  it('a signed notification pays the order once; a repeat is 200 with no second effect; the page then goes to success', async () => {
    const { client, orderId, redirectUrl, payment } = await unpaidOrder(9, 'redsys-paid@example.com');
    const { body } = redsysNotification(KEY, {
      Ds_Order: payment.provider_ref,
      Ds_Amount: String(payment.amount),
      Ds_Card_Number: '454881******0004',
      Ds_Card_Brand: '1',
    });
    const first = await sendRedsys(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await state(orderId)).toEqual({
      status: 'complete',
      items: [40],
      history: 1,
      payment: 'captured',
      events: 1,
    });
    const card = (
      await t.app.ctx.database.pool.query('select card_brand, card_last4 from payments where id = $1', [payment.id])
    ).rows[0];
    expect(card).toEqual({ card_brand: 'visa', card_last4: '0004' });

    const repeats = await Promise.all(Array.from({ length: 4 }, () => sendRedsys(body)));
    expect(repeats.map((r) => [r.statusCode, r.json().duplicate])).toEqual([
      [200, true],
      [200, true],
      [200, true],
      [200, true],
    ]);
    expect(await state(orderId)).toEqual({
      status: 'complete',
      items: [40],
      history: 1,
      payment: 'captured',
      events: 1,
    });

    const again = await client.get(redirectUrl);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`http://shop.test/checkout/success/${orderId}`);
  });

  it('a bad signature is 400 and changes nothing; a refusal marks the payment failed; the sandbox JSON still works', async () => {
    const { orderId, payment } = await unpaidOrder(9, 'redsys-bad@example.com');
    const wrongKey = redsysNotification('Mk9m98IfEblmPfrpsawt7BmxObt98Jev', {
      Ds_Order: payment.provider_ref,
      Ds_Amount: String(payment.amount),
    });
    const res = await sendRedsys(wrongKey.body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_SIGNATURE');
    const tamperedParams = Buffer.from(
      JSON.stringify({ Ds_Order: payment.provider_ref, Ds_Amount: String(payment.amount), Ds_Response: '0000' }),
    ).toString('base64');
    const good = redsysNotification(KEY, { Ds_Order: payment.provider_ref, Ds_Amount: String(payment.amount) });
    expect(
      (await sendRedsys(new URLSearchParams({ ...good.fields, Ds_MerchantParameters: tamperedParams }).toString()))
        .statusCode,
    ).toBe(400);
    expect(await state(orderId)).toEqual({ status: 'pending', items: [0], history: 0, payment: 'pending', events: 0 });

    const refused = redsysNotification(KEY, {
      Ds_Order: payment.provider_ref,
      Ds_Amount: String(payment.amount),
      Ds_Response: '0190',
      Ds_AuthorisationCode: '',
    });
    expect((await sendRedsys(refused.body)).statusCode).toBe(200);
    expect(await state(orderId)).toMatchObject({ status: 'pending', payment: 'failed' });
    const failure = (
      await t.app.ctx.database.pool.query('select failure_code from payments where id = $1', [payment.id])
    ).rows[0];
    expect(failure.failure_code).toBe('redsys_0190');

    // The sandbox's JSON notifications still reach their own verifier (a bad one is its 400, not a parser error).
    const sandbox = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/notifications',
      payload: '{"id":"evt_x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(sandbox.statusCode).toBe(400);
    expect(sandbox.json().code).toBe('BAD_SIGNATURE');
  });
});
