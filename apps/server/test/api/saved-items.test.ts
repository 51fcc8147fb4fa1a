import { eq } from 'drizzle-orm';
import { cents } from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itemDocumentReads,
  itemFiles,
  orderItems,
  savedItemOrders,
  savedItems,
  users,
  type StoredAnswerLine,
} from '../../src/db/schema.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { sampleNotaSimplePdf } from '../support/nota-simple-pdf.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

// The customer panel's saved items (docs/customer-panel.md): the contract /api/me/{properties,companies,vehicles,
// documents}, ownership (another customer's id is 404, like ids that name nothing), CSRF, validation and limits,
// lists (10 a page, newest first, search, favourites), items saved from orders with consent (no duplicates under
// concurrency) and the nota simple read from the PDF an agent attaches.

let t: TestApp;
let ana: TestClient;
let bea: TestClient;
let anaId: number;
let nextOrderId = 131_000_000;

const KINDS = [
  ['properties', { name: 'Piso de la playa', meta: { tipo: [101], uso: [203] } }],
  [
    'companies',
    { name: 'Construcciones López SL', meta: { attr: [{ key: 'cif', value: 'B12345674' }], relacion: [502] } },
  ],
  ['vehicles', { name: 'Furgoneta', meta: { attr: [{ key: 'plate', value: '1234 BCD' }], tipo: [301] } }],
  ['documents', { name: 'Escritura de compraventa' }],
] as const;

function put(client: TestClient, url: string, payload: unknown) {
  return client.request({ method: 'PUT', url, payload: payload as object });
}

const line = (option_id: number, value: string): StoredAnswerLine => ({
  option_id,
  label: String(option_id),
  value,
  print_value: value,
  option_type: 'field',
});

async function order(customerId: number, productId: number, options: StoredAnswerLine[], paid = true) {
  return insertOrderWithItem(t.app.ctx.db, {
    orderId: nextOrderId++,
    customerId,
    order: { paidAt: paid ? new Date() : null, status: paid ? 'complete' : 'pending' },
    item: { productId, productName: `Product ${productId}`, productOptions: options, total: cents(1210) },
  });
}

/** What a payment does to the order (the event checkout, notifications and transfers emit when an order is paid). */
async function pay(orderId: number) {
  await t.app.ctx.db.transaction((tx) => t.app.ctx.orderEvents.paid(tx, { orderId, paymentId: null }));
}

beforeAll(async () => {
  t = await createTestApp();
  ana = new TestClient(t.app);
  bea = new TestClient(t.app);
  expect((await ana.register('ana-saved@example.com')).statusCode).toBe(201);
  expect((await bea.register('bea-saved@example.com')).statusCode).toBe(201);
  const all = await t.app.ctx.db.select({ id: users.id, email: users.email }).from(users);
  anaId = all.find((u) => u.email === 'ana-saved@example.com')!.id;
});

afterAll(async () => {
  await t.close();
});

describe('the contract: list, create, read, update, delete', () => {
  it.each(KINDS)('%s', async (path, body) => {
    const created = await ana.post(`/api/me/${path}`, body);
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({
      id: expect.any(Number),
      user_id: anaId,
      name: body.name,
      favourite: false,
      orders: [],
    });

    const list = await ana.get(`/api/me/${path}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, page: 1, per_page: 10 });
    expect(list.json().items.map((i: { id: number }) => i.id)).toEqual([item.id]);

    expect((await ana.get(`/api/me/${path}/${item.id}`)).json()).toEqual(item);

    const changed = await put(ana, `/api/me/${path}/${item.id}`, { favourite: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ ok: true, item: { id: item.id, favourite: true, name: body.name } });

    expect((await ana.delete(`/api/me/${path}/${item.id}`)).statusCode).toBe(204);
    expect((await ana.get(`/api/me/${path}/${item.id}`)).statusCode).toBe(404);
    expect((await ana.delete(`/api/me/${path}/${item.id}`)).statusCode).toBe(404);
  });

  it('a company: initials and the follow-up toggle; a vehicle: its plate normalised', async () => {
    const company = (await ana.post('/api/me/companies', { name: 'construcciones lópez sl' })).json();
    expect(company).toMatchObject({ initials: 'CL', seguimiento: false });
    const followed = await put(ana, `/api/me/companies/${company.id}`, { seguimiento: true });
    expect(followed.json().item).toMatchObject({ seguimiento: true, initials: 'CL' });
    const vehicle = (
      await ana.post('/api/me/vehicles', { name: 'Coche', meta: { attr: [{ key: 'plate', value: '9999-bcd' }] } })
    ).json();
    expect(vehicle.meta.attr).toEqual([{ key: 'plate', value: '9999BCD' }]);
    // The same plate again: one saved item per plate.
    const again = await ana.post('/api/me/vehicles', {
      name: 'Otro',
      meta: { attr: [{ key: 'plate', value: '9999BCD' }] },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SAVED_ITEM_EXISTS');
    // Bea may save the same plate: keys are per customer.
    expect(
      (await bea.post('/api/me/vehicles', { name: 'Suyo', meta: { attr: [{ key: 'plate', value: '9999BCD' }] } }))
        .statusCode,
    ).toBe(201);
  });
});

describe("ownership: another customer's id is 404, and so is anything that names no item", () => {
  let anaProperty: number;
  let anaCompany: number;

  beforeAll(async () => {
    anaProperty = (await ana.post('/api/me/properties', { name: 'Privado de Ana' })).json().id;
    anaCompany = (await ana.post('/api/me/companies', { name: 'Empresa de Ana' })).json().id;
  });

  it.each(['GET', 'PUT', 'DELETE'] as const)('%s by another customer: 404, nothing changes', async (method) => {
    const res = await bea.request({
      method,
      url: `/api/me/properties/${anaProperty}`,
      payload: method === 'PUT' ? { name: 'Robado' } : undefined,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await ana.get(`/api/me/properties/${anaProperty}`)).json().name).toBe('Privado de Ana');
  });

  it("the lists never show another customer's items", async () => {
    const list = (await bea.get('/api/me/properties?per_page=100')).json();
    expect(list.items.some((i: { id: number }) => i.id === anaProperty)).toBe(false);
  });

  it('an id of another kind is 404 (a company is not a property)', async () => {
    expect((await ana.get(`/api/me/properties/${anaCompany}`)).statusCode).toBe(404);
  });

  it.each([
    ['nonexistent', '987654'],
    ['zero', '0'],
    ['negative', '-1'],
    ['huge', '99999999999999999999'],
    ['above int4', '2147483648'],
    ['NUL byte', `${'1'}%00`],
    ['encoded NUL only', '%00'],
    ['letters', 'abc'],
    ['exponent', '1e3'],
    ['leading zero', '01'],
    ['decimal', '1.5'],
  ])('%s id (%s): 404 on GET, PUT and DELETE', async (_, id) => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await ana.request({
        method,
        url: `/api/me/properties/${id}`,
        payload: method === 'PUT' ? { name: 'x' } : undefined,
      });
      expect(res.statusCode, `${method} ${id}`).toBe(404);
    }
  });

  it('signed out: 401; without the CSRF token: 403 and nothing written', async () => {
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    expect((await anonymous.get('/api/me/properties')).statusCode).toBe(401);
    expect((await anonymous.post('/api/me/properties', { name: 'x' })).statusCode).toBe(401);
    for (const [method, url] of [
      ['POST', '/api/me/properties'],
      ['PUT', `/api/me/properties/${anaProperty}`],
      ['DELETE', `/api/me/properties/${anaProperty}`],
    ] as const) {
      const res = await ana.request({
        method,
        url,
        payload: { name: 'Sin CSRF' },
        headers: { 'x-csrf-token': 'wrong' },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('CSRF_INVALID');
    }
    expect((await ana.get(`/api/me/properties/${anaProperty}`)).json().name).toBe('Privado de Ana');
  });
});

describe('validation and limits', () => {
  it.each([
    [
      'an invalid plate',
      'vehicles',
      { name: 'C', meta: { attr: [{ key: 'plate', value: '1234ABC' }] } },
      'meta.attr.plate',
    ],
    [
      'a CIF with a wrong control',
      'companies',
      { name: 'C', meta: { attr: [{ key: 'cif', value: 'B12345675' }] } },
      'meta.attr.cif',
    ],
    [
      'a bad cadastral reference',
      'properties',
      { name: 'P', meta: { attr: [{ key: 'refcat', value: '7837301VG8173B0001TX' }] } },
      'meta.attr.refcat',
    ],
    ['a use id as a type', 'properties', { name: 'P', meta: { tipo: [200] } }, 'meta.tipo'],
    ['a vehicle id on a company', 'companies', { name: 'C', meta: { relacion: [400] } }, 'meta.relacion'],
    [
      '21 attributes',
      'properties',
      { name: 'P', meta: { attr: Array.from({ length: 21 }, () => ({ key: 'notes', value: 'x' })) } },
      'meta.attr',
    ],
    [
      'an unknown attribute',
      'properties',
      { name: 'P', meta: { attr: [{ key: 'plate', value: '1234BCD' }] } },
      'meta.attr.plate',
    ],
    ['a blank name', 'properties', { name: '   ' }, 'name'],
  ])('%s: 400 with the field', async (_, path, body, field) => {
    const res = await ana.post(`/api/me/${path}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toContain(field);
    expect(res.json().fields[0].message).toEqual(expect.any(String));
  });

  it.each([
    ['41 attributes', { name: 'P', meta: { attr: Array.from({ length: 41 }, () => ({ key: 'notes', value: 'x' })) } }],
    ['21 ids in a list', { name: 'P', meta: { uso: Array.from({ length: 21 }, (_, i) => 200 + i) } }],
    ['a huge attribute', { name: 'P', meta: { attr: [{ key: 'notes', value: 'x'.repeat(5000) }] } }],
    ['an extra field', { name: 'P', owner_id: 1 }],
    ['seguimiento on a property', { name: 'P', seguimiento: true }],
    ['a NUL byte in the name', { name: 'P\u0000' }],
  ])('%s: 400', async (_, body) => {
    expect((await ana.post('/api/me/properties', body)).statusCode).toBe(400);
  });

  it('a body beyond 64 KiB is refused before it is read', async () => {
    const res = await ana.post('/api/me/properties', { name: 'P', padding: 'x'.repeat(70 * 1024) });
    expect(res.statusCode).toBe(413);
  });

  it("a document may keep a document of one's own orders, not another customer's", async () => {
    const { itemId, orderId } = await order(anaId, 1, []);
    const [mine] = await t.app.ctx.db
      .insert(itemFiles)
      .values({ itemId, filename: 'nota.pdf', contentType: 'application/pdf', size: 1, sha256: 'x', storageKey: 'k' })
      .returning();
    const doc = await ana.post('/api/me/documents', { name: 'Nota', file_id: mine!.id });
    expect(doc.statusCode).toBe(201);
    expect(doc.json()).toMatchObject({
      file: { id: mine!.id, filename: 'nota.pdf', order_id: orderId, item_id: itemId },
      orders: [{ order_id: orderId, item_id: itemId }],
    });
    const stolen = await bea.post('/api/me/documents', { name: 'Ajeno', file_id: mine!.id });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields[0].field).toBe('file_id');
    expect((await bea.post('/api/me/documents', { name: 'Nada', file_id: 2147483647 })).statusCode).toBe(400);
  });
});

describe('lists: 10 a page, newest first, search, favourites', () => {
  it('pages, order, total, search and favourites', async () => {
    const client = new TestClient(t.app);
    expect((await client.register('lists-saved@example.com')).statusCode).toBe(201);
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const res = await client.post('/api/me/properties', {
        name: `Finca ${i}`,
        favourite: i % 4 === 0,
        meta: { attr: [{ key: 'address', value: i === 7 ? 'Calle del 100% Sol_Luna' : `Calle ${i}` }] },
      });
      ids.push(res.json().id);
    }
    const first = (await client.get('/api/me/properties')).json();
    expect(first).toMatchObject({ total: 12, page: 1, per_page: 10 });
    expect(first.items.map((i: { id: number }) => i.id)).toEqual(ids.slice(2).reverse());
    const second = (await client.get('/api/me/properties?page=2')).json();
    expect(second.items.map((i: { id: number }) => i.id)).toEqual([ids[1], ids[0]]);
    const favs = (await client.get('/api/me/properties?favourites=true')).json();
    expect(favs.total).toBe(3);
    expect(favs.items.map((i: { name: string }) => i.name)).toEqual(['Finca 12', 'Finca 8', 'Finca 4']);
    const search = (await client.get(`/api/me/properties?q=${encodeURIComponent('100% SOL_')}`)).json();
    expect(search.items.map((i: { name: string }) => i.name)).toEqual(['Finca 7']);
    // % and _ are literal: "1%" matches no name or address holding "1" followed by anything.
    expect((await client.get(`/api/me/properties?q=${encodeURIComponent('_')}`)).json().total).toBe(1);
    expect((await client.get('/api/me/properties?q=finca%201')).json().total).toBe(4); // 1, 10, 11, 12
    expect((await client.get('/api/me/properties?page=0')).statusCode).toBe(400);
    expect((await client.get('/api/me/properties?per_page=101')).statusCode).toBe(400);
  });
});

describe('saved from orders, with consent', () => {
  it('without consent a paid order saves nothing; with it, the vehicle, company and property, with their orders', async () => {
    const client = new TestClient(t.app);
    expect((await client.register('consent-saved@example.com')).statusCode).toBe(201);
    const [me] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'consent-saved@example.com'));
    const vehicleOrder = await order(me!.id, 20029, [line(2101, '5555 BCD')]);
    await pay(vehicleOrder.orderId);
    expect((await client.get('/api/me/vehicles')).json().total).toBe(0);
    expect((await client.get('/api/me/saved-items/consent')).json()).toEqual({ save_from_orders: false });

    // Agreeing saves the orders already paid (not the unpaid ones).
    await order(me!.id, 18506, [line(5501, 'Impagada SL'), line(5502, 'A58818501')], false);
    expect((await put(client, '/api/me/saved-items/consent', { save_from_orders: true })).json()).toEqual({
      save_from_orders: true,
    });
    const vehicles = (await client.get('/api/me/vehicles')).json();
    expect(vehicles.items).toMatchObject([
      {
        name: '5555BCD',
        origin: 'order',
        meta: { attr: [{ key: 'plate', value: '5555BCD' }] },
        orders: [{ order_id: vehicleOrder.orderId, item_id: vehicleOrder.itemId, product_id: 20029 }],
      },
    ]);
    expect((await client.get('/api/me/companies')).json().total).toBe(0);

    // A second report on the same plate links the same vehicle.
    const again = await order(me!.id, 20029, [line(2101, '5555BCD')]);
    await pay(again.orderId);
    const after = (await client.get('/api/me/vehicles')).json();
    expect(after.total).toBe(1);
    expect(after.items[0].orders.map((o: { order_id: number }) => o.order_id)).toEqual([
      again.orderId,
      vehicleOrder.orderId,
    ]);

    const companyOrder = await order(me!.id, 18507, [line(5601, 'ACME SL'), line(5602, 'B12345674')]);
    await pay(companyOrder.orderId);
    expect((await client.get('/api/me/companies')).json().items).toMatchObject([
      { name: 'ACME SL', initials: 'AS', meta: { attr: [{ key: 'cif', value: 'B12345674' }] } },
    ]);

    // Delivered (110) saves too: a line whose order was paid before the consent.
    const property = await order(me!.id, 15867, [line(80, 'Calle Mayor 1'), line(79, 'Madrid')]);
    await t.app.ctx.db.transaction((tx) =>
      t.app.ctx.orderEvents.emit('itemStatusChanged', tx, {
        orderId: property.orderId,
        itemId: property.itemId,
        oldStatus: 50,
        newStatus: 110,
      }),
    );
    expect((await client.get('/api/me/properties')).json().items).toMatchObject([
      { name: 'Calle Mayor 1, Madrid', orders: [{ item_id: property.itemId }] },
    ]);
  });

  it('concurrent saves of the same order (and of the same plate by hand) make one item', async () => {
    const client = new TestClient(t.app);
    expect((await client.register('race-saved@example.com')).statusCode).toBe(201);
    const [me] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'race-saved@example.com'));
    await put(client, '/api/me/saved-items/consent', { save_from_orders: true });
    const vehicleOrder = await order(me!.id, 20029, [line(2101, '7777BCD')]);
    const propertyOrder = await order(me!.id, 15867, [line(80, 'Calle Sin Identidad 3')]);
    const results = await Promise.allSettled([
      pay(vehicleOrder.orderId),
      pay(vehicleOrder.orderId),
      pay(propertyOrder.orderId),
      pay(propertyOrder.orderId),
      client.post('/api/me/vehicles', { name: 'A mano', meta: { attr: [{ key: 'plate', value: '7777BCD' }] } }),
    ]);
    expect(results.slice(0, 4).every((r) => r.status === 'fulfilled')).toBe(true);
    const rows = await t.app.ctx.db.select().from(savedItems).where(eq(savedItems.userId, me!.id));
    expect(rows.filter((r) => r.kind === 'vehicle')).toHaveLength(1);
    expect(rows.filter((r) => r.kind === 'property')).toHaveLength(1);
    const manual = results[4];
    expect(manual.status === 'fulfilled' && [201, 409].includes(manual.value.statusCode)).toBe(true);
    const links = await t.app.ctx.db
      .select()
      .from(savedItemOrders)
      .where(eq(savedItemOrders.itemId, vehicleOrder.itemId));
    expect(links).toHaveLength(1);
  });
});

describe('the nota simple read from the PDF an agent attaches', () => {
  it('is kept on the line and the saved property; only its customer reads it', async () => {
    await put(ana, '/api/me/saved-items/consent', { save_from_orders: true });
    const nota = await order(anaId, 15867, [
      line(80, 'Calle Larios 7'),
      line(79, 'Málaga'),
      line(83, '29012000555555'),
    ]);
    await pay(nota.orderId);
    const pdf = await sampleNotaSimplePdf({
      header: ['NOTA SIMPLE INFORMATIVA', 'Registro de la Propiedad de Málaga Nº 3'],
      footer: 'Pág. {n} de {total}',
      lines: [
        'IDUFIR: 29012000555555',
        { heading: 'DESCRIPCIÓN DE LA FINCA' },
        'URBANA: Vivienda unifamiliar en Málaga, calle Larios 7.',
        { heading: 'TITULARIDADES' },
        'Doña ANA GARCÍA LÓPEZ NIF 12345678Z, titular del pleno dominio.',
        { heading: 'CARGAS' },
        'NO hay cargas registradas',
        'Queda prohibida la incorporación de los datos de esta nota a ficheros o bases informáticas.',
      ],
    });
    const agent = new TestClient(t.app);
    expect((await agent.login('agente@ventanilla.test', 'agente-demo-2026')).statusCode).toBe(200);
    const [item] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, nota.itemId));
    const boundary = 'b0undary';
    const upload = await agent.request({
      method: 'POST',
      url: `/api/backoffice/items/${nota.itemId}/files`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n${item!.updatedAt.toISOString()}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nota.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        Buffer.from(pdf),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(201);

    const expected = {
      doc_parsed: {
        descripcion: 'URBANA: Vivienda unifamiliar en Málaga, calle Larios 7.',
        titulares: 'Doña ANA GARCÍA LÓPEZ NIF 12345678Z, titular del pleno dominio.',
        cargas: 'NO hay cargas registradas',
      },
      doc_parsed_entities: expect.arrayContaining([
        { entity: 'idufir', text_data: '29012000555555' },
        { entity: 'titular', text_data: 'ANA GARCÍA LÓPEZ' },
      ]),
    };
    const read = await ana.get(`/api/me/orders/${nota.orderId}/items/${nota.itemId}/nota-simple`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ item_id: nota.itemId, file_id: upload.json().id, ...expected });
    const properties = (await ana.get('/api/me/properties?q=larios')).json();
    expect(properties.items).toMatchObject([{ name: 'Calle Larios 7, Málaga', ...expected }]);

    expect((await bea.get(`/api/me/orders/${nota.orderId}/items/${nota.itemId}/nota-simple`)).statusCode).toBe(404);
    expect((await ana.get(`/api/me/orders/${nota.orderId + 1}/items/${nota.itemId}/nota-simple`)).statusCode).toBe(404);
  });

  it('a PDF that is not a nota simple, or a line of another product, is not read; the upload still works', async () => {
    const other = await order(anaId, 18414, []);
    const [item] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, other.itemId));
    const agent = new TestClient(t.app);
    await agent.login('agente@ventanilla.test', 'agente-demo-2026');
    const pdf = await sampleNotaSimplePdf({ lines: [{ heading: 'CARGAS' }, 'Hipoteca.'] });
    const boundary = 'b0undary';
    const upload = await agent.request({
      method: 'POST',
      url: `/api/backoffice/items/${other.itemId}/files`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n${item!.updatedAt.toISOString()}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        Buffer.from(pdf),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(201);
    expect(
      await t.app.ctx.db.select().from(itemDocumentReads).where(eq(itemDocumentReads.itemId, other.itemId)),
    ).toEqual([]);
  });
});
