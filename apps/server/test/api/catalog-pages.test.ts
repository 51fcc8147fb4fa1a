// The catalogue's category and product pages: a category with its products per store, and the product texts the web
// app renders as HTML (FAQ block and tooltip), sanitised once when the catalogue snapshot is built.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface CategoryBody {
  url_key: string;
  name: string;
  description: string;
  products: Array<{ url_key: string; cat_url_key: string; price: string; base_price: string }>;
}

describe('GET /api/stores/{storeId}/categories/{urlKey}', () => {
  it('returns the category with the products the store lists, as in the catalogue', async () => {
    const res = await t.app.inject('/api/stores/1/categories/registro-de-la-propiedad');
    expect(res.statusCode).toBe(200);
    const body = res.json<CategoryBody>();
    expect(body).toMatchObject({
      url_key: 'registro-de-la-propiedad',
      name: expect.any(String),
      description: expect.any(String),
    });
    expect(body.products.find((p) => p.url_key === 'nota-simple')).toMatchObject({
      price: '25.12',
      base_price: '20.76',
    });
    expect(body.products.every((p) => p.cat_url_key === 'registro-de-la-propiedad')).toBe(true);
    const listed = (await t.app.inject('/api/stores/1/categories')).json<{ items: CategoryBody[] }>();
    expect(listed.items.find((c) => c.url_key === 'registro-de-la-propiedad')).toEqual(body);
  });

  it('serves the Portuguese category in store 16', async () => {
    const res = await t.app.inject('/api/stores/16/categories/registo-predial');
    expect(res.statusCode).toBe(200);
    expect(res.json<CategoryBody>().products.map((p) => p.url_key)).toContain('certidao-permanente');
  });

  it.each([
    [
      'a Spanish category in the Portuguese store',
      '/api/stores/16/categories/registro-de-la-propiedad',
      'Registo não encontrado',
    ],
    [
      'a Portuguese category in the Spanish store',
      '/api/stores/1/categories/registo-predial',
      'Registro no encontrado',
    ],
    ['an unknown category', '/api/stores/1/categories/no-existe', 'Registro no encontrado'],
  ])('%s is a 404 in the store language', async (_name, url, message) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message });
  });

  it('an unknown store is a 404', async () => {
    expect((await t.app.inject('/api/stores/77/categories/registro-de-la-propiedad')).statusCode).toBe(404);
  });

  it('answers 304 when the ETag matches', async () => {
    const url = '/api/stores/1/categories/registro-de-la-propiedad';
    const etag = (await t.app.inject(url)).headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
  });
});

describe('product page texts', () => {
  it('the seeded nota simple keeps its FAQ markup, its tooltip and has no image', async () => {
    const p = (await t.app.inject('/api/stores/1/products/nota-simple')).json();
    expect(p.custom_text).toMatch(/^<h3>/);
    expect(p.custom_text).toContain('<ul><li>');
    expect(p.tooltip).toMatch(/^La nota simple es informativa/);
    expect(p.image).toBeNull();
    expect(p.thumbnail).toBeNull();
  });

  it('sanitises hostile FAQ and tooltip HTML edited into the catalogue, and keeps a real image', async () => {
    await t.app.ctx.db
      .update(products)
      .set({
        customText:
          '<h3 style="color:red">Plazo</h3><p onclick="steal()">En <strong>24 <em>horas</em></strong></p>' +
          '<script>alert(1)</script><img src=x onerror="alert(2)">' +
          '<p><a href="javascript:alert(3)">trampa</a> <a href="https://sede.registradores.org" target="_blank">sede</a></p>',
        tooltip: '<iframe src="https://evil.example"></iframe><b>Ojo:</b> informativa',
        image: '/media/catalog/product/nota-simple.png',
      })
      .where(eq(products.urlKey, 'informe-economico'));
    await t.app.ctx.catalog.load();

    const res = await t.app.inject('/api/stores/1/products/informe-economico');
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.custom_text).toBe(
      '<h3>Plazo</h3><p>En <strong>24 <em>horas</em></strong></p>' +
        '<p>trampa <a href="https://sede.registradores.org" rel="noopener noreferrer">sede</a></p>',
    );
    expect(p.tooltip).toBe('<b>Ojo:</b> informativa');
    expect(p.image).toBe('/media/catalog/product/nota-simple.png');
  });
});
