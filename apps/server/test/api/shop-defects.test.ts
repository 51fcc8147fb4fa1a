import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInWebBuild } from '../support/stand-in-web-build.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

// Shop defects found by reading the spec against the product, each fixed and kept fixed: an empty category answers
// its page, the Portuguese land registry description number is checked, a cadastral reference must be of the
// municipality chosen, the English payment page does not say "Pedido".

// The empty category's page is server-rendered: a stand-in web build, so a fresh clone without apps/web/dist renders it.
const build = standInWebBuild('shop-defects');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: build.env });
});
afterAll(async () => {
  await t?.close();
  build.remove();
});

describe('a category with no products (the spec: permanent disability)', () => {
  it('answers its API and its page, with the empty-state text, not indexed', async () => {
    const api = await t.app.inject('/api/stores/1/categories/incapacidad-permanente');
    expect(api.statusCode, api.body).toBe(200);
    expect(api.json()).toMatchObject({ url_key: 'incapacidad-permanente', products: [] });
    const page = await t.app.inject('/tienda/servicios/incapacidad-permanente?store=1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('No hay servicios disponibles en esta categoría.');
    expect(page.body).toContain('<meta name="robots" content="noindex"');
  });

  it('a category of another language is still not the store’s', async () => {
    expect((await t.app.inject('/api/stores/16/categories/incapacidad-permanente')).statusCode).toBe(404);
  });
});

describe('the Portuguese "Número da descrição predial"', () => {
  const answers = (number: string) => ({
    '3909': '390911',
    '3910': '1106',
    '3901': '110658',
    '3902': '390201',
    '3903': number,
  });
  const errorOf = async (number: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/stores/16/products/certidao-permanente/evaluate',
        payload: { answers: answers(number) },
      })
    )
      .json()
      .errors.find((e: { option_id: number }) => e.option_id === 3903)?.message;

  it.each([['Rua das Flores'], ['12a'], ['1234/20050231']])('%j is refused in Portuguese', async (number) => {
    expect(await errorOf(number)).toBe(
      'Escreva o número da descrição predial só com algarismos, por exemplo 1234 ou 1234/20050315 (número/data)',
    );
  });

  it.each([['1234'], ['1234/20050315']])('%j is accepted', async (number) => {
    expect(await errorOf(number)).toBeUndefined();
  });
});

describe('a cadastral reference is of the municipality chosen beside it', () => {
  // 0847106VK4704F0001OE is a property in Madrid (28079) in the cadastre's data.
  const withReference = (municipality: string) => {
    const { '77': _owner, ...rest } = notaSimpleAnswers();
    return { ...rest, '79': municipality, '82': '0847106VK4704F0001OE' };
  };

  it('a reference of Madrid with Alcalá de Henares chosen is refused on the reference, naming Madrid', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    const refused = await c.post('/api/cart/items', {
      store_id: 1,
      url_key: 'nota-simple',
      answers: withReference('28005'),
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual([
      {
        option_id: 82,
        message:
          'Esta referencia catastral es de un inmueble de Madrid, no del municipio que has elegido: revisa la referencia o el municipio',
      },
    ]);
    expect((await c.get('/api/cart?store_id=1')).json().items).toHaveLength(0);
    const added = await c.post('/api/cart/items', {
      store_id: 1,
      url_key: 'nota-simple',
      answers: withReference('28079'),
    });
    expect(added.statusCode, added.body).toBe(201);
  });

  it('changing a cart line to another municipality is refused the same way', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    const added = await c.post('/api/cart/items', {
      store_id: 1,
      url_key: 'nota-simple',
      answers: withReference('28079'),
    });
    const line = added.json().items[0];
    const res = await c.request({
      method: 'PATCH',
      url: `/api/cart/items/${line.id}`,
      payload: { version: line.version, answers: withReference('28005') },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ option_id: 82 });
  });
});

describe('the payment page of an English store', () => {
  it('names the order in English', async () => {
    const c = new TestClient(t.app);
    await c.start(17);
    await c.register('sandbox-en@example.com');
    const added = await c.post('/api/cart/items', {
      store_id: 17,
      url_key: 'folio-request',
      answers: { '3801': '380101', '3802': '380206', '3803': 'DN1234F', '3806': '380601', '3808': '380801' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const checkout = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const { order_id: orderId, redirect_url } = checkout.json<{ order_id: number; redirect_url: string }>();
    const page = await t.app.inject(redirect_url);
    expect(page.body).toContain(`Order ${orderId}`);
    expect(page.body).not.toContain('Pedido');
  });
});
