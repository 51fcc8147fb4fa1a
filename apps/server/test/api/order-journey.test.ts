import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function customerWithCart(email: string, urgent = false) {
  const c = new TestClient(t.app);
  await c.start(1);
  const add = await c.post('/api/cart/items', {
    store_id: 1,
    url_key: 'nota-simple',
    answers: notaSimpleAnswers(urgent),
  });
  expect(add.statusCode).toBe(201);
  await c.register(email);
  return c;
}

async function orderPayment(c: TestClient, orderId: number) {
  return (await c.get(`/api/orders/${orderId}/payment`)).json<{
    paid: boolean;
    payment_status: string;
    failure_code: string | null;
  }>();
}

describe('cart', () => {
  it('refuses invalid answers with the reasons and keeps nothing', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    const res = await c.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: { '78': '5028' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toContainEqual({ option_id: 80, message: 'Por favor, escribe el dato' });
    expect((await c.get('/api/cart')).json().items).toEqual([]);
  });

  it('prices lines on the server: a forged price or hidden answer in the request changes nothing', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    const res = await c.post('/api/cart/items', {
      store_id: 1,
      url_key: 'nota-simple',
      answers: { ...notaSimpleAnswers(true), '99999': 'x' },
    });
    expect(res.statusCode).toBe(201);
    const cart = res.json();
    expect(cart.items[0].price.total).toBe('32.08');
    expect(cart.totals.total).toBe('32.08');
    expect(cart.items[0].options.map((o: { option_id: number }) => o.option_id)).not.toContain(99999);
    expect(cart.items[0].summary).toBe('Madrid | Alcalá de Henares');
  });

  it('removes a line; another session cannot remove it', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    const line = (
      await c.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() })
    ).json().items[0].id;
    const stranger = new TestClient(t.app);
    await stranger.start(1);
    expect((await stranger.delete(`/api/cart/items/${line}`)).statusCode).toBe(404);
    expect((await c.delete(`/api/cart/items/${line}`)).json().items).toEqual([]);
  });

  it('a product of another store cannot be added', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    expect(
      (await c.post('/api/cart/items', { store_id: 16, url_key: 'nota-simple', answers: notaSimpleAnswers() }))
        .statusCode,
    ).toBe(404);
  });
});

describe('checkout and the sandbox provider', () => {
  it('needs a signed-in customer', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    expect(
      (await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true })).statusCode,
    ).toBe(401);
  });

  it('an empty cart is a 409', async () => {
    const c = new TestClient(t.app);
    await c.register('empty@example.com');
    const res = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CART_EMPTY');
  });

  it('card success: one order with the store prefix, item 0 until the signed notification, then 40 and paid', async () => {
    const c = await customerWithCart('success@example.com');
    const checkout = await c.post(
      '/api/checkout',
      { payment_method: 'cc', accept_terms: true, start_now: true },
      { 'idempotency-key': 'key-success-0001' },
    );
    expect(checkout.statusCode).toBe(201);
    const { order_id: orderId, redirect_url: redirectUrl } = checkout.json();
    expect(String(orderId)).toMatch(/^10\d{7}$/);
    expect(redirectUrl).toMatch(/^\/sandbox-pay\/checkout\/sbx_/);

    const before = (await c.get(`/api/me/orders/${orderId}`)).json();
    expect(before.items).toHaveLength(1);
    expect(before.items[0]).toMatchObject({
      panel_status_id: 0,
      client_status: { text: 'Pendiente de Pago', style: 'danger' },
    });

    // The card number goes to the provider's page, never to /api.
    const pay = await payOnSandbox(t.app, redirectUrl, { number: '4242 4242 4242 4242' });
    expect(pay.status).toBe(303);
    expect(pay.location).toBe(`http://shop.test/checkout/success/${orderId}`);
    await waitFor(async () => (await orderPayment(c, orderId)).paid);

    const after = (await c.get(`/api/me/orders/${orderId}`)).json();
    expect(after).toMatchObject({ status: 'complete', paid: true, total: '25.12' });
    expect(after.items[0]).toMatchObject({
      panel_status_id: 40,
      client_status: { key: 'processing', text: 'En tramitación', style: 'info' },
    });
    const { rows } = await t.app.ctx.database.pool.query(
      'select status, card_last4 from payments where order_id = $1',
      [orderId],
    );
    expect(rows).toEqual([{ status: 'captured', card_last4: '4242' }]);
    expect((await c.get('/api/cart')).json().items).toEqual([]);
  });

  it('the same Idempotency-Key returns the same order (double click)', async () => {
    const c = await customerWithCart('double@example.com');
    const [a, b] = await Promise.all([
      c.post(
        '/api/checkout',
        { payment_method: 'cc', accept_terms: true, start_now: true },
        { 'idempotency-key': 'key-double-0001' },
      ),
      c.post(
        '/api/checkout',
        { payment_method: 'cc', accept_terms: true, start_now: true },
        { 'idempotency-key': 'key-double-0001' },
      ),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().order_id).toBe(b.json().order_id);
    const list = (await c.get('/api/me/orders')).json();
    expect(list.total).toBe(1);
  });

  it('a declined card leaves the order unpaid; paying again with a good card works', async () => {
    const c = await customerWithCart('declined@example.com');
    const { order_id: orderId, redirect_url: redirectUrl } = (
      await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true })
    ).json();
    const declined = await payOnSandbox(t.app, redirectUrl, { number: '4000000000000002' });
    expect(declined.location).toBe(`http://shop.test/customer/payment?order_id=${orderId}&error=card_declined`);
    await waitFor(async () => (await orderPayment(c, orderId)).payment_status === 'failed');
    expect((await c.get(`/api/me/orders/${orderId}`)).json().items[0].panel_status_id).toBe(0);

    const retry = await c.post(`/api/orders/${orderId}/pay`, { payment_method: 'cc' });
    expect(retry.statusCode).toBe(201);
    await payOnSandbox(t.app, retry.json().redirect_url, { number: '4242424242424242' });
    await waitFor(async () => (await orderPayment(c, orderId)).paid);
    expect((await c.post(`/api/orders/${orderId}/pay`, { payment_method: 'cc' })).json().code).toBe(
      'ORDER_ALREADY_PAID',
    );
  });

  it('insufficient funds and a cancel come back with their codes', async () => {
    const c = await customerWithCart('funds@example.com');
    const { order_id: orderId, redirect_url: redirectUrl } = (
      await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true })
    ).json();
    expect((await payOnSandbox(t.app, redirectUrl, { number: '4000000000009995' })).location).toContain(
      'error=insufficient_funds',
    );
    const again = (await c.post(`/api/orders/${orderId}/pay`, { payment_method: 'cc' })).json();
    const page = await t.app.inject(again.redirect_url);
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${new URL(again.redirect_url, 'http://x').pathname}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect(cancel.headers.location).toContain('error=canceled');
  });

  it('3-D Secure challenge: the right code pays, a wrong one fails authentication', async () => {
    const c = await customerWithCart('threeds@example.com', true);
    const { order_id: orderId, redirect_url: redirectUrl } = (
      await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true })
    ).json();
    const failed = await payOnSandbox(t.app, redirectUrl, { number: '4000000000003220' }, '000000');
    expect(failed.html).toContain('3-D Secure');
    expect(failed.location).toContain('error=authentication_failed');
    const retry = (await c.post(`/api/orders/${orderId}/pay`, { payment_method: 'cc' })).json();
    const ok = await payOnSandbox(t.app, retry.redirect_url, { number: '4000000000003220' }, '123456');
    // After a challenge the browser returns to the shop's 3-D Secure page (payment/3ds/order/{id} for a retried order).
    expect(ok.location).toBe(`http://shop.test/payment/3ds/order/${orderId}`);
    await waitFor(async () => (await orderPayment(c, orderId)).paid);
    expect((await c.get(`/api/me/orders/${orderId}`)).json().total).toBe('32.08');
  });

  it('the card page re-renders its errors and a used payment page is gone', async () => {
    const c = await customerWithCart('cardform@example.com');
    const { redirect_url: redirectUrl } = (
      await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true })
    ).json();
    const bad = await payOnSandbox(t.app, redirectUrl, { number: '1234', expiry: '01/20', cvc: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.html).toContain('Hay un problema');
    expect(bad.html).toContain('Escribe un número de tarjeta válido');
    await payOnSandbox(t.app, redirectUrl, { number: '4242424242424242' });
    expect((await t.app.inject(redirectUrl)).statusCode).toBe(409);
  });
});

describe('customer orders are private', () => {
  it("another customer's order is 404, and so is the anonymous view", async () => {
    const owner = await customerWithCart('owner@example.com');
    const { order_id: orderId } = (
      await owner.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true })
    ).json();
    const other = new TestClient(t.app);
    await other.register('other@example.com');
    expect((await other.get(`/api/me/orders/${orderId}`)).statusCode).toBe(404);
    expect((await other.get(`/api/orders/${orderId}/payment`)).statusCode).toBe(404);
    expect((await other.post(`/api/orders/${orderId}/pay`, { payment_method: 'cc' })).statusCode).toBe(404);
    expect((await other.get('/api/me/orders')).json().total).toBe(0);
    expect((await t.app.inject(`/api/me/orders/${orderId}`)).statusCode).toBe(401);
  });

  it('lists orders newest first with pagination fields', async () => {
    const c = await customerWithCart('many@example.com');
    await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
    await c.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers(true) });
    const second = (await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true })).json()
      .order_id;
    const list = (await c.get('/api/me/orders?per_page=1')).json();
    expect(list).toMatchObject({ total: 2, page: 1, per_page: 1 });
    expect(list.items[0].order_id).toBe(second);
    expect(list.items[0].items[0].summary).toBe('Madrid | Alcalá de Henares');
  });
});
