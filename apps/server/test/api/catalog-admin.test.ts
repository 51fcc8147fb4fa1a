import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import { readCatalogFiles } from '../../src/modules/catalog/catalog-files.js';
import { seedCatalog } from '../../src/modules/catalog/catalog-seed.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { notaSimpleAnswers, TestClient } from '../support/test-app.js';

/**
 * Catalogue editing from the back office: admins only; every save checked by the schema and the catalogue
 * linter, versioned (409 when stale), with revisions and reverts; the shop prices with the edit at once; the seed never
 * overwrites an edit; a second app instance on the same database sees the edit after its reload interval.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const CATALOG_DIR = path.resolve(here, '../../../../catalog');
const NOTA = 15867;
const BASE = '/api/backoffice/catalog';

let db: TestDatabase;
let dataDir: string;
let app: FastifyInstance;
/** A second instance on the same database, reloading its catalogue every 100 ms. */
let other: FastifyInstance;
let admin: TestClient;

async function instance(catalogTtlMs?: number) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://shop.test' });
  return buildApp({ config, database: db.handle, logger: false, ...(catalogTtlMs ? { catalogTtlMs } : {}) });
}

async function client(email?: string, password?: string, store = 1) {
  const c = new TestClient(app);
  await c.start(store);
  if (email && password) expect((await c.login(email, password)).statusCode).toBe(200);
  return c;
}

const put = (c: TestClient, url: string, payload: unknown) =>
  c.request({ method: 'PUT', url, payload: payload as object });

interface Detail {
  product_id: number;
  name: string;
  short_description: string;
  description: string;
  custom_text: string;
  meta_title: string;
  meta_description: string;
  base_price: string;
  status: 'enabled' | 'disabled';
  stores: number[];
  version: number;
  file_pending: boolean;
  edited_at: string | null;
  edited_by: string | null;
  form: Record<string, unknown> & {
    options: Array<Record<string, unknown>>;
    related_product?: Array<{ product_id: number; price: string }>;
  };
  prices: Array<{ store_id: number; price: string }>;
}

async function detail(id = NOTA): Promise<Detail> {
  const res = await admin.get(`${BASE}/products/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Detail>();
}

function fields(d: Detail, changes: Partial<Record<keyof Detail, unknown>> = {}) {
  return {
    version: d.version,
    name: d.name,
    short_description: d.short_description,
    description: d.description,
    custom_text: d.custom_text,
    base_price: d.base_price,
    status: d.status,
    stores: d.stores,
    ...changes,
  };
}

async function evaluate(target: FastifyInstance, store: number, urlKey: string, answers: Record<string, unknown>) {
  return target.inject({
    method: 'POST',
    url: `/api/stores/${store}/products/${urlKey}/evaluate`,
    payload: { answers },
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ventanilla-catalog-admin-'));
  db = await createTestDatabase();
  app = await instance();
  other = await instance(100);
  admin = await client('admin@ventanilla.test', 'admin-demo-2026');
});
afterAll(async () => {
  await other?.close();
  await app?.close();
  await db?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('roles: catalogue editing is for admins', () => {
  it('anonymous 401; customer, agent and notary 403 on every route; admin 200', async () => {
    const customer = await client();
    await customer.register('catalog-customer@example.com');
    const agent = await client('agente@ventanilla.test', 'agente-demo-2026');
    const notary = await client('notario@ventanilla.test', 'notario-demo-2026');
    const anonymous = await client();
    const firstRevision = (await admin.get(`${BASE}/products/${NOTA}/revisions`)).json().items.at(-1).id;
    const reads = [
      `${BASE}/products`,
      `${BASE}/products/${NOTA}`,
      `${BASE}/products/${NOTA}/revisions`,
      `${BASE}/products/${NOTA}/revisions/${firstRevision}`,
      `${BASE}/categories`,
      `${BASE}/stores`,
    ];
    const writes: Array<[method: 'PUT' | 'POST', url: string, body: unknown]> = [
      ['PUT', `${BASE}/products/${NOTA}`, fields(await detail())],
      ['PUT', `${BASE}/products/${NOTA}/form`, { version: 1, form: {} }],
      ['POST', `${BASE}/products/${NOTA}/revisions/1/revert`, { version: 1 }],
      ['POST', `${BASE}/products/${NOTA}/apply-file`, { version: 1 }],
      ['PUT', `${BASE}/categories/1`, { version: 1, name: 'X', position: 1 }],
    ];
    for (const url of reads) {
      expect((await app.inject(url)).statusCode, url).toBe(401);
      for (const c of [customer, agent, notary]) {
        const res = await c.get(url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe('Acceso denegado. No tienes permisos para realizar esta acción.');
      }
      expect((await admin.get(url)).statusCode, url).toBe(200);
    }
    for (const [method, url, payload] of writes) {
      // A session with its CSRF token but nobody signed in: 401, not the CSRF 403.
      expect(
        (await anonymous.request({ method, url, payload: payload as object })).statusCode,
        `${method} ${url}`,
      ).toBe(401);
      for (const c of [customer, agent, notary]) {
        expect((await c.request({ method, url, payload: payload as object })).statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });
});

describe('products', () => {
  it('lists the products of a store with status and price, filtered by text and status', async () => {
    const res = await admin.get(`${BASE}/products?store=1&q=nota`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      items: Array<{ product_id: number; price: string; status: string; kind: string }>;
      total: number;
    }>();
    expect(body.items.find((p) => p.product_id === NOTA)).toMatchObject({
      price: '25.12',
      status: 'enabled',
      kind: 'service',
    });
    expect(body.items.every((p) => p.status === 'enabled')).toBe(true);
    const pt = (await admin.get(`${BASE}/products?store=16`)).json<{ items: Array<{ product_id: number }> }>();
    expect(pt.items.map((p) => p.product_id)).toContain(18414);
    expect(pt.items.map((p) => p.product_id)).not.toContain(NOTA);
    const fees = (await admin.get(`${BASE}/products?q=tasa-`)).json<{
      items: Array<{ kind: string; price: string }>;
    }>();
    expect(fees.items.length).toBe(4);
    expect(fees.items.every((p) => p.kind === 'fee')).toBe(true);
  });

  it('reads one product with its form in the file format', async () => {
    const d = await detail();
    expect(d).toMatchObject({
      base_price: '20.76',
      status: 'enabled',
      version: 1,
      edited_at: null,
      file_pending: false,
    });
    expect(d.form).toMatchObject({ product_id: NOTA, url_key: 'nota-simple' });
    expect(d.form.options.find((o) => o.option_id === 411)).toMatchObject({ type: 'radio', is_require: 1 });
    expect(d.prices.find((p) => p.store_id === 1)?.price).toBe('25.12');
    expect((await admin.get(`${BASE}/products/999999`)).statusCode).toBe(404);
  });

  it('a new price reaches the shop at once (evaluate and add-to-cart), and the other instance after its reload', async () => {
    const before = await detail();
    const res = await put(admin, `${BASE}/products/${NOTA}`, fields(before, { base_price: '30.00' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      base_price: '30.00',
      version: before.version + 1,
      edited_by: expect.any(String),
    });

    // 30.00 + 21% = 36.30; urgent +5.75: 35.75 + 7.5075 (-> 7.51) = 43.26
    const evaluated = await evaluate(app, 1, 'nota-simple', notaSimpleAnswers());
    expect(evaluated.json().price).toMatchObject({ base: '30.00', total: '36.30' });
    const shopper = await client();
    const cart = await shopper.post('/api/cart/items', {
      store_id: 1,
      url_key: 'nota-simple',
      answers: notaSimpleAnswers(true),
    });
    expect(cart.statusCode, cart.body).toBe(201);
    expect(cart.json().totals.total).toBe('43.26');
    const listed = (await app.inject('/api/stores/1/products/nota-simple')).json();
    expect(listed.price).toBe('36.30');

    // The second instance on the same database picks the edit up on its next reload.
    await expect
      .poll(async () => (await evaluate(other, 1, 'nota-simple', notaSimpleAnswers())).json().price.total, {
        timeout: 5000,
        interval: 100,
      })
      .toBe('36.30');
  });

  it('a stale version is refused with 409 and nothing changes', async () => {
    const current = await detail();
    const res = await put(
      admin,
      `${BASE}/products/${NOTA}`,
      fields(current, { version: current.version - 1, base_price: '99.00' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'STALE_CATALOG' });
    expect(res.json().message).toContain('Otro usuario ha modificado');
    expect((await detail()).base_price).toBe(current.base_price);
  });

  it('sanitises the FAQ HTML and refuses a malformed price', async () => {
    const current = await detail();
    const res = await put(
      admin,
      `${BASE}/products/${NOTA}`,
      fields(current, {
        custom_text:
          '<h3>Plazo</h3><p onclick="x()">24 h<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().custom_text).toBe('<h3>Plazo</h3><p>24 h</p>x');
    const bad = await put(admin, `${BASE}/products/${NOTA}`, fields(res.json<Detail>(), { base_price: '12,50' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'base_price', message: 'El valor no es válido' }]);
  });

  it('disabling a product takes it out of the shop (and of carts); removing a store takes it out of that store', async () => {
    const shopper = await client();
    expect(
      (await shopper.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() }))
        .statusCode,
    ).toBe(201);
    let current = await detail();
    let res = await put(admin, `${BASE}/products/${NOTA}`, fields(current, { status: 'disabled' }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await app.inject('/api/stores/1/products/nota-simple')).statusCode).toBe(404);
    expect((await evaluate(app, 1, 'nota-simple', notaSimpleAnswers())).statusCode).toBe(404);
    expect((await shopper.get('/api/cart')).json().items).toEqual([]);
    current = res.json<Detail>();
    res = await put(
      admin,
      `${BASE}/products/${NOTA}`,
      fields(current, { status: 'enabled', stores: current.stores.filter((s) => s !== 9) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await app.inject('/api/stores/1/products/nota-simple')).statusCode).toBe(200);
    expect((await app.inject('/api/stores/9/products/nota-simple')).statusCode).toBe(404);
  });

  it('refuses a store of another country with the linter message (one product, one VAT rate)', async () => {
    const current = await detail();
    const res = await put(admin, `${BASE}/products/${NOTA}`, fields(current, { stores: [...current.stores, 16] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().problems).toEqual([
      expect.objectContaining({
        rule: 'mixed-vat-countries',
        message: 'Se vende en tiendas de varios países (ES, PT): un producto tiene un solo tipo de IVA.',
      }),
      // A Portuguese store also needs the product's texts in Portuguese.
      expect.objectContaining({ rule: 'missing-translation', message: expect.stringContaining('(pt)') }),
      expect.objectContaining({ rule: 'missing-translation', url_key: 'categories/registro-de-la-propiedad' }),
    ]);
  });
});

describe('question forms', () => {
  it('refuses a form the schema rejects, with the JSON path', async () => {
    const current = await detail();
    const form = structuredClone(current.form);
    form.options[0]!.price = 12;
    const res = await put(admin, `${BASE}/products/${NOTA}/form`, { version: current.version, form });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('CATALOG_INVALID');
    expect(res.json().problems[0]).toMatchObject({ rule: 'schema', path: '/options/0/price' });
  });

  it('refuses what the linter rejects, with its messages in the language of the store (es, en, pt)', async () => {
    const current = await detail();
    const form = structuredClone(current.form);
    const urgent = form.options.find((o) => o.option_id === 411)!;
    urgent.previous_steps = [{ option_id: 4242, value: '1' }];
    const expected = {
      1: 'options[411].previous_steps: la opción 4242 no existe en este formulario.',
      17: 'options[411].previous_steps: option 4242 does not exist in this form.',
      16: 'options[411].previous_steps: a opção 4242 não existe neste formulário.',
    } as const;
    for (const [store, message] of Object.entries(expected)) {
      const c = Number(store) === 1 ? admin : await client('admin@ventanilla.test', 'admin-demo-2026', Number(store));
      if (Number(store) !== 1) await c.start(Number(store));
      const res = await put(c, `${BASE}/products/${NOTA}/form`, { version: current.version, form });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().problems).toContainEqual({
        rule: 'unknown-option',
        url_key: 'nota-simple',
        option_id: 411,
        path: 'options[411].previous_steps',
        message,
      });
    }
    expect((await detail()).version).toBe(current.version);
  });

  it('saves a valid form: the wizard asks the new question at once', async () => {
    const current = await detail();
    const form = structuredClone(current.form);
    const urgent = form.options.find((o) => o.option_id === 411)!;
    urgent.title = '¿Lo necesitas con urgencia?';
    const res = await put(admin, `${BASE}/products/${NOTA}/form`, { version: current.version, form });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await app.inject('/api/stores/1/products/nota-simple')).json<{
      options: Array<{ option_id: number; title: string }>;
    }>();
    expect(page.options.find((o) => o.option_id === 411)?.title).toBe('¿Lo necesitas con urgencia?');
  });
});

describe('revisions', () => {
  it('every save is a revision (who, when, what); a revert puts an older state back as a new revision', async () => {
    const list = (await admin.get(`${BASE}/products/${NOTA}/revisions`)).json<{
      items: Array<{ id: number; version: number; source: string; user_name: string | null; summary: string }>;
    }>();
    const seeded = list.items.at(-1)!;
    expect(seeded).toMatchObject({ source: 'seed', version: 1, user_name: null });
    expect(list.items[0]).toMatchObject({ source: 'backoffice', summary: 'form', user_name: expect.any(String) });
    expect(list.items.some((r) => r.summary === 'base_price')).toBe(true);
    const one = (await admin.get(`${BASE}/products/${NOTA}/revisions/${list.items[0]!.id}`)).json();
    expect(one.before).toBeTruthy();
    expect(one.after.form.product_id).toBe(NOTA);

    const current = await detail();
    // Another product's revision is not one of this product's: 404, and nothing is written.
    const otherProduct = (await admin.get(`${BASE}/products`))
      .json<{ items: Array<{ product_id: number }> }>()
      .items.find((p) => p.product_id !== NOTA)!;
    const foreign = (await admin.get(`${BASE}/products/${otherProduct.product_id}/revisions`)).json<{
      items: Array<{ id: number }>;
    }>().items[0]!;
    expect((await admin.get(`${BASE}/products/${NOTA}/revisions/${foreign.id}`)).statusCode).toBe(404);
    expect(
      (await admin.post(`${BASE}/products/${NOTA}/revisions/${foreign.id}/revert`, { version: current.version }))
        .statusCode,
    ).toBe(404);
    expect((await detail()).version).toBe(current.version);
    const stale = await admin.post(`${BASE}/products/${NOTA}/revisions/${seeded.id}/revert`, {
      version: current.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    const res = await admin.post(`${BASE}/products/${NOTA}/revisions/${seeded.id}/revert`, {
      version: current.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ base_price: '20.76', status: 'enabled', version: current.version + 1 });
    expect(res.json().stores).toContain(9);
    expect((await evaluate(app, 9, 'nota-simple', notaSimpleAnswers())).json().price.total).toBe('25.12');
    const after = (await admin.get(`${BASE}/products/${NOTA}/revisions`)).json<{
      items: Array<{ source: string; summary: string }>;
    }>();
    expect(after.items[0]).toMatchObject({ source: 'revert' });
    expect(after.items[0]!.summary).toMatch(/^revert to version 1: /);
  });
});

describe('the seed and the back office', () => {
  it('a file change never overwrites an edited product: it waits as a pending file version; unedited products follow their files', async () => {
    const current = await detail();
    const edited = await put(admin, `${BASE}/products/${NOTA}`, fields(current, { name: 'Nota simple (editada)' }));
    expect(edited.statusCode).toBe(200);

    const files = await readCatalogFiles(CATALOG_DIR);
    files.products.find((p) => p.product_id === NOTA)!.base_price = '21.00';
    files.products.find((p) => p.url_key === 'cuentas-anuales')!.base_price = '15.50';
    const report = await seedCatalog(app.ctx.db, files);
    expect(report).toMatchObject({ pending: ['nota-simple'], created: 0 });
    await app.ctx.catalog.load();

    const nota = await detail();
    expect(nota).toMatchObject({ name: 'Nota simple (editada)', base_price: '20.76', file_pending: true });
    expect((await app.inject('/api/stores/1/products/cuentas-anuales')).json().base_price).toBe('15.50');

    // Seeding the same files again changes nothing.
    expect(await seedCatalog(app.ctx.db, files)).toMatchObject({ created: 0, updated: 0, pending: ['nota-simple'] });
    expect((await detail()).version).toBe(nota.version);

    // The admin takes the file version: the product follows its files again.
    const taken = await admin.post(`${BASE}/products/${NOTA}/apply-file`, { version: nota.version });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({
      name: 'Nota simple del Registro de la Propiedad',
      base_price: '21.00',
      file_pending: false,
      edited_at: null,
    });
    const revisions = (await admin.get(`${BASE}/products/${NOTA}/revisions`)).json<{
      items: Array<{ source: string }>;
    }>();
    expect(revisions.items[0]!.source).toBe('file');

    // Back to the real files: the seed applies them to the product that follows its files.
    await seedCatalog(app.ctx.db, await readCatalogFiles(CATALOG_DIR));
    expect((await detail()).base_price).toBe('20.76');
  });

  it('search fields: a product title and description and a category picture are saved, or kept when left out', async () => {
    const current = await detail();
    const saved = await put(
      admin,
      `${BASE}/products/${NOTA}`,
      fields(current, { meta_title: '  Nota simple en 24 h  ', meta_description: 'Titulares y cargas de una finca.' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      meta_title: 'Nota simple en 24 h',
      meta_description: 'Titulares y cargas de una finca.',
    });
    // The form of an older client sends no meta fields: they stay as they were.
    const kept = await put(admin, `${BASE}/products/${NOTA}`, fields(saved.json<Detail>(), { name: 'Nota simple' }));
    expect(kept.json()).toMatchObject({ name: 'Nota simple', meta_title: 'Nota simple en 24 h' });
    const shop = (await app.inject('/api/stores/1/products/nota-simple')).json();
    expect(shop).toMatchObject({
      meta_title: 'Nota simple en 24 h',
      meta_description: 'Titulares y cargas de una finca.',
    });
    expect(
      (await put(admin, `${BASE}/products/${NOTA}`, fields(kept.json<Detail>(), { meta_title: 'x'.repeat(71) })))
        .statusCode,
    ).toBe(400);

    const list = (await admin.get(`${BASE}/categories`)).json<{
      items: Array<{ id: number; url_key: string; name: string; version: number; position: number; image: string }>;
    }>();
    const civil = list.items.find((c) => c.url_key === 'registro-civil')!;
    expect(civil.image).toBe('/icons/person.svg');
    const category = await put(admin, `${BASE}/categories/${civil.id}`, {
      version: civil.version,
      name: civil.name,
      position: civil.position,
      meta_title: 'Certificados del Registro Civil',
      image: '/icons/document.svg',
    });
    expect(category.statusCode, category.body).toBe(200);
    expect(category.json()).toMatchObject({
      meta_title: 'Certificados del Registro Civil',
      image: '/icons/document.svg',
    });
    expect((await app.inject('/api/stores/1/categories/registro-civil')).json()).toMatchObject({
      meta_title: 'Certificados del Registro Civil',
      image: '/icons/document.svg',
    });
    // Only a path of the web app's own files: no other site's address, no script.
    for (const image of ['https://evil.example/x.png', 'javascript:alert(1)', '/icons/../../x', '/icons/"x.svg']) {
      const res = await put(admin, `${BASE}/categories/${civil.id}`, {
        version: civil.version + 1,
        name: civil.name,
        position: civil.position,
        image,
      });
      expect(res.statusCode, image).toBe(400);
    }
  });

  it('a renamed category keeps its name through the seed; a stale category edit is 409', async () => {
    const list = (await admin.get(`${BASE}/categories`)).json<{
      items: Array<{ id: number; url_key: string; name: string; version: number; position: number }>;
    }>();
    const hipotecas = list.items.find((c) => c.url_key === 'hipotecas')!;
    const res = await put(admin, `${BASE}/categories/${hipotecas.id}`, {
      version: hipotecas.version,
      name: 'Hipotecas y préstamos',
      position: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Hipotecas y préstamos',
      position: 2,
      edited: true,
      version: hipotecas.version + 1,
    });
    expect(
      (await put(admin, `${BASE}/categories/${hipotecas.id}`, { version: hipotecas.version, name: 'X', position: 2 }))
        .statusCode,
    ).toBe(409);
    await seedCatalog(app.ctx.db, await readCatalogFiles(CATALOG_DIR));
    await app.ctx.catalog.load();
    const shop = (await app.inject('/api/stores/1/categories/hipotecas')).json();
    expect(shop.name).toBe('Hipotecas y préstamos');
  });
});

describe('fee products', () => {
  it('are not orderable alone', async () => {
    expect((await app.inject('/api/stores/1/products/tasa-solicitud-marca-nacional')).statusCode).toBe(404);
    const shopper = await client();
    const res = await shopper.post('/api/cart/items', {
      store_id: 1,
      url_key: 'tasa-solicitud-marca-nacional',
      answers: {},
    });
    expect(res.statusCode).toBe(404);
  });

  it('a new official fee on the fee product reprices the trademark lines: its forms follow in the same save', async () => {
    const trademark = {
      '1801': '180101',
      '1802': 'VENTANILLA',
      '1804': 'Ropa y calzado',
      '1805': '180501',
      '1806': '180601',
      '1807': 'Ana Ruiz',
      '1808': '12345678Z',
      '1809': 'Calle Mayor 1, Madrid',
    };
    // 80.27 + 21% = 97.13, + fee line 127.88 without VAT = 225.01
    expect((await evaluate(app, 1, 'registro-de-marca-nacional', trademark)).json().price.total).toBe('225.01');
    const fee = await detail(20101);
    const res = await put(admin, `${BASE}/products/20101`, fields(fee, { base_price: '130.00' }));
    expect(res.statusCode, res.body).toBe(200);
    const price = (await evaluate(app, 1, 'registro-de-marca-nacional', trademark)).json().price;
    expect(price.related).toEqual([
      expect.objectContaining({ product_id: 20101, price: '130.00', vat: false, total: '130.00' }),
    ]);
    expect(price.total).toBe('227.13');
    expect((await detail(20025)).form.related_product?.[0]?.price).toBe('130.00');
    const revisions = (await admin.get(`${BASE}/products/20025/revisions`)).json<{
      items: Array<{ summary: string }>;
    }>();
    expect(revisions.items[0]!.summary).toBe('fee 20101: form');

    // A form naming another price for the fee line is refused by the linter.
    const trademarkDetail = await detail(20025);
    const stale = structuredClone(trademarkDetail.form);
    const feeLine = stale.related_product?.[0];
    if (!feeLine) throw new Error('the trademark form has no fee line');
    feeLine.price = '127.88';
    const refused = await put(admin, `${BASE}/products/20025/form`, { version: trademarkDetail.version, form: stale });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().problems).toContainEqual(
      expect.objectContaining({
        rule: 'related-price-mismatch',
        message: 'related_product: la tasa 20101 figura con 127.88 €, pero su producto cuesta 130.00 €.',
      }),
    );
  });
});
