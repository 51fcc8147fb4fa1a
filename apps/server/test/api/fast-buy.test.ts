import { cents, FAST_BUY_ORIGINS, FAST_BUY_TARGETS } from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { itemDocumentReads, savedItemOrders, savedItems, users, type StoredAnswerLine } from '../../src/db/schema.js';
import { Origin } from '../../src/modules/saved-items/fast-buy.routes.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

// Fast-buy (docs/customer-panel.md): a product ordered from a saved item or an order line, its answers pre-filled by
// the server from the customer's own rows, and the nota simple refresh after 60 days.

let t: TestApp;
let ana: TestClient;
let bea: TestClient;
let anaId: number;
const clock = Date.parse('2026-06-15T10:00:00Z');
let nextOrderId = 700_000_001;
const IDUFIR = '28079000123456';

interface Prefill {
  product_id: number;
  answers: Record<string, string>;
  prefilled: number[];
  start_step: number | null;
  price: { total: string };
}

const line = (option_id: number, value: string, print_value = value, option_type = 'field'): StoredAnswerLine => ({
  option_id,
  label: String(option_id),
  value,
  print_value,
  option_type,
});

/** A paid nota simple line of `customerId` (Madrid, Alcalá de Henares), as checkout stores it. */
async function notaSimpleLine(customerId: number) {
  return insertOrderWithItem(t.app.ctx.db, {
    orderId: nextOrderId++,
    customerId,
    order: { paidAt: new Date(clock), status: 'complete' },
    item: {
      productId: 15867,
      productName: 'Nota simple',
      answers: {
        '78': '5028',
        '79': '28005',
        '80': 'Calle Mayor 1, 2º B',
        '77': 'Juan Español',
        '411': '3781',
        '74': 'Bajo',
      },
      productOptions: [
        line(78, '5028', 'Madrid', 'drop_down'),
        line(79, '28005', 'Alcalá de Henares', 'municipio'),
        line(80, 'Calle Mayor 1, 2º B'),
        line(77, 'Juan Español'),
      ],
      total: cents(2512),
      panelStatusId: 110,
    },
  });
}

async function saveProperty(c: TestClient, attrs: Record<string, string>, name = 'Calle Mayor 1, Alcalá') {
  const res = await c.post('/api/me/properties', {
    name,
    meta: { attr: Object.entries(attrs).map(([key, value]) => ({ key, value })) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  ana = new TestClient(t.app);
  bea = new TestClient(t.app);
  expect((await ana.register('ana-fast@example.com')).statusCode).toBe(201);
  expect((await bea.register('bea-fast@example.com')).statusCode).toBe(201);
  const all = await t.app.ctx.db.select({ id: users.id, email: users.email }).from(users);
  anaId = all.find((u) => u.email === 'ana-fast@example.com')!.id;
});
afterAll(async () => t?.close());

describe('fast-buy targets against the catalogue', () => {
  it.each(FAST_BUY_TARGETS.map((target) => [target.kind, target.productId, target] as const))(
    '%s -> %s: the options exist with the kind of answer the mapping gives',
    (_kind, productId, target) => {
      const product = t.app.ctx.catalog.findProductById(1, productId);
      expect(product, `product ${productId} in store 1`).toBeDefined();
      const byId = new Map(product!.form.options.map((o) => [o.option_id, o]));
      for (const [key, optionId] of Object.entries(target.fields)) {
        const option = byId.get(optionId);
        expect(option, `${key} -> ${optionId}`).toBeDefined();
        const expected =
          key === 'province' ? ['drop_down'] : key === 'municipality' ? ['municipio'] : ['field', 'area'];
        expect(expected, `${key} -> ${optionId}`).toContain(option!.type);
      }
      for (const choice of target.choices ?? []) {
        const values = byId.get(choice.optionId)?.opt_values.map((v) => v.id) ?? [];
        for (const pick of choice.picks) expect(values).toContain(pick.value);
      }
    },
  );

  it("the route's origins are the domain's", () => {
    expect(Origin.anyOf.map((o: { const: string }) => o.const)).toEqual([...FAST_BUY_ORIGINS]);
  });
});

describe('from a saved property', () => {
  it('lists the products a property can order and pre-fills the certificate: identified by IDUFIR', async () => {
    const id = await saveProperty(ana, {
      address: 'Calle Mayor 1, 2º B',
      municipality: 'Alcalá de Henares',
      province: 'Madrid',
      owner: 'Juan Español',
      idufir: IDUFIR,
    });
    const overview = await ana.get(`/api/me/fast-buy/inmueble/${id}`);
    expect(overview.statusCode, overview.body).toBe(200);
    const keys = overview.json<{ products: Array<{ url_key: string }> }>().products.map((p) => p.url_key);
    expect(keys).toEqual(expect.arrayContaining(['nota-simple', 'certificado-registro-propiedad']));
    expect(overview.json()).toMatchObject({ origin: 'inmueble', origin_id: id, refresh: null });

    const res = await ana.get(`/api/me/fast-buy/inmueble/${id}/certificado-registro-propiedad`);
    expect(res.statusCode, res.body).toBe(200);
    const prefill = res.json<Prefill>();
    // Identified by the IDUFIR: province, municipality and address are hidden, so the server drops them.
    expect(prefill.answers).toEqual({ '1103': '110303', '1109': IDUFIR, '1110': 'Juan Español' });
    expect(prefill.prefilled.sort()).toEqual([1103, 1109, 1110]);
    // The first question (which certificate) is not known: the wizard starts there.
    expect(prefill.start_step).toBe(1);
  });

  it('pre-fills a nota simple from a property known by its address: the wizard skips to the first unanswered page', async () => {
    const id = await saveProperty(
      ana,
      { address: 'Plaza de Cervantes 5', municipality: 'alcala de henares', province: 'MADRID', owner: 'Ana López' },
      'Plaza de Cervantes 5',
    );
    const prefill = (await ana.get(`/api/me/fast-buy/inmueble/${id}/nota-simple`)).json<Prefill>();
    expect(prefill.answers).toEqual({
      '78': '5028',
      '79': '28005',
      '80': 'Plaza de Cervantes 5',
      '77': 'Ana López',
    });
    // Pages: [78, 79], [80], [77] answered; [74] "other data" is the first unanswered one.
    expect(prefill.start_step).toBe(4);
    expect(prefill.price.total).toBe('25.12');
  });

  it("the IDUFIR read from the property's nota simple counts when the customer wrote none", async () => {
    const id = await saveProperty(ana, { address: 'Calle Leída 2', province: 'Madrid' }, 'Calle Leída 2');
    await t.app.ctx.db
      .update(savedItems)
      .set({ docParsedEntities: [{ entity: 'idufir', text_data: '28079000654321' }] })
      .where(eq(savedItems.id, id));
    const prefill = (await ana.get(`/api/me/fast-buy/inmueble/${id}/certificado-registro-propiedad`)).json<Prefill>();
    expect(prefill.answers).toEqual({ '1103': '110303', '1109': '28079000654321' });
  });

  it("another customer's property, a missing one, or a malformed id: the same 404", async () => {
    const id = await saveProperty(ana, { address: 'Calle Secreta 9', province: 'Madrid' }, 'Calle Secreta 9');
    for (const url of [
      `/api/me/fast-buy/inmueble/${id}`,
      `/api/me/fast-buy/inmueble/${id}/nota-simple`,
      `/api/me/fast-buy/empresa/${id}`,
      '/api/me/fast-buy/inmueble/999999',
      `/api/me/fast-buy/inmueble/${2 ** 31}`,
      '/api/me/fast-buy/inmueble/0',
      '/api/me/fast-buy/inmueble/-1',
      '/api/me/fast-buy/inmueble/1e3',
      '/api/me/fast-buy/inmueble/%00',
    ]) {
      const res = await bea.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Secreta');
    }
    expect((await bea.get(`/api/me/fast-buy/otro/${id}`)).statusCode).toBe(400);
    // Signed out: 401.
    const anon = new TestClient(t.app);
    await anon.start();
    expect((await anon.get(`/api/me/fast-buy/inmueble/${id}`)).statusCode).toBe(401);
  });

  it('a product the kind does not order, or one not in the store, is 404', async () => {
    const id = await saveProperty(ana, { address: 'Calle Luna 3', province: 'Madrid' }, 'Calle Luna 3');
    expect((await ana.get(`/api/me/fast-buy/inmueble/${id}/informe-vehiculo-matricula-dgt`)).statusCode).toBe(404);
    expect((await ana.get(`/api/me/fast-buy/inmueble/${id}/no-such-product`)).statusCode).toBe(404);
  });
});

describe('from a saved company or vehicle', () => {
  it('a company pre-fills name and CIF; the wizard goes straight to the check-answers page when nothing is left', async () => {
    const created = await ana.post('/api/me/companies', {
      name: 'Ferretería López SL',
      meta: { attr: [{ key: 'cif', value: 'B12345674' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const prefill = (
      await ana.get(`/api/me/fast-buy/empresa/${created.json<{ id: number }>().id}/informe-economico`)
    ).json<Prefill>();
    expect(prefill.answers).toEqual({ '5501': 'Ferretería López SL', '5502': 'B12345674' });
    expect(prefill.start_step).toBeNull();
  });

  it('a vehicle pre-fills the plate', async () => {
    const created = await ana.post('/api/me/vehicles', {
      name: 'Mi coche',
      meta: { attr: [{ key: 'plate', value: '1234BCD' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const prefill = (
      await ana.get(`/api/me/fast-buy/vehiculo/${created.json<{ id: number }>().id}/informe-vehiculo-matricula-dgt`)
    ).json<Prefill>();
    expect(prefill.answers).toEqual({ '2101': '1234BCD' });
    expect(prefill.start_step).toBe(2);
  });
});

describe('from an order line, and the nota simple refresh after 60 days', () => {
  it("re-orders a line with its own answers; another customer's line is 404", async () => {
    const { itemId } = await notaSimpleLine(anaId);
    const overview = (await ana.get(`/api/me/fast-buy/pedido/${itemId}`)).json<{
      products: Array<{ url_key: string }>;
    }>();
    // The line's own product, and the other products of its property.
    expect(overview.products.map((p) => p.url_key)).toEqual(
      expect.arrayContaining(['nota-simple', 'certificado-registro-propiedad', 'certificado-energetico']),
    );
    const again = (await ana.get(`/api/me/fast-buy/pedido/${itemId}/nota-simple`)).json<Prefill>();
    expect(again.answers).toMatchObject({ '78': '5028', '79': '28005', '80': 'Calle Mayor 1, 2º B', '74': 'Bajo' });
    // Everything but the optional purpose (81) was answered.
    expect(again.start_step).toBe(5);
    const energy = (await ana.get(`/api/me/fast-buy/pedido/${itemId}/certificado-energetico`)).json<Prefill>();
    expect(energy.answers).toEqual({ '1603': expect.any(String), '1604': '28005', '1605': 'Calle Mayor 1, 2º B' });
    expect((await bea.get(`/api/me/fast-buy/pedido/${itemId}`)).statusCode).toBe(404);
    expect((await bea.get(`/api/me/fast-buy/pedido/${itemId}/nota-simple`)).statusCode).toBe(404);
  });

  it.each([
    ['60 days old (Madrid calendar): not yet', '2026-04-16', null],
    ['61 days old: the refresh is offered', '2026-04-15', 61],
  ])('%s', async (_label, fecha, age) => {
    const { itemId } = await notaSimpleLine(anaId);
    await t.app.ctx.db.insert(itemDocumentReads).values({
      itemId,
      docParsed: { descripcion: 'Urbana', titulares: 'Juan Español', cargas: 'Libre' },
      docParsedEntities: [{ entity: 'fecha', text_data: fecha }],
    });
    const overview = await ana.get(`/api/me/fast-buy/pedido/${itemId}`);
    expect(overview.json().refresh).toEqual(
      age === null ? null : { age_days: age, url_key: 'nota-simple', origin: 'pedido', origin_id: itemId },
    );
    // The saved property linked to the line offers it too, re-ordering the line.
    const property = await saveProperty(ana, { address: `Calle ${fecha}`, province: 'Madrid' }, `Calle ${fecha}`);
    await t.app.ctx.db.insert(savedItemOrders).values({ savedItemId: property, itemId });
    const fromProperty = (await ana.get(`/api/me/fast-buy/inmueble/${property}`)).json();
    expect(fromProperty.refresh).toEqual(
      age === null ? null : { age_days: age, url_key: 'nota-simple', origin: 'pedido', origin_id: itemId },
    );
  });

  it("without the note's date, the day its PDF was read counts", async () => {
    const { itemId } = await notaSimpleLine(anaId);
    await t.app.ctx.db.insert(itemDocumentReads).values({
      itemId,
      docParsed: { descripcion: 'Urbana', titulares: '', cargas: '' },
      docParsedEntities: [],
      parsedAt: new Date(clock - 90 * 86_400_000),
    });
    expect((await ana.get(`/api/me/fast-buy/pedido/${itemId}`)).json().refresh).toMatchObject({ age_days: 90 });
  });
});
