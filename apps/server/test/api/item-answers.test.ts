import type { OrderStatusValue, PanelStatusId } from '@ventanilla/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { itemHistory, orderItems, orders } from '../../src/db/schema.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

// `/tienda/product/actualizar/{order_id}/{item_id}`: a customer completes or corrects the answers of an order line
// (owner only, status rules, re-evaluated by the server, price may not change, old answers kept in the history);
// signed-in customers' unfinished orders (drafts) and the shop configuration (nota simple reuse window).

let t: TestApp;
let owner: TestClient;
let other: TestClient;
let orderId: number;
let itemId: number;
const url = () => `/api/me/orders/${orderId}/items/${itemId}/answers`;

function put(c: TestClient, path: string, payload: unknown, headers?: Record<string, string>) {
  return c.request({ method: 'PUT', url: path, payload: payload as object, headers });
}

async function setStatus(raw: OrderStatusValue, panel: PanelStatusId) {
  await t.app.ctx.db.update(orders).set({ status: raw }).where(eq(orders.orderId, orderId));
  await t.app.ctx.db.update(orderItems).set({ panelStatusId: panel }).where(eq(orderItems.itemId, itemId));
}

beforeAll(async () => {
  t = await createTestApp({ env: { NOTA_SIMPLE_REUSE_SECONDS: '-1' } });
  owner = new TestClient(t.app);
  other = new TestClient(t.app);
  await owner.register('dueno@example.com');
  await other.register('otro@example.com');
  expect(
    (await owner.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() }))
      .statusCode,
  ).toBe(201);
  const checkout = await owner.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
  expect(checkout.statusCode).toBe(201);
  orderId = checkout.json().order_id;
  itemId = (await owner.get(`/api/me/orders/${orderId}`)).json().items[0].id;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/me/orders/{order}/items/{item}/answers', () => {
  it('gives the owner the product, the answers and whether they can be corrected', async () => {
    const res = await owner.get(url());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      order_id: orderId,
      item_id: itemId,
      store_id: 1,
      product_id: 15867,
      url_key: 'nota-simple',
      panel_status_id: 0,
      editable: true,
      price: '25.12',
      answers: { '80': 'Calle Mayor 1, 2º B', '77': 'Juan Español', '411': '3781' },
    });
  });

  it('is 404 for another customer, for an item of another order and for an unknown item; 401 anonymous', async () => {
    expect((await other.get(url())).statusCode).toBe(404);
    expect((await owner.get(`/api/me/orders/${orderId + 1}/items/${itemId}/answers`)).statusCode).toBe(404);
    expect((await owner.get(`/api/me/orders/${orderId}/items/${itemId + 999}/answers`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(url())).statusCode).toBe(401);
  });
});

describe('PUT /api/me/orders/{order}/items/{item}/answers', () => {
  it('saves corrected answers, shows them on the order and keeps the old ones in the history', async () => {
    const res = await put(owner, url(), { answers: { ...notaSimpleAnswers(), '80': 'Calle Mayor 3, 1º A' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().answers['80']).toBe('Calle Mayor 3, 1º A');
    const order = (await owner.get(`/api/me/orders/${orderId}`)).json();
    expect(order.items[0].options.find((o: { option_id: number }) => o.option_id === 80).value).toBe(
      'Calle Mayor 3, 1º A',
    );
    expect(order.total).toBe('25.12');
    const history = await t.app.ctx.db
      .select()
      .from(itemHistory)
      .where(and(eq(itemHistory.itemId, itemId), eq(itemHistory.accion, 'respuestas_corregidas')));
    expect(history).toHaveLength(1);
    expect(history[0]!.details).toMatchObject({
      by: 'customer',
      old_answers: { '80': 'Calle Mayor 1, 2º B' },
      new_answers: { '80': 'Calle Mayor 3, 1º A' },
    });
  });

  it('records nothing when nothing changed', async () => {
    const res = await put(owner, url(), { answers: { ...notaSimpleAnswers(), '80': 'Calle Mayor 3, 1º A' } });
    expect(res.statusCode).toBe(200);
    const history = await t.app.ctx.db
      .select()
      .from(itemHistory)
      .where(and(eq(itemHistory.itemId, itemId), eq(itemHistory.accion, 'respuestas_corregidas')));
    expect(history).toHaveLength(1);
  });

  it('re-validates on the server: a missing answer is 422 with the spec message, and nothing is saved', async () => {
    const { '80': _address, ...missing } = notaSimpleAnswers();
    const res = await put(owner, url(), { answers: missing });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'INVALID_ANSWERS',
      errors: [{ option_id: 80, message: 'Por favor, escribe el dato' }],
    });
    expect((await owner.get(url())).json().answers['80']).toBe('Calle Mayor 3, 1º A');
  });

  it('owner unknown: the cadastral reference (step 5.1) is asked and checked; with a known owner it is dropped', async () => {
    const { '77': _owner, ...noOwner } = notaSimpleAnswers();
    const bad = await put(owner, url(), { answers: { ...noOwner, '77': 'Desconocido', '82': '9872023VH5797S0001XX' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.map((e: { option_id: number }) => e.option_id)).toEqual([82]);
    const good = await put(owner, url(), { answers: { ...noOwner, '82': '9872023VH5797S0001WX' } });
    expect(good.statusCode).toBe(200);
    expect(good.json().answers['82']).toBe('9872023VH5797S0001WX');
    const known = await put(owner, url(), { answers: { ...notaSimpleAnswers(), '82': '9872023VH5797S0001WX' } });
    expect(known.statusCode).toBe(200);
    expect(known.json().answers['82']).toBeUndefined();
  });

  it('refuses a change of price (urgent service) with both amounts', async () => {
    const res = await put(owner, url(), { answers: notaSimpleAnswers(true) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRICE_CHANGE_NOT_ALLOWED' });
    expect(res.json().message).toContain('32.08');
    expect(res.json().message).toContain('25.12');
    expect((await owner.get(url())).json().answers['411']).toBe('3781');
  });

  it('is 404 for another customer (nothing changes), 401 anonymous, 403 without the CSRF token', async () => {
    const body = { answers: { ...notaSimpleAnswers(), '80': 'Otra calle 9' } };
    expect((await put(other, url(), body)).statusCode).toBe(404);
    // An anonymous caller with a session and its CSRF token, so the 401 comes from the missing sign-in.
    const anonymous = new TestClient(t.app);
    await anonymous.start(1);
    expect((await put(anonymous, url(), body)).statusCode).toBe(401);
    expect((await put(owner, url(), body, { 'x-csrf-token': 'wrong' })).statusCode).toBe(403);
    expect((await owner.get(url())).json().answers['80']).toBe('Calle Mayor 1, 2º B');
  });

  it.each<[OrderStatusValue, PanelStatusId, boolean]>([
    ['complete', 40, true],
    ['complete', 60, true],
    ['complete', 50, false],
    ['complete', 110, false],
    ['closed', 40, false],
  ])('order %s, line at panel status %i: editable %s', async (raw, panel, editable) => {
    await setStatus(raw, panel);
    expect((await owner.get(url())).json().editable).toBe(editable);
    const res = await put(owner, url(), { answers: { ...notaSimpleAnswers(), '80': `Calle ${panel} ${raw}` } });
    if (editable) {
      expect(res.statusCode).toBe(200);
    } else {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ITEM_NOT_EDITABLE' });
    }
    await setStatus('pending', 0);
  });
});

describe("signed-in customers' drafts (unfinished orders)", () => {
  const draft = {
    answers: { '78': '5028', '80': 'Calle Luna 2' },
    seen: [78, 79, 80],
    last_path: '/tienda/nota-simple/step3',
    last_step: 3,
  };

  it('keeps one draft per store and product, lists it to its owner only, forgets it on DELETE', async () => {
    expect((await put(owner, '/api/me/drafts/1/nota-simple', draft)).statusCode).toBe(204);
    expect(
      (
        await put(owner, '/api/me/drafts/1/nota-simple', {
          ...draft,
          last_step: 4,
          last_path: '/tienda/nota-simple/step4',
        })
      ).statusCode,
    ).toBe(204);
    const list = (await owner.get('/api/me/drafts')).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      store_id: 1,
      url_key: 'nota-simple',
      product_id: 15867,
      last_step: 4,
      answers: draft.answers,
    });
    expect(list.items[0].product_name).toMatch(/Nota simple/);
    expect((await other.get('/api/me/drafts')).json().items).toEqual([]);
    // Another customer's draft of the same product is their own: the owner's is not overwritten.
    expect(
      (
        await put(other, '/api/me/drafts/1/nota-simple', {
          ...draft,
          answers: { '78': '1', '80': 'Otra' },
          last_step: 1,
        })
      ).statusCode,
    ).toBe(204);
    expect((await owner.get('/api/me/drafts')).json().items[0]).toMatchObject({ last_step: 4, answers: draft.answers });
    expect((await other.get('/api/me/drafts')).json().items).toHaveLength(1);
    // Another customer's DELETE does not touch it.
    expect((await other.delete('/api/me/drafts/1/nota-simple')).statusCode).toBe(204);
    expect((await owner.get('/api/me/drafts')).json().items).toHaveLength(1);
    expect((await owner.delete('/api/me/drafts/1/nota-simple')).statusCode).toBe(204);
    expect((await owner.get('/api/me/drafts')).json().items).toEqual([]);
  });

  it('refuses addresses outside the shop, unknown products and anonymous callers', async () => {
    expect(
      (await put(owner, '/api/me/drafts/1/nota-simple', { ...draft, last_path: 'https://evil.example/' })).statusCode,
    ).toBe(400);
    expect(
      (await put(owner, '/api/me/drafts/1/nota-simple', { ...draft, last_path: '//evil.example/x' })).statusCode,
    ).toBe(400);
    expect((await put(owner, '/api/me/drafts/1/no-existe', draft)).statusCode).toBe(404);
    expect((await put(owner, '/api/me/drafts/1/certidao-permanente', draft)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get('/api/me/drafts')).statusCode).toBe(401);
    // A session with its CSRF token but nobody signed in: 401 on the writes too.
    const anonymous = new TestClient(t.app);
    await anonymous.start(1);
    expect((await put(anonymous, '/api/me/drafts/1/nota-simple', draft)).statusCode).toBe(401);
    expect((await anonymous.delete('/api/me/drafts/1/nota-simple')).statusCode).toBe(401);
  });
});

describe('the nota simple reuse window (spec: seconds, -1 always)', () => {
  it('GET /api/config gives the configured window', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ nota_simple_reuse_seconds: -1 });
  });

  it('defaults to a week; anything below -1 is refused at boot', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).notaSimpleReuseSeconds).toBe(604800);
    expect(loadConfig({ NODE_ENV: 'test', NOTA_SIMPLE_REUSE_SECONDS: '0' }).notaSimpleReuseSeconds).toBe(0);
    expect(() => loadConfig({ NODE_ENV: 'test', NOTA_SIMPLE_REUSE_SECONDS: '-2' })).toThrow(ConfigError);
  });
});
