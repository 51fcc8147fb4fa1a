// Catalogue texts in the store's language (docs/catalogue.md): store 9, the English registry
// site, sells the Spanish catalogue in English; the Portuguese stores speak Portuguese; Spanish stores are unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface ProductBody {
  name: string;
  short_description: string;
  description: string;
  custom_text: string;
  tooltip: string | null;
  meta_title: string;
  meta_description: string;
  content_language: string;
  price: string;
  options: Array<{
    option_id: number;
    title: string;
    placeholder: string | null;
    opt_values: Array<{ id: number; name: string; code?: string }>;
  }>;
  conditions_to_exit: Array<{ message: string }>;
  related_product: Array<{ product_id: number; name: string; price: string }>;
}

async function product(store: number, urlKey: string): Promise<ProductBody> {
  const res = await t.app.inject(`/api/stores/${store}/products/${urlKey}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductBody>();
}

const option = (p: ProductBody, id: number) => p.options.find((o) => o.option_id === id);

describe('store 9 (English registry site) shows the Spanish catalogue in English', () => {
  it('the store speaks English', async () => {
    expect((await t.app.inject('/api/stores/9')).json()).toMatchObject({ language: 'en', country: 'ES' });
  });

  it('nota simple: name, descriptions, FAQ, tooltip and meta in English; same price and options as in Spanish', async () => {
    const en = await product(9, 'nota-simple');
    const es = await product(1, 'nota-simple');
    expect(en.content_language).toBe('en');
    expect(es.content_language).toBe('es');
    expect(en.name).toBe('Land Registry extract (nota simple)');
    expect(es.name).toBe('Nota simple del Registro de la Propiedad');
    expect(en.short_description).toBe('Owners, description and charges of a property according to the Land Registry.');
    expect(en.description).toContain('information extract of what the Land Registry (Registro de la Propiedad)');
    expect(en.custom_text).toContain('<h3>Delivery time</h3>');
    expect(en.custom_text).toContain('€20.76 + VAT (21%): €25.12 including VAT.');
    expect(en.custom_text).not.toMatch(/Plazo|IVA/);
    expect(en.tooltip).toMatch(/^The nota simple is for information\./);
    expect(en.meta_title).toBe('Land Registry extract (nota simple) online');
    expect(en.meta_description).toBe(`${en.short_description} Order online, step by step.`);
    expect(en.price).toBe(es.price);
    expect(en.options.map((o) => [o.option_id, o.opt_values.map((v) => v.id)])).toEqual(
      es.options.map((o) => [o.option_id, o.opt_values.map((v) => v.id)]),
    );
  });

  it('questions, placeholders and choices in English; place names keep their own names', async () => {
    const en = await product(9, 'nota-simple');
    const urgency = option(en, 411);
    expect(urgency?.opt_values.map((v) => v.name)).toEqual([
      'No, standard delivery within 24 working hours',
      'Yes, urgent service: delivery within 4 working hours',
    ]);
    const province = en.options.find((o) => o.opt_values.some((v) => v.code));
    const esProvince = option(await product(1, 'nota-simple'), province?.option_id ?? 0);
    expect(province?.opt_values.map((v) => v.name)).toEqual(esProvince?.opt_values.map((v) => v.name));
    expect(province?.title).not.toBe(esProvince?.title);
    // No Spanish left in any question a customer of store 9 reads.
    for (const key of [
      'nota-simple',
      'certificado-nacimiento',
      'renovacion-tarjeta-residencia',
      'cambio-titularidad',
    ]) {
      const p = await product(9, key);
      for (const o of p.options) {
        expect(o.title, `${key} ${o.option_id}`).not.toMatch(/[¿ñ]|\b(de la|del|para|Por ejemplo)\b/);
        if (o.placeholder) expect(o.placeholder, `${key} ${o.option_id}`).not.toMatch(/\bPor ejemplo\b|[¿]/);
      }
    }
  });

  it('exit messages and fee lines (the fee product’s English name) in English', async () => {
    const cadastre = await product(9, 'busqueda-catastral');
    expect(cadastre.conditions_to_exit.map((e) => e.message)).toEqual([
      'Sorry, this request is only possible for the owner, an heir or a representative.',
    ]);
    const trademark = await product(9, 'registro-de-marca-nacional');
    expect(trademark.related_product).toEqual([
      expect.objectContaining({ product_id: 20101, name: 'Spanish trademark application fee (OEPM, one class)' }),
    ]);
    const spanish = await product(1, 'registro-de-marca-nacional');
    expect(spanish.related_product[0]?.name).toBe('Tasa de solicitud de marca nacional (OEPM, una clase)');
  });

  it('an exit reached through evaluate says its message in English', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stores/9/products/busqueda-catastral/evaluate',
      payload: { answers: { '3201': '320104' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toMatchObject({
      type: 'exit',
      message: 'Sorry, this request is only possible for the owner, an heir or a representative.',
    });
  });

  it('catalogue lists and categories in English, with the same products and prices as store 1', async () => {
    const en = (await t.app.inject('/api/stores/9/categories')).json<{ items: Array<Record<string, unknown>> }>();
    const es = (await t.app.inject('/api/stores/1/categories')).json<{ items: Array<Record<string, unknown>> }>();
    expect(en.items.map((c) => c.url_key)).toEqual(es.items.map((c) => c.url_key));
    const property = en.items.find((c) => c.url_key === 'registro-de-la-propiedad') as {
      name: string;
      meta_title: string;
      products: Array<{ url_key: string; name: string; price: string }>;
    };
    expect(property.name).toBe('Land Registry');
    expect(property.meta_title).toBe('Land Registry (Registro de la Propiedad): online services');
    expect(property.products.find((p) => p.url_key === 'nota-simple')?.name).toBe(
      'Land Registry extract (nota simple)',
    );
    const list = (await t.app.inject('/api/stores/9/products')).json<{ items: Array<{ name: string }> }>();
    const spanishNames = new Set(
      (await t.app.inject('/api/stores/1/products'))
        .json<{ items: Array<{ name: string }> }>()
        .items.map((p) => p.name),
    );
    for (const p of list.items) expect(spanishNames.has(p.name), p.name).toBe(false);
    const one = (await t.app.inject('/api/stores/9/categories/registro-civil')).json<{ name: string }>();
    expect(one.name).toBe('Civil Registry');
  });

  it('the cart line of store 9 is named, and its answers labelled, in English', async () => {
    const c = new TestClient(t.app);
    await c.start(9);
    const res = await c.post('/api/cart/items', { store_id: 9, url_key: 'nota-simple', answers: notaSimpleAnswers() });
    expect(res.statusCode, res.body).toBe(201);
    const line = res.json().items[0];
    expect(line.product_name).toBe('Land Registry extract (nota simple)');
    expect(JSON.stringify(line.options)).toContain('No, standard delivery within 24 working hours');
  });
});

describe('Portuguese and Spanish stores keep their own language', () => {
  it.each([16, 26, 28])('store %i: the certidão permanente in Portuguese, questions included', async (store) => {
    const pt = await product(store, 'certidao-permanente');
    expect(pt.content_language).toBe('pt');
    expect(pt.name).toBe('Certidão Permanente do Registo Predial');
    expect(pt.custom_text).toContain('<h3>Prazo de entrega</h3>');
    expect(pt.meta_title).toBe('Certidão Permanente do Registo Predial online');
    expect(option(pt, 3902)?.title).toBe('Como quer identificar o prédio?');
    const categories = (await t.app.inject(`/api/stores/${store}/categories`)).json<{
      items: Array<{ name: string }>;
    }>();
    expect(categories.items.map((c) => c.name)).toContain('Registo Predial');
  });

  it('store 1 keeps the Spanish texts exactly', async () => {
    const es = await product(1, 'nota-simple');
    expect(es.custom_text).toContain('<h3>Plazo de entrega</h3>');
    expect(option(es, 411)?.opt_values.map((v) => v.name)).toEqual([
      'No, entrega normal en 24 horas laborables',
      'Sí, servicio urgente: entrega en 4 horas laborables',
    ]);
  });

  it('a Spanish product is not sold in a Portuguese store (the translation does not widen the offer)', async () => {
    expect((await t.app.inject('/api/stores/16/products/nota-simple')).statusCode).toBe(404);
  });
});

// The server-rendered pages of store 9 in English: seo-pages.test.ts (it loads the web app's render module).
describe('the sitemap of store 9', () => {
  it('the sitemap lists the same product addresses (one slug in every language)', async () => {
    const en = (await t.app.inject({ url: '/sitemap.xml', headers: { host: 'registry.ventanilla.es' } })).body;
    const es = (await t.app.inject({ url: '/sitemap.xml', headers: { host: 'ventanilla.es' } })).body;
    const paths = (xml: string) => [...xml.matchAll(/<loc>https:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(paths(en)).toContain('/tienda/nota-simple');
    expect(paths(en)).toEqual(paths(es));
  });
});

describe('the back office edits each language’s texts (admins)', () => {
  const BASE = '/api/backoffice/catalog/products/15867';

  async function admin() {
    const c = new TestClient(t.app);
    await c.start(1);
    expect((await c.login('admin@ventanilla.test', 'admin-demo-2026')).statusCode).toBe(200);
    return c;
  }

  function fieldsOf(d: Record<string, unknown>, translations: unknown) {
    const keys = [
      'version',
      'name',
      'short_description',
      'description',
      'custom_text',
      'meta_title',
      'meta_description',
    ];
    return {
      ...Object.fromEntries(keys.map((k) => [k, d[k]])),
      base_price: d.base_price,
      status: d.status,
      stores: d.stores,
      translations,
    };
  }

  it('shows the base language, the languages its stores need and the translations; saves an English edit', async () => {
    const c = await admin();
    const detail = (await c.get(BASE)).json<Record<string, unknown> & { translations: { en: { name: string } } }>();
    expect(detail).toMatchObject({ base_language: 'es', needed_languages: ['en'] });
    expect(detail.translations.en.name).toBe('Land Registry extract (nota simple)');
    const en = {
      ...detail.translations.en,
      name: 'Land Registry extract (nota simple) – edited',
      custom_text: '<p>FAQ</p><script>x()</script>',
    };
    const res = await c.request({ method: 'PUT', url: BASE, payload: fieldsOf(detail, { en }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().translations.en.custom_text).toBe('<p>FAQ</p>');
    expect(res.json().name).toBe('Nota simple del Registro de la Propiedad');
    const shop = await product(9, 'nota-simple');
    expect(shop.name).toBe('Land Registry extract (nota simple) – edited');
    expect((await product(1, 'nota-simple')).name).toBe('Nota simple del Registro de la Propiedad');
  });

  it('refuses a save that leaves store 9 without an English question, naming it (422, in the editor’s language)', async () => {
    const c = await admin();
    const detail = (await c.get(BASE)).json<
      Record<string, unknown> & { translations: { en: { form: { options: Record<string, unknown> } } } }
    >();
    const en = structuredClone(detail.translations.en);
    delete en.form.options['411'];
    const res = await c.request({ method: 'PUT', url: BASE, payload: fieldsOf(detail, { en }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().problems).toEqual([
      expect.objectContaining({
        rule: 'missing-translation',
        url_key: 'nota-simple',
        message: expect.stringContaining('form.options.411.title'),
      }),
    ]);
    expect(res.json().problems[0].message).toMatch(/^Se vende en la tienda 9 \(en\)/);
  });

  it('refuses unknown fields in a translation (schema); a customer cannot edit (403)', async () => {
    const c = await admin();
    const detail = (await c.get(BASE)).json<Record<string, unknown>>();
    const bad = await c.request({
      method: 'PUT',
      url: BASE,
      payload: fieldsOf(detail, { en: { name: 'x', price: 1 } }),
    });
    expect(bad.statusCode).toBe(400);
    const customer = new TestClient(t.app);
    await customer.start(9);
    await customer.register('languages-customer@example.com');
    const forbidden = await customer.request({ method: 'PUT', url: BASE, payload: fieldsOf(detail, {}) });
    expect(forbidden.statusCode).toBe(403);
  });
});
