import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('health and API document', () => {
  it('GET /api/health reports the database kind', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'postgres' });
  });

  it('GET /api/openapi.json documents every /api route', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json<{ openapi: string; paths: Record<string, object> }>();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.keys(doc.paths);
    for (const path of [
      '/api/health',
      '/api/session',
      '/api/stores/{storeId}',
      '/api/stores/{storeId}/categories',
      '/api/stores/{storeId}/categories/{urlKey}',
      '/api/stores/{storeId}/products/{urlKey}',
      '/api/stores/{storeId}/products/{urlKey}/evaluate',
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/me',
      '/api/me/orders',
      '/api/me/orders/{orderId}',
      '/api/cart',
      '/api/cart/items',
      '/api/checkout',
      '/api/payments/{provider}/notifications',
      '/api/backoffice/items',
      '/api/backoffice/items/{itemId}',
      '/api/backoffice/items/{itemId}/status',
    ]) {
      expect(documented).toContain(path);
    }
  });

  it('docs/openapi.json is up to date (npm run docs:api)', async () => {
    const committed = JSON.parse(readFileSync(new URL('../../../../docs/openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(t.app.swagger());
  });
});

describe('stores', () => {
  it.each([
    [1, 'es', 'ES', '21.00', '10'],
    [16, 'pt', 'PT', '23.00', '16'],
    [17, 'en', 'IE', '23.00', '17'],
    [9, 'en', 'ES', '21.00', '90'],
    [12, 'es', 'ES', '21.00', '12'],
  ])('store %i speaks %s in %s with VAT %s and order prefix %s', async (id, language, country, vat, prefix) => {
    const res = await t.app.inject(`/api/stores/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ store_id: id, language, country, vat_rate: vat, order_prefix: prefix });
  });

  it('an unknown store is 404 with a message', async () => {
    const res = await t.app.inject('/api/stores/77');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Registro no encontrado' });
  });

  it('a malformed store id is a 400 in Spanish', async () => {
    const res = await t.app.inject('/api/stores/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Solicitud incorrecta. Por favor, verifica los datos enviados.');
  });
});

describe('catalogue', () => {
  it('lists the categories of store 1 with prices including VAT', async () => {
    const res = await t.app.inject('/api/stores/1/categories');
    const body = res.json<{ items: Array<{ url_key: string; products: Array<{ url_key: string; price: string }> }> }>();
    const property = body.items.find((c) => c.url_key === 'registro-de-la-propiedad');
    expect(property?.products.find((p) => p.url_key === 'nota-simple')?.price).toBe('25.12');
    // Portuguese categories are not offered in the Spanish shop.
    expect(body.items.map((c) => c.url_key)).not.toContain('registo-predial');
  });

  // 77 owner, 80 address, 79 municipality, 78 province, 74 other data, 411 urgent (spec); 81 purpose, 82 cadastral
  // reference and 83 IDUFIR (steps 5.1 and 5.2, asked when the owner is unknown) are ours.
  it('the nota simple has the spec fields, options and prices', async () => {
    const res = await t.app.inject('/api/stores/1/products/nota-simple');
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      product_id: 15867,
      url_key: 'nota-simple',
      cat_url_key: 'registro-de-la-propiedad',
      base_price: '20.76',
      price: '25.12',
    });
    expect(p.options.map((o: { option_id: number }) => o.option_id).sort((a: number, b: number) => a - b)).toEqual([
      74, 77, 78, 79, 80, 81, 82, 83, 411,
    ]);
    const urgent = p.options.find((o: { option_id: number }) => o.option_id === 411);
    expect(urgent.opt_values).toContainEqual({ id: 3782, name: expect.any(String), price: '5.75' });
    expect(p.steps.flat().sort((a: number, b: number) => a - b)).toEqual([74, 77, 78, 79, 80, 81, 82, 83, 411]);
  });

  it('a product not offered in a store is 404 there (Portuguese product in store 1, Spanish in store 16)', async () => {
    expect((await t.app.inject('/api/stores/1/products/certidao-permanente')).statusCode).toBe(404);
    expect((await t.app.inject('/api/stores/16/products/nota-simple')).statusCode).toBe(404);
    expect((await t.app.inject('/api/stores/16/products/certidao-permanente')).statusCode).toBe(200);
  });

  it('answers 304 when the ETag matches', async () => {
    const first = await t.app.inject('/api/stores/1/products/nota-simple');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await t.app.inject({
      url: '/api/stores/1/products/nota-simple',
      headers: { 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('large bodies go compressed to clients that take it, the same JSON, each copy with its own ETag', async () => {
    const url = '/api/stores/1/categories';
    const plain = await t.app.inject(url);
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, br, gz]) expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const tags = [plain, br, gz].map((r) => r.headers.etag);
    expect(new Set(tags).size).toBe(3);
    const again = await t.app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': String(tags[1]) } });
    expect(again.statusCode).toBe(304);
    // The brotli copy's tag does not validate the plain body.
    expect((await t.app.inject({ url, headers: { 'if-none-match': String(tags[1]) } })).statusCode).toBe(200);
  });

  it('errors come in the store language', async () => {
    const res = await t.app.inject('/api/stores/16/products/no-existe');
    expect(res.json().message).toBe('Registo não encontrado');
  });
});

describe('evaluate', () => {
  const url = '/api/stores/1/products/nota-simple/evaluate';

  it('empty answers: every required question gets the spec message, price 25.12', async () => {
    const res = await t.app.inject({ method: 'POST', url, payload: { answers: {} } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.errors).toEqual([
      { option_id: 78, message: 'Por favor, selecciona una opción' },
      { option_id: 79, message: 'Por favor, selecciona una opción' },
      { option_id: 80, message: 'Por favor, escribe el dato' },
      { option_id: 411, message: 'Por favor, selecciona una opción' },
    ]);
    expect(body.outcome).toEqual({ type: 'continue' });
    expect(body.price.total).toBe('25.12');
  });

  it('urgent service: 20.76 + 5.75 + 21% = 32.08', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: { answers: { '78': '5028', '79': '28065', '80': 'Calle Sol 3', '411': 3782 } },
    });
    expect(res.json().price).toEqual({
      base: '20.76',
      options: '5.75',
      subtotal: '26.51',
      tax: '5.57',
      fees: '0.00',
      related: [],
      total: '32.08',
    });
    expect(res.json().errors).toEqual([]);
  });

  it('refuses a body that is not answers', async () => {
    const res = await t.app.inject({ method: 'POST', url, payload: { answers: { abc: 'x' } } });
    expect(res.statusCode).toBe(400);
    const res2 = await t.app.inject({
      method: 'POST',
      url,
      payload: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res2.statusCode).toBe(400);
  });
});

describe('session and store selection', () => {
  it('?store=16 is remembered in the session and switches the language', async () => {
    const client = new TestClient(t.app);
    const first = await client.start(16);
    expect(first.json()).toMatchObject({ store_id: 16, language: 'pt', user: null });
    expect(first.headers['set-cookie']).toMatch(/HttpOnly/i);
    expect(first.headers['set-cookie']).toMatch(/SameSite=Lax/i);
    const again = await client.get('/api/session');
    expect(again.json()).toMatchObject({ store_id: 16, language: 'pt' });
  });

  it('an unknown ?store is a 404', async () => {
    expect((await t.app.inject('/api/session?store=55')).statusCode).toBe(404);
  });

  it('pages get a CSP without inline scripts or styles; API answers one that allows nothing', async () => {
    const page = await t.app.inject('/tienda/nota-simple/step1');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const api = await t.app.inject('/api/health');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const res of [page, api]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('unknown /api paths are a JSON 404 with the spec message', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Recurso no encontrado. El endpoint solicitado no existe.',
    });
  });
});
