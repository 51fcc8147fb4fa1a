import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema.js';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

// The signed pay-by-link of orders created by agents (docs/backoffice.md, "Orders created by agents"): the link's
// holder pays that one order without signing in; a tampered, foreign or expired link pays nothing.

let t: TestApp;
let agent: TestClient;
let clock = Date.now();
let ipCounter = 1;
const DAY = 86_400_000;

/** A signed-out browser from its own address (the routes' per-IP limits). */
async function anonymous(store?: number) {
  const c = new TestClient(t.app);
  const ip = `10.5.0.${ipCounter++}`;
  const request = c.request.bind(c);
  c.request = (options) => request({ ...options, remoteAddress: ip });
  await c.start(store);
  return c;
}

/** An order an agent creates for a customer, and the key its "order received" e-mail carries. */
async function agentOrder(email = 'paga-enlace@example.com') {
  const res = await agent.post('/api/backoffice/agent-orders', {
    customer: { email, firstname: 'Paula', lastname: 'Enlace' },
    store_id: 1,
    url_key: 'nota-simple',
    answers: notaSimpleAnswers(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json<{ order_id: number }>().order_id;
  const [mail] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
  const match = new RegExp(`/payment/order/${orderId}\\?store=1#k=(\\d{10}\\.[A-Za-z0-9_-]{43})`).exec(mail!.textBody);
  expect(match, mail!.textBody).not.toBeNull();
  expect(mail!.htmlBody).toContain(match![1]);
  return { orderId, key: match![1]! };
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  agent = new TestClient(t.app);
  expect((await agent.login('agente@ventanilla.test', 'agente-demo-2026')).statusCode).toBe(200);
});
afterAll(async () => t?.close());

describe('paying by the link, signed out', () => {
  it('shows the amount and pays the order; a paid order cannot be paid again', async () => {
    const { orderId, key } = await agentOrder();
    const c = await anonymous();
    const status = await c.post(`/api/pay-links/${orderId}`, { key });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ order_id: orderId, paid: false, amount: '25.12', store_id: 1 });
    expect(JSON.stringify(status.json())).not.toContain('paga-enlace');
    const pay = await c.post(`/api/pay-links/${orderId}/pay`, {
      key,
      payment_method: 'cc',
      accept_terms: true,
      start_now: true,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const paid = await payOnSandbox(t.app, pay.json().redirect_url, { number: '4242 4242 4242 4242' });
    expect(paid.status).toBe(303);
    // The browser comes back to the link's own page (the payer may not be signed in).
    expect(paid.location).toContain(`/payment/order/${orderId}`);
    await waitFor(async () => (await c.post(`/api/pay-links/${orderId}`, { key })).json<{ paid: boolean }>().paid);
    const again = await c.post(`/api/pay-links/${orderId}/pay`, {
      key,
      payment_method: 'cc',
      accept_terms: true,
      start_now: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_ALREADY_PAID');
  });

  it('a link changed in any way, or used for another order, is a 404 and opens no payment', async () => {
    const a = await agentOrder('enlace-a@example.com');
    const b = await agentOrder('enlace-b@example.com');
    const [expiry, signature] = a.key.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const tampered = [
      `${expiry}.${flip(signature, 0)}`,
      `${expiry}.${flip(signature, 42)}`,
      `${Number(expiry) + DAY / 1000}.${signature}`,
      `${expiry}.${signature}x`,
      `${expiry}.${signature.slice(0, 42)}`,
      `${expiry}.${signature.slice(0, 42)}\u0000`,
      b.key,
      '',
    ];
    for (const key of tampered) {
      const c = await anonymous();
      const res = await c.post(`/api/pay-links/${a.orderId}/pay`, {
        key,
        payment_method: 'cc',
        accept_terms: true,
        start_now: true,
      });
      expect([400, 404], `${key}: ${res.body}`).toContain(res.statusCode);
      expect((await c.post(`/api/pay-links/${a.orderId}`, { key })).statusCode).not.toBe(200);
    }
    // A's key on B, and on orders that do not exist.
    const c = await anonymous();
    for (const orderId of [b.orderId, a.orderId + 1_000_000, 1]) {
      expect(
        (
          await c.post(`/api/pay-links/${orderId}/pay`, {
            key: a.key,
            payment_method: 'cc',
            accept_terms: true,
            start_now: true,
          })
        ).statusCode,
      ).toBe(404);
    }
    for (const url of [`/api/pay-links/${2 ** 40}`, '/api/pay-links/0', '/api/pay-links/1e3', '/api/pay-links/%00']) {
      const res = await c.post(url, { key: a.key });
      expect([400, 404], `${url}: ${res.body}`).toContain(res.statusCode);
    }
    const opened = await t.app.ctx.database.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM payments WHERE order_id = $1',
      [a.orderId],
    );
    expect(Number(opened.rows[0]!.n)).toBe(0);
  });

  it('an expired link says so in the shop language; the customer can still pay signed in', async () => {
    const email = 'caducado@example.com';
    const customer = new TestClient(t.app);
    expect((await customer.register(email)).statusCode).toBe(201);
    const { orderId, key } = await agentOrder(email);
    const c = await anonymous();
    expect((await c.post(`/api/pay-links/${orderId}`, { key })).statusCode).toBe(200);
    clock += 15 * DAY;
    try {
      const res = await (
        await anonymous()
      ).post(`/api/pay-links/${orderId}/pay`, { key, payment_method: 'cc', accept_terms: true, start_now: true });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ code: 'PAY_LINK_EXPIRED', message: expect.stringContaining('ha caducado') });
      const pt = await (await anonymous(16)).post(`/api/pay-links/${orderId}`, { key });
      expect(pt.statusCode).toBe(410);
      expect(pt.json().message).toContain('expirou');
      // Ownership is unchanged: the signed-in customer pays from the account; nobody else can.
      expect(
        (
          await (
            await anonymous()
          ).post(`/api/pay-links/${orderId}/pay`, { key, payment_method: 'cc', accept_terms: true, start_now: true })
        ).statusCode,
      ).toBe(410);
      expect(
        (
          await customer.post(`/api/orders/${orderId}/pay`, {
            payment_method: 'cc',
            accept_terms: true,
            start_now: true,
          })
        ).statusCode,
      ).toBe(201);
      expect((await agent.post(`/api/orders/${orderId}/pay`, { payment_method: 'cc' })).statusCode).toBe(404);
    } finally {
      clock -= 15 * DAY;
    }
  });

  it('needs the session CSRF token like every other state change', async () => {
    const { orderId, key } = await agentOrder('csrf-enlace@example.com');
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/pay-links/${orderId}/pay`,
      payload: { key, payment_method: 'cc' },
    });
    expect(bare.statusCode).toBe(403);
  });

  it('orders placed at the checkout get no pay link key (the customer pays signed in)', async () => {
    const customer = new TestClient(t.app);
    expect((await customer.register('sin-enlace@example.com')).statusCode).toBe(201);
    await customer.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() });
    const res = await customer.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json<{ order_id: number }>().order_id;
    // Left unpaid at the card page: the reminder job's "order received" links to the order's payment page.
    await t.app.ctx.database.pool.query(
      "update orders set created_at = now() - interval '31 minutes' where order_id = $1",
      [orderId],
    );
    await t.app.ctx.email.remindUnpaidOrders(new Date(Date.now() - 3_600_000), new Date(Date.now() - 30 * 60_000));
    const [mail] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
    expect(mail!.textBody).toContain('/payment/order/');
    expect(mail!.textBody).not.toContain('#k=');
  });
});
