import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIZUM_TEST_CODE } from '../../src/modules/payments/sandbox/sandbox-methods.js';
import { SandboxMethodsBrowser } from '../support/sandbox-methods-browser.js';
import { sendSandboxNotification } from '../support/payment-state.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

// Webhooks are not delivered by the sandbox here: the test takes the events it signed and fires them itself,
// several times, concurrently and out of order, next to forged failure, cancel and expiry events.
let t: TestApp;
let browser: SandboxMethodsBrowser;
const paidEvents: number[] = [];
beforeAll(async () => {
  t = await createTestApp({
    deliverWebhooks: false,
    env: { STORE_PAYMENT_METHODS: '16=cc,multibanco,sibsmbway,sibsmb' },
  });
  browser = new SandboxMethodsBrowser(t.app);
  t.app.ctx.orderEvents.on('paid', async (_tx, e) => void paidEvents.push(e.orderId));
});
afterAll(async () => t?.close());
let seq = 0;

async function order(store: 1 | 16, method: string) {
  const c = new TestClient(t.app);
  await c.start(store);
  const line =
    store === 1
      ? { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() }
      : { store_id: 16, url_key: 'certidao-permanente-automovel', answers: { '4201': 'AA00AA', '4202': '420201' } };
  await c.post('/api/cart/items', line);
  await c.register(`once${++seq}-${Date.now()}@example.com`);
  const res = (await c.post('/api/checkout', { payment_method: method, accept_terms: true, start_now: true })).json<{
    order_id: number;
    redirect_url: string;
  }>();
  const { rows } = await t.app.ctx.database.pool.query<{ provider_ref: string }>(
    'select provider_ref from payments where order_id = $1',
    [res.order_id],
  );
  return { ...res, ref: rows[0]!.provider_ref };
}

/** Drives the sandbox to a success the way a customer would, per method. */
async function succeedOnSandbox(method: string, o: { redirect_url: string; ref: string }, phone: string) {
  const gateway = t.app.ctx.sandbox;
  if (method === 'paypal') await browser.approvePaypal(o.redirect_url);
  if (method === 'bizum') {
    await browser.submitPhone(o.redirect_url, phone);
    await browser.bizumCode(o.ref, BIZUM_TEST_CODE);
  }
  if (method === 'sibsmbway') {
    await browser.submitPhone(o.redirect_url, phone);
    await gateway.resolveMbWay(o.ref, 'approve');
  }
  if (method === 'multibanco' || method === 'sibsmb') {
    const row = (await gateway.get(o.ref))!;
    await gateway.atm(row.mbEntity!, row.mbReference!, row.amount, 'pay');
  }
}

/** The success notification the sandbox signed and queued (undelivered here). */
async function queuedSuccess(ref: string): Promise<string> {
  const row = await t.app.ctx.sandbox.get(ref);
  const body = row?.pendingEvents.map((e) => e.body).find((b) => JSON.parse(b).type === 'payment.succeeded');
  if (!body) throw new Error(`no success event queued for ${ref}`);
  return body;
}

function forged(type: string, from: string, id: string): string {
  const e = JSON.parse(from);
  return JSON.stringify({
    ...e,
    id,
    type,
    data: {
      ...e.data,
      failure_code: type === 'payment.succeeded' ? null : type.slice('payment.'.length),
      payment_method: null,
    },
  });
}

const send = (body: string, options: { secret?: string; at?: number } = {}) =>
  sendSandboxNotification(t.app, body, options);

function shuffled<T>(list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function state(orderId: number) {
  const q = (sql: string) => t.app.ctx.database.pool.query(sql, [orderId]).then((r) => r.rows);
  const [order] = await q('select status from orders where order_id = $1');
  const captured = await q("select id from payments where order_id = $1 and status = 'captured'");
  const history = await q(
    "select h.id from item_history h join order_items i on i.item_id = h.item_id where i.order_id = $1 and h.accion = 'pago_confirmado'",
  );
  const applied = await q(
    "select e.id from payment_events e join payments p on p.id = e.payment_id where p.order_id = $1 and e.type = 'payment.succeeded' and e.outcome = 'applied'",
  );
  return {
    status: order.status as string,
    captured: captured.length,
    history: history.length,
    appliedSuccesses: applied.length,
    paidEvents: paidEvents.filter((o) => o === orderId).length,
  };
}

const ONE_PAID = { status: 'complete', captured: 1, history: 1, appliedSuccesses: 1, paidEvents: 1 };

const METHODS = [
  ['paypal', 1, ''],
  ['bizum', 1, '612345678'],
  ['sibsmbway', 16, '912345678'],
  ['multibanco', 16, ''],
  ['sibsmb', 16, ''],
] as const;

describe.each(METHODS)('%s notifications, exactly once', (method, store, phone) => {
  it('success x4 with failure, cancel and expiry, all concurrent and shuffled: one paid order, one capture', async () => {
    const o = await order(store, method);
    await succeedOnSandbox(method, o, phone);
    const success = await queuedSuccess(o.ref);
    const batch = shuffled([
      success,
      success,
      success,
      success,
      forged('payment.failed', success, `evt_f_${o.ref}`),
      forged('payment.canceled', success, `evt_c_${o.ref}`),
      forged('payment.expired', success, `evt_x_${o.ref}`),
      forged('payment.failed', success, `evt_f_${o.ref}`),
    ]);
    const responses = await Promise.all(batch.map((b) => send(b)));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    // Whatever order they were applied in, the success was applied once and is final.
    expect(await state(o.order_id)).toEqual(ONE_PAID);
    // Expiry after payment, then the success once more: 200, nothing changes.
    expect((await send(forged('payment.expired', success, `evt_x2_${o.ref}`))).json()).toEqual({
      received: true,
      duplicate: false,
    });
    expect((await send(success)).json()).toEqual({ received: true, duplicate: true });
    expect(await state(o.order_id)).toEqual(ONE_PAID);
  });

  it('success after a failure or an expiry (late delivery) still pays: no payment is lost', async () => {
    const o = await order(store, method);
    await succeedOnSandbox(method, o, phone);
    const success = await queuedSuccess(o.ref);
    await send(forged('payment.expired', success, `evt_late_x_${o.ref}`));
    await send(forged('payment.failed', success, `evt_late_f_${o.ref}`));
    expect((await state(o.order_id)).status).toBe('pending');
    await Promise.all([send(success), send(success)]);
    expect(await state(o.order_id)).toEqual(ONE_PAID);
  });

  it('a bad signature or a stale timestamp is a 400 and leaves no trace', async () => {
    const o = await order(store, method);
    await succeedOnSandbox(method, o, phone);
    const success = await queuedSuccess(o.ref);
    const [bad, stale] = await Promise.all([
      send(success, { secret: 'someone-else' }),
      send(success, { at: Math.floor(Date.now() / 1000) - 301 }),
    ]);
    expect([bad.statusCode, stale.statusCode]).toEqual([400, 400]);
    const { rows } = await t.app.ctx.database.pool.query('select id from payment_events where event_id = $1', [
      JSON.parse(success).id,
    ]);
    expect(rows).toEqual([]);
    expect(await state(o.order_id)).toMatchObject({ status: 'pending', captured: 0, paidEvents: 0 });
    expect((await send(success)).json()).toEqual({ received: true, duplicate: false });
    expect(await state(o.order_id)).toEqual(ONE_PAID);
  });
});

describe('two payments of one order both succeed (paid twice by the customer)', () => {
  it('the order is paid once; the second capture is kept (never lost) and marked for a refund', async () => {
    const o = await order(16, 'multibanco');
    await succeedOnSandbox('multibanco', o, '');
    const first = await queuedSuccess(o.ref);
    // A second payment attempt for the same order (e.g. MB WAY from an email link) also succeeds.
    await t.app.ctx.database.pool.query(
      "insert into payments (order_id, method, provider, provider_ref, amount, status) select order_id, 'sibsmbway', 'sandbox', 'sbx_second', total, 'pending' from orders where order_id = $1 returning id",
      [o.order_id],
    );
    const second = JSON.stringify({
      ...JSON.parse(first),
      id: 'evt_second_payment',
      data: { ...JSON.parse(first).data, ref: 'sbx_second' },
    });
    await Promise.all([send(first), send(second)]);
    const s = await state(o.order_id);
    expect(s).toMatchObject({ status: 'complete', captured: 2, history: 1, paidEvents: 1 });
    const outcomes = await t.app.ctx.database.pool.query(
      'select e.outcome from payment_events e join payments p on p.id = e.payment_id where p.order_id = $1 order by e.outcome',
      [o.order_id],
    );
    expect(outcomes.rows.map((r) => r.outcome)).toEqual(['applied', 'captured_order_already_paid']);
  });
});
