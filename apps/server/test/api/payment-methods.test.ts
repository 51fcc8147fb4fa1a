import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multibancoReference, validateIban } from '@ventanilla/domain';
import { BIZUM_TEST_CODE } from '../../src/modules/payments/sandbox/sandbox-methods.js';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { SandboxMethodsBrowser } from '../support/sandbox-methods-browser.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let browser: SandboxMethodsBrowser;
const instructions: Array<{ orderId: number; method: string; details: Record<string, string> }> = [];
const paidEvents: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  browser = new SandboxMethodsBrowser(t.app);
  t.app.ctx.orderEvents.on('paymentInstructions', async (_tx, e) => void instructions.push(e));
  t.app.ctx.orderEvents.on('paid', async (_tx, e) => void paidEvents.push(e.orderId));
});
afterAll(async () => t?.close());

let seq = 0;
const PT_ANSWERS = { '4201': 'AA00AA', '4202': '420201' };

/** A signed-in customer with one line in the cart of store 1 (nota simple) or 16 (Portuguese vehicle certificate). */
async function customer(store: 1 | 16 = 1) {
  const c = new TestClient(t.app);
  await c.start(store);
  const line =
    store === 1
      ? { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() }
      : { store_id: 16, url_key: 'certidao-permanente-automovel', answers: PT_ANSWERS };
  expect((await c.post('/api/cart/items', line)).statusCode).toBe(201);
  await c.register(`pm${++seq}-${Date.now()}@example.com`);
  return c;
}

async function checkout(c: TestClient, method: string) {
  const res = await c.post('/api/checkout', { payment_method: method, accept_terms: true, start_now: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ order_id: number; redirect_url: string }>();
}

type Status = {
  paid: boolean;
  status: string;
  payment_status: string;
  failure_code: string | null;
  method: string;
  amount: string;
  instructions: Record<string, string> | null;
  expires_at: string | null;
};
const status = async (c: TestClient, orderId: number) => (await c.get(`/api/orders/${orderId}/payment`)).json<Status>();
const paidSoon = (c: TestClient, orderId: number) => waitFor(async () => (await status(c, orderId)).paid);

async function history(orderId: number, accion: string) {
  const { rows } = await t.app.ctx.database.pool.query(
    'select h.admin_user_id from item_history h join order_items i on i.item_id = h.item_id where i.order_id = $1 and h.accion = $2',
    [orderId, accion],
  );
  return rows as Array<{ admin_user_id: number | null }>;
}

describe('GET /api/stores/{storeId}/payment-methods', () => {
  it.each([
    [
      1,
      [
        ['cc', 'Tarjeta', 'sandbox'],
        ['bizum', 'Bizum', 'sandbox'],
        ['paypal', 'PayPal', 'sandbox'],
        ['bank', 'Transferencia bancaria', 'transfer'],
      ],
    ],
    [
      16,
      [
        ['cc', 'Cartão', 'sandbox'],
        ['multibanco', 'Multibanco', 'sandbox'],
        ['sibsmbway', 'MB WAY', 'sandbox'],
      ],
    ],
    [
      17,
      [
        ['cc', 'Card', 'sandbox'],
        ['paypal', 'PayPal', 'sandbox'],
      ],
    ],
  ])("store %s offers its country's methods in display order, named in its language", async (store, expected) => {
    const res = await t.app.inject(`/api/stores/${store}/payment-methods`);
    expect(res.json().items).toEqual(expected.map(([code, name, provider]) => ({ code, name, provider })));
  });

  it('an unknown store is a 404; a method the store does not offer is refused at checkout', async () => {
    expect((await t.app.inject('/api/stores/98/payment-methods')).statusCode).toBe(404);
    const c = await customer(1);
    const res = await c.post('/api/checkout', { payment_method: 'multibanco', accept_terms: true, start_now: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PAYMENT_METHOD_UNAVAILABLE');
  });

  it("STORE_PAYMENT_METHODS overrides a store's offer and order", async () => {
    const other = await createTestApp({ env: { STORE_PAYMENT_METHODS: '16=sibsmbway,sibsmb,cc;1=bank,cc' } });
    try {
      const pt = (await other.app.inject('/api/stores/16/payment-methods'))
        .json()
        .items.map((m: { code: string }) => m.code);
      const es = (await other.app.inject('/api/stores/1/payment-methods'))
        .json()
        .items.map((m: { code: string }) => m.code);
      expect([pt, es]).toEqual([
        ['sibsmbway', 'sibsmb', 'cc'],
        ['bank', 'cc'],
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('PayPal-like wallet', () => {
  it('approve returns to the shop and the signed notification pays the order', async () => {
    const c = await customer(1);
    const { order_id, redirect_url } = await checkout(c, 'paypal');
    expect((await browser.open(redirect_url)).html).toContain('PayPal');
    const approved = await browser.approvePaypal(redirect_url);
    expect(approved.location).toBe(`http://shop.test/checkout/success/${order_id}`);
    await paidSoon(c, order_id);
    expect(await status(c, order_id)).toMatchObject({ payment_status: 'captured', method: 'paypal' });
  });

  it('cancel returns to the failure page with the reason; the order can be paid again', async () => {
    const c = await customer(1);
    const { order_id, redirect_url } = await checkout(c, 'paypal');
    const canceled = await browser.cancel(redirect_url);
    expect(canceled.location).toBe(`http://shop.test/customer/payment?order_id=${order_id}&error=canceled`);
    await waitFor(async () => (await status(c, order_id)).payment_status === 'canceled');
    const again = (await c.post(`/api/orders/${order_id}/pay`, { payment_method: 'paypal' })).json();
    await browser.approvePaypal(again.redirect_url);
    await paidSoon(c, order_id);
  });
});

describe('Bizum', () => {
  it('refuses a number that is not a Spanish mobile, then a wrong code, then pays with the test code', async () => {
    const c = await customer(1);
    const { order_id, redirect_url } = await checkout(c, 'bizum');
    const bad = await browser.submitPhone(redirect_url, '912345678');
    expect(bad.status).toBe(422);
    expect(bad.html).toContain('Escribe un número de móvil español válido');
    const ok = await browser.submitPhone(redirect_url, '612 345 678');
    const ref = SandboxMethodsBrowser.refOf(redirect_url);
    expect(ok.location).toBe(`/sandbox-pay/bizum/${ref}?lang=es`);
    const wrong = await browser.bizumCode(ref, '000000');
    expect(wrong.status).toBe(422);
    expect(wrong.html).toContain('El código no es correcto');
    expect((await status(c, order_id)).paid).toBe(false);
    const right = await browser.bizumCode(ref, BIZUM_TEST_CODE);
    expect(right.location).toBe(`http://shop.test/checkout/success/${order_id}`);
    await paidSoon(c, order_id);
  });

  it('three wrong codes decline the payment; a code typed after it expired is too late', async () => {
    const c = await customer(1);
    const first = await checkout(c, 'bizum');
    await browser.submitPhone(first.redirect_url, '+34 712345678');
    const ref = SandboxMethodsBrowser.refOf(first.redirect_url);
    await browser.bizumCode(ref, '1');
    await browser.bizumCode(ref, '2');
    const third = await browser.bizumCode(ref, '3');
    expect(third.location).toContain('error=authentication_failed');
    await waitFor(async () => (await status(c, first.order_id)).payment_status === 'failed');

    const retry = (await c.post(`/api/orders/${first.order_id}/pay`, { payment_method: 'bizum' })).json();
    await browser.submitPhone(retry.redirect_url, '612345678');
    const ref2 = SandboxMethodsBrowser.refOf(retry.redirect_url);
    const later = new Date(Date.now() + 6 * 60_000);
    expect(await t.app.ctx.sandbox.submitBizumCode(ref2, BIZUM_TEST_CODE, later)).toMatchObject({ kind: 'redirect' });
    await waitFor(async () => (await status(c, first.order_id)).payment_status === 'expired');
    expect(await status(c, first.order_id)).toMatchObject({ paid: false, failure_code: 'expired' });
  });
});

describe('MB WAY', () => {
  it('the phone is checked, the payment waits for approval in the app, then the notification pays the order', async () => {
    const c = await customer(16);
    const { order_id, redirect_url } = await checkout(c, 'sibsmbway');
    expect((await browser.submitPhone(redirect_url, '212345678')).status).toBe(422); // a landline has no MB WAY
    const sent = await browser.submitPhone(redirect_url, '912 345 001');
    expect(sent.location).toBe(`http://shop.test/payment/sibs/mbway?order_id=${order_id}`);
    expect(await status(c, order_id)).toMatchObject({ paid: false, payment_status: 'pending', method: 'sibsmbway' });
    const approved = await browser.mbWayApp('912345001', 'approve');
    expect(approved.status).toBe(200);
    await paidSoon(c, order_id);
  });

  it('a request nobody approves expires by the timer; a rejected one fails', async () => {
    const c = await customer(16);
    const { order_id, redirect_url } = await checkout(c, 'sibsmbway');
    await browser.submitPhone(redirect_url, '351#912345002');
    expect(await t.app.ctx.sandbox.expireDue(new Date(Date.now() + 241_000))).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await status(c, order_id)).payment_status === 'expired');
    expect((await browser.mbWayApp('912345002', 'approve')).status).toBe(404); // nothing pending any more

    const retry = (await c.post(`/api/orders/${order_id}/pay`, { payment_method: 'sibsmbway' })).json();
    await browser.submitPhone(retry.redirect_url, '912345002');
    await browser.mbWayApp('912345002', 'reject');
    await waitFor(async () => (await status(c, order_id)).failure_code === 'rejected');
    expect((await status(c, order_id)).paid).toBe(false);
  });
});

describe('Multibanco', () => {
  it('issues a reference with the check digits of the algorithm, shown with amount and expiry, paid later at the ATM', async () => {
    const c = await customer(16);
    const { order_id, redirect_url } = await checkout(c, 'multibanco');
    expect(redirect_url).toBe(`http://shop.test/payment/multibanco?order_id=${order_id}`);
    const s = await status(c, order_id);
    const expected = multibancoReference('12345', '999', order_id, 2460);
    expect(s).toMatchObject({ paid: false, payment_status: 'pending', amount: '24.60' });
    expect(s.instructions).toMatchObject({ entity: expected.entity, reference: expected.reference, amount: '24.60' });
    expect(Date.parse(s.expires_at!) - Date.now()).toBeGreaterThan(71 * 3_600_000);
    expect(instructions.filter((e) => e.orderId === order_id)).toEqual([
      { orderId: order_id, paymentId: expect.any(Number), method: 'multibanco', details: s.instructions },
    ]);

    expect((await browser.atm({ entity: '12345', reference: expected.reference, amount: '24,59' })).status).toBe(404);
    expect((await browser.atm({ entity: '12345', reference: 'abc', amount: '24,60' })).status).toBe(422);
    const paid = await browser.atm({
      entity: '12345',
      reference: expected.reference.replace(/(\d{3})/g, '$1 '),
      amount: '24,60',
    });
    expect(paid.status).toBe(200);
    await paidSoon(c, order_id);
    expect((await browser.atm({ entity: '12345', reference: expected.reference, amount: '24.60' })).status).toBe(409);
    expect(paidEvents.filter((o) => o === order_id)).toHaveLength(1);
  });

  it('a reference expires after its time; the ATM then refuses it', async () => {
    const c = await customer(16);
    const { order_id } = await checkout(c, 'multibanco');
    const ref = (await status(c, order_id)).instructions!;
    await t.app.ctx.sandbox.expireDue(new Date(Date.now() + 73 * 3_600_000));
    await waitFor(async () => (await status(c, order_id)).payment_status === 'expired');
    const late = await browser.atm({ entity: ref.entity!, reference: ref.reference!, amount: ref.amount! });
    expect(late.status).toBe(409);
    expect(late.html).toContain('expirou');
  });
});

describe('bank transfer confirmed by an agent', () => {
  it('gives the account, holder and concept; only agents and admins confirm it, once, with history', async () => {
    const c = await customer(1);
    const { order_id, redirect_url } = await checkout(c, 'bank');
    expect(redirect_url).toBe(`http://shop.test/payment/bank?order_id=${order_id}`);
    const s = await status(c, order_id);
    expect(s.instructions).toMatchObject({ concept: String(order_id), amount: s.amount, holder: expect.any(String) });
    expect(validateIban(s.instructions!.iban!).ok).toBe(true);
    expect(instructions.filter((e) => e.orderId === order_id)).toHaveLength(1);

    const url = `/api/backoffice/orders/${order_id}/confirm-transfer`;
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    expect((await anonymous.post(url)).statusCode).toBe(401);
    expect((await c.post(url)).statusCode).toBe(403);
    expect((await c.get(`/api/backoffice/orders/${order_id}/payments`)).statusCode).toBe(403);
    const notary = new TestClient(t.app);
    await notary.login('notario@ventanilla.test', 'notario-demo-2026');
    expect((await notary.post(url)).statusCode).toBe(403);
    expect((await status(c, order_id)).paid).toBe(false);

    const agent = new TestClient(t.app);
    await agent.login('agente@ventanilla.test', 'agente-demo-2026');
    const list = (await agent.get(`/api/backoffice/orders/${order_id}/payments`)).json().items;
    expect(list).toMatchObject([{ method: 'bank', provider: 'transfer', status: 'pending', amount: s.amount }]);
    const [first, second] = await Promise.all([agent.post(url), agent.post(url)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await status(c, order_id)).toMatchObject({ paid: true, payment_status: 'captured' });
    expect(paidEvents.filter((o) => o === order_id)).toHaveLength(1);
    const confirmed = await history(order_id, 'transferencia_confirmada');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.admin_user_id).toEqual(expect.any(Number));
    expect(await history(order_id, 'pago_confirmado')).toHaveLength(1);
    expect((await agent.get('/api/backoffice/orders/99999999/payments')).statusCode).toBe(404);
  });

  it('a transfer cannot be confirmed on an unknown order (404) nor on an order paid by card (409 with the message); anonymous cannot list payments', async () => {
    const agent = new TestClient(t.app);
    await agent.login('agente@ventanilla.test', 'agente-demo-2026');
    expect((await agent.post('/api/backoffice/orders/99999999/confirm-transfer')).statusCode).toBe(404);
    const c = await customer(1);
    const { order_id } = await checkout(c, 'cc');
    const res = await agent.post(`/api/backoffice/orders/${order_id}/confirm-transfer`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'NO_PENDING_TRANSFER',
      message: 'Este pedido no tiene ninguna transferencia pendiente de confirmar.',
    });
    expect((await status(c, order_id)).paid).toBe(false);
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    expect((await anonymous.get(`/api/backoffice/orders/${order_id}/payments`)).statusCode).toBe(401);
  });
});

describe('customer/payment: the preferred payment method', () => {
  it('remembers the last successful method; a card keeps only brand, last four and expiry; remove_cc forgets it', async () => {
    const c = await customer(1);
    expect((await c.get('/api/customer/payment')).json()).toEqual({ preferred_payment: null });
    const { order_id, redirect_url } = await checkout(c, 'cc');
    await payOnSandbox(t.app, redirect_url, { number: '4242424242424242', expiry: '11/31' });
    await paidSoon(c, order_id);
    const saved = (await c.get('/api/customer/payment')).json();
    expect(saved).toEqual({
      preferred_payment: { method: 'cc', card: { brand: 'visa', last4: '4242', exp_month: 11, exp_year: 2031 } },
    });
    const { rows } = await t.app.ctx.database.pool.query('select * from customer_payment_preferences');
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
    expect(rows.find((r) => r.card_last4 === '4242')?.provider_token).toMatch(/^pm_/);

    expect(
      (await c.request({ method: 'PUT', url: '/api/customer/payment', payload: { preferred_payment: 'bizum' } })).json()
        .preferred_payment.method,
    ).toBe('bizum');
    const removed = await c.request({
      method: 'PUT',
      url: '/api/customer/payment',
      payload: { preferred_payment: 'remove_cc' },
    });
    expect(removed.json()).toEqual({ preferred_payment: { method: 'bizum', card: null } });
    expect(
      (await c.request({ method: 'PUT', url: '/api/customer/payment', payload: { preferred_payment: 'cash' } }))
        .statusCode,
    ).toBe(400);
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    expect((await anonymous.get('/api/customer/payment')).statusCode).toBe(401);
    expect(
      (
        await anonymous.request({
          method: 'PUT',
          url: '/api/customer/payment',
          payload: { preferred_payment: 'bizum' },
        })
      ).statusCode,
    ).toBe(401);
    // Without the session's CSRF token (a cross-site form) the choice is refused and kept as it was.
    const forged = await c.request({
      method: 'PUT',
      url: '/api/customer/payment',
      payload: { preferred_payment: 'paypal' },
      headers: { 'x-csrf-token': 'wrong' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await c.get('/api/customer/payment')).json().preferred_payment.method).toBe('bizum');
  });
});

describe('payment routes of the spec', () => {
  it('3-D Secure: after the challenge the browser returns to checkout/3ds (new order) or payment/3ds/order/{id} (existing)', async () => {
    const c = await customer(1);
    const { order_id, redirect_url } = await checkout(c, 'cc');
    const res = await payOnSandbox(t.app, redirect_url, { number: '4000000000003220' }, '123456');
    expect(res.location).toBe(`http://shop.test/checkout/3ds?order_id=${order_id}`);
    await paidSoon(c, order_id);
  });

  it('payment/quote/{quote_id}: only your own active cart', async () => {
    const c = await customer(1);
    const quote = (await c.get('/api/cart')).json().quote_id as number;
    const wrong = await c.post('/api/checkout', {
      payment_method: 'cc',
      accept_terms: true,
      start_now: true,
      quote_id: quote + 1000,
    });
    expect(wrong.statusCode).toBe(404);
    expect(
      (await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true, quote_id: quote }))
        .statusCode,
    ).toBe(201);
  });

  it('payment/order/{order_id} and checkout/finalize/{item_id} are for the owner only', async () => {
    const c = await customer(1);
    const { order_id } = await checkout(c, 'bank');
    const item = (await c.get(`/api/me/orders/${order_id}`)).json().items[0].id as number;
    expect((await c.get(`/api/checkout/finalize/${item}`)).json()).toEqual({
      item_id: item,
      order_id,
      paid: false,
      last_method: 'bank',
    });
    const stranger = await customer(1);
    expect((await stranger.get(`/api/checkout/finalize/${item}`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/orders/${order_id}/pay`, { payment_method: 'cc' })).statusCode).toBe(404);
    expect((await stranger.get(`/api/orders/${order_id}/payment`)).statusCode).toBe(404);
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    expect((await anonymous.get(`/api/checkout/finalize/${item}`)).statusCode).toBe(401);
    expect((await anonymous.post(`/api/orders/${order_id}/pay`, { payment_method: 'cc' })).statusCode).toBe(401);
    expect((await anonymous.get(`/api/orders/${order_id}/payment`)).statusCode).toBe(401);
    // The owner choosing a method that does not exist: 400 naming the field; the order keeps its transfer.
    const bad = await c.post(`/api/orders/${order_id}/pay`, { payment_method: 'cash' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().fields)).toContain('payment_method');
    expect((await status(c, order_id)).method).toBe('bank');
  });
});
