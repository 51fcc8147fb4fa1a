import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

// The cart's line edits (updatequoteitem: quantity and answers, re-priced by the server, with version checks) and
// the quote link (payment/quote/{quote_id}#k=...): someone else pays the owner's cart (docs/shop-flows.md).

let t: TestApp;
let clock = Date.now();
let ipCounter = 1;
const DAY = 86_400_000;

interface CartLine {
  id: number;
  qty: number;
  max_qty: number;
  version: number;
  answers: Record<string, unknown>;
  price: { total: string };
}
interface Cart {
  quote_id: number;
  items: CartLine[];
  totals: { total: string };
}

function patch(c: TestClient, id: number | string, payload: unknown) {
  return c.request({ method: 'PATCH', url: `/api/cart/items/${id}`, payload: payload as object });
}

/** A signed-out browser from its own address (the public routes' per-IP limits). */
async function anonymous() {
  const c = new TestClient(t.app);
  const ip = `10.6.0.${ipCounter++}`;
  const request = c.request.bind(c);
  c.request = (options) => request({ ...options, remoteAddress: ip });
  await c.start(1);
  return c;
}

/** A commercial registry simple note: a product a customer may order several of (same price as a nota simple). */
const COMPANY_NOTE = {
  store_id: 1,
  url_key: 'nota-simple-registro-mercantil',
  answers: { '1201': 'Construcciones Pérez SL', '1204': '120401' },
};

async function customerWithCart(email: string, urgent = false, line?: typeof COMPANY_NOTE) {
  const c = await anonymous();
  expect((await c.register(email)).statusCode).toBe(201);
  const added = await c.post(
    '/api/cart/items',
    line ?? { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers(urgent) },
  );
  expect(added.statusCode, added.body).toBe(201);
  return { c, cart: added.json<Cart>() };
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
});
afterAll(async () => t?.close());

describe('updatequoteitem: quantity', () => {
  it('changes the quantity; the totals are the server price times the quantity', async () => {
    const { c, cart } = await customerWithCart('qty@example.com', false, COMPANY_NOTE);
    const line = cart.items[0]!;
    expect(line).toMatchObject({ qty: 1, max_qty: 50, version: 1, price: { total: '25.12' } });
    expect(line.answers).toMatchObject({ '1201': 'Construcciones Pérez SL' });
    const res = await patch(c, line.id, { version: 1, qty: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Cart>();
    expect(after.items[0]).toMatchObject({ qty: 3, version: 2, price: { total: '25.12' } });
    expect(after.totals.total).toBe('75.36');
    // Numeric text from a quantity field is a quantity too.
    expect((await patch(c, line.id, { version: 2, qty: '2' })).json<Cart>().items[0]!.qty).toBe(2);
  });

  it.each([[0], [-1], [51], [1.5], [1e9], [1e308], ['1.5'], ['1e3'], ['-1'], ['dos'], [''], [' 3']])(
    'quantity %j is refused with a clear message in the store language',
    async (qty) => {
      const { c, cart } = await customerWithCart(`bad-qty-${Math.random()}@example.com`, false, COMPANY_NOTE);
      const res = await patch(c, cart.items[0]!.id, { version: 1, qty });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual([
        expect.objectContaining({ field: 'qty', message: 'La cantidad debe ser un número entero entre 1 y 50' }),
      ]);
      expect((await c.get('/api/cart')).json<Cart>().items[0]).toMatchObject({ qty: 1, version: 1 });
    },
  );

  it('a nota simple is for one property: quantity 2 is refused with its own message, the line says 1 at most', async () => {
    const { c, cart } = await customerWithCart('one-property@example.com');
    expect(cart.items[0]).toMatchObject({ qty: 1, max_qty: 1 });
    for (const qty of [2, '2', 50]) {
      const res = await patch(c, cart.items[0]!.id, { version: 1, qty });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual([
        expect.objectContaining({
          field: 'qty',
          message: 'Este trámite se pide de uno en uno: para otro inmueble o persona, añade otra solicitud al carrito',
        }),
      ]);
    }
    expect((await patch(c, cart.items[0]!.id, { version: 1, qty: 1 })).statusCode).toBe(200);
    expect((await c.get('/api/cart')).json<Cart>().items[0]).toMatchObject({ qty: 1, version: 2 });
  });

  it('a NUL byte in the quantity is refused on the field by the bad-input check', async () => {
    const { c, cart } = await customerWithCart('nul-qty@example.com');
    const res = await patch(c, cart.items[0]!.id, { version: 1, qty: '3\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].field).toBe('qty');
  });

  it.each([[null], [true], [{ n: 2 }], [[1, 2]]])('quantity %j is a bad request', async (qty) => {
    const { c, cart } = await customerWithCart(`bad-type-${Math.random()}@example.com`);
    expect((await patch(c, cart.items[0]!.id, { version: 1, qty })).statusCode).toBe(400);
    expect((await c.get('/api/cart')).json<Cart>().items[0]!.qty).toBe(1);
  });

  it('an edit made on an old version is refused: two tabs cannot overwrite each other', async () => {
    const { c, cart } = await customerWithCart('tabs@example.com', false, COMPANY_NOTE);
    const id = cart.items[0]!.id;
    expect((await patch(c, id, { version: 1, qty: 2 })).statusCode).toBe(200);
    const stale = await patch(c, id, { version: 1, qty: 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await c.get('/api/cart')).json<Cart>().items[0]!.qty).toBe(2);
  });

  it('concurrent edits on the same version: exactly one wins', async () => {
    const { c, cart } = await customerWithCart('race-qty@example.com', false, COMPANY_NOTE);
    const id = cart.items[0]!.id;
    const results = await Promise.all([2, 3, 4, 5].map((qty) => patch(c, id, { version: 1, qty })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await c.get('/api/cart')).json<Cart>().items[0]!.version).toBe(2);
  });

  it("another customer's line, or a line id that is no line, is not found", async () => {
    const ana = await customerWithCart('ana-cart@example.com');
    const bea = await customerWithCart('bea-cart@example.com');
    const res = await patch(bea.c, ana.cart.items[0]!.id, { version: 1, qty: 2 });
    expect(res.statusCode).toBe(404);
    expect((await ana.c.get('/api/cart')).json<Cart>().items[0]!.qty).toBe(1);
    for (const id of [2 ** 31, '0', '-1', '1e3', '%00', 'abc']) {
      expect([400, 404], String(id)).toContain((await patch(bea.c, id, { version: 1, qty: 2 })).statusCode);
    }
  });

  it('no version, a huge version, or unknown fields are bad requests', async () => {
    const { c, cart } = await customerWithCart('shape@example.com');
    const id = cart.items[0]!.id;
    for (const body of [{ qty: 2 }, { version: 2 ** 40, qty: 2 }, { version: 1, qty: 2, price: '0.01' }]) {
      expect((await patch(c, id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("updatequoteitem: a line's answers", () => {
  it('edits the answers; the price follows the server (urgent costs more), hidden answers are dropped', async () => {
    const { c, cart } = await customerWithCart('answers@example.com');
    const line = cart.items[0]!;
    const res = await patch(c, line.id, {
      version: 1,
      answers: { ...notaSimpleAnswers(true), '82': '9872023VH5797S0001WX' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Cart>().items[0]!;
    expect(after.price.total).toBe('32.08');
    // The owner is known, so the cadastral reference is not asked: the server drops it.
    expect(after.answers['82']).toBeUndefined();
    expect(after.answers['411']).toBe('3782');
  });

  it('invalid answers are refused with the reasons and change nothing', async () => {
    const { c, cart } = await customerWithCart('bad-answers@example.com');
    const res = await patch(c, cart.items[0]!.id, { version: 1, answers: { ...notaSimpleAnswers(), '80': '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('INVALID_ANSWERS');
    const now = (await c.get('/api/cart')).json<Cart>().items[0]!;
    expect(now).toMatchObject({ version: 1, price: { total: '25.12' } });
  });
});

describe('the quote link: someone else pays the cart', () => {
  async function link(c: TestClient) {
    const res = await c.post('/api/cart/quote-link');
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json<{ quote_id: number; key: string; url: string; expires_at: string }>();
    expect(out.url).toBe(`/payment/quote/${out.quote_id}#k=${out.key}`);
    return out;
  }

  it("the accountant sees lines, totals and the invoice holder (no answers) and pays; the order is the owner's", async () => {
    const { c } = await customerWithCart('owner-quote@example.com');
    const { quote_id, key } = await link(c);
    const payer = await anonymous();
    const view = await payer.post(`/api/quote-links/${quote_id}`, { key });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      quote_id,
      items: [{ product_name: expect.any(String), qty: 1, unit_total: '25.12' }],
      totals: { total: '25.12' },
      invoice: { name: 'Lucía Pérez', tax_id: null },
      order: null,
    });
    // Nothing of the owner beyond the invoice holder: no address, e-mail or answers.
    expect(view.body).not.toContain('Calle Mayor');
    expect(view.body).not.toContain('owner-quote');
    const pay = await payer.post(`/api/quote-links/${quote_id}/pay`, {
      key,
      payment_method: 'cc',
      accept_terms: true,
      start_now: true,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const { order_id, redirect_url } = pay.json<{ order_id: number; redirect_url: string }>();
    const paid = await payOnSandbox(t.app, redirect_url, { number: '4242 4242 4242 4242' });
    expect(paid.location).toContain(`/payment/quote/${quote_id}`);
    await waitFor(
      async () =>
        (await payer.post(`/api/quote-links/${quote_id}`, { key })).json<{ order: { paid: boolean } | null }>().order
          ?.paid === true,
    );
    // The owner's order, in the owner's list; the owner's cart is empty.
    const mine = await c.get(`/api/orders/${order_id}/payment`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ paid: true });
    expect((await c.get('/api/cart')).json<{ items: unknown[] }>().items).toEqual([]);
    const again = await payer.post(`/api/quote-links/${quote_id}/pay`, {
      key,
      payment_method: 'cc',
      accept_terms: true,
      start_now: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_ALREADY_PAID');
  });

  it('two payers at once make one order', async () => {
    const { c } = await customerWithCart('owner-race@example.com');
    const { quote_id, key } = await link(c);
    const payers = await Promise.all([anonymous(), anonymous(), anonymous()]);
    const results = await Promise.all(
      payers.map((p) =>
        p.post(`/api/quote-links/${quote_id}/pay`, { key, payment_method: 'cc', accept_terms: true, start_now: true }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const orders = new Set(results.map((r) => r.json<{ order_id: number }>().order_id));
    expect(orders.size).toBe(1);
  });

  it('a tampered key, another quote, or a made-up one is 404 and opens nothing', async () => {
    const a = await customerWithCart('owner-tamper-a@example.com');
    const b = await customerWithCart('owner-tamper-b@example.com');
    const la = await link(a.c);
    const lb = await link(b.c);
    const [expiry, signature] = la.key.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const payer = await anonymous();
    for (const key of [
      `${expiry}.${flip(signature, 0)}`,
      `${expiry}.${flip(signature, 42)}`,
      `${Number(expiry) + 86_400}.${signature}`,
      lb.key,
      `${la.key}x`,
      '',
    ]) {
      const res = await payer.post(`/api/quote-links/${la.quote_id}/pay`, {
        key,
        payment_method: 'cc',
        accept_terms: true,
        start_now: true,
      });
      expect([400, 404], `${key}: ${res.body}`).toContain(res.statusCode);
      expect([400, 404]).toContain((await payer.post(`/api/quote-links/${la.quote_id}`, { key })).statusCode);
    }
    for (const url of [`/api/quote-links/${lb.quote_id}`, `/api/quote-links/${2 ** 40}`, '/api/quote-links/0']) {
      expect([400, 404], url).toContain((await payer.post(url, { key: la.key })).statusCode);
    }
    // An order's pay-link key is not a quote key (another message is signed).
    const orderKey = t.app.ctx.payLinks.sign(la.quote_id);
    expect((await payer.post(`/api/quote-links/${la.quote_id}`, { key: orderKey })).statusCode).toBe(404);
    expect((await a.c.get('/api/cart')).json<{ items: unknown[] }>().items).toHaveLength(1);
  });

  it('revoked by the owner, or the cart changed since: 404; a new link works', async () => {
    const { c, cart } = await customerWithCart('owner-revoke@example.com', false, COMPANY_NOTE);
    const first = await link(c);
    const payer = await anonymous();
    expect((await c.delete('/api/cart/quote-link')).statusCode).toBe(204);
    expect((await payer.post(`/api/quote-links/${first.quote_id}`, { key: first.key })).statusCode).toBe(404);
    const second = await link(c);
    expect((await payer.post(`/api/quote-links/${second.quote_id}`, { key: second.key })).statusCode).toBe(200);
    expect((await patch(c, cart.items[0]!.id, { version: 1, qty: 2 })).statusCode).toBe(200);
    expect((await payer.post(`/api/quote-links/${second.quote_id}`, { key: second.key })).statusCode).toBe(404);
    const third = await link(c);
    expect((await payer.post(`/api/quote-links/${third.quote_id}`, { key: third.key })).json().totals.total).toBe(
      '50.24',
    );
  });

  it('an expired link is 410 in the shop language', async () => {
    const { c } = await customerWithCart('owner-expired@example.com');
    const { quote_id, key } = await link(c);
    clock += 15 * DAY;
    try {
      const payer = await anonymous();
      const res = await payer.post(`/api/quote-links/${quote_id}/pay`, {
        key,
        payment_method: 'cc',
        accept_terms: true,
        start_now: true,
      });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ code: 'PAY_LINK_EXPIRED', message: expect.stringContaining('ha caducado') });
    } finally {
      clock -= 15 * DAY;
    }
  });

  it('only a signed-in owner with an orderable cart makes links; CSRF is required', async () => {
    const anon = await anonymous();
    await anon.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() });
    expect((await anon.post('/api/cart/quote-link')).statusCode).toBe(401);
    const empty = await anonymous();
    expect((await empty.register('owner-empty@example.com')).statusCode).toBe(201);
    expect((await empty.post('/api/cart/quote-link')).statusCode).toBe(409);
    const { c } = await customerWithCart('owner-csrf@example.com');
    expect((await c.post('/api/cart/quote-link', undefined, { 'x-csrf-token': 'nope' })).statusCode).toBe(403);
  });
});
