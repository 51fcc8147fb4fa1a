// The start page's API: the catalogue search and the most ordered products (docs/shop-flows.md, "The start page").
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const customer = new TestClient(t.app);
  await customer.start(1);
  expect((await customer.register('popular@example.com')).statusCode).toBe(201);
  const [u] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'popular@example.com'));
  customerId = u!.id;
});
afterAll(async () => t?.close());

type Summary = { product_id: number; name: string; url_key: string; price: string; group: string };
const get = async (url: string) => {
  const res = await t.app.inject(url);
  return { status: res.statusCode, body: res.json() as { query?: string; items: Summary[]; code?: string } };
};

describe('GET /api/stores/{store}/search', () => {
  it('finds products by words of their name, whatever the accents and case', async () => {
    const { status, body } = await get('/api/stores/1/search?q=NOTA%20simple');
    expect(status).toBe(200);
    expect(body.query).toBe('NOTA simple');
    expect(body.items[0]?.url_key).toBe('nota-simple');
    // Accents typed or not, the same results.
    const plain = await get('/api/stores/1/search?q=certificacion');
    const accented = await get('/api/stores/1/search?q=Certificaci%C3%B3n');
    expect(plain.body.items.length).toBeGreaterThan(0);
    expect(plain.body.items.map((p) => p.url_key)).toEqual(accented.body.items.map((p) => p.url_key));
  });

  it('searches in the store language: a Portuguese store finds its own products', async () => {
    const pt = await get('/api/stores/16/search?q=certidao%20permanente');
    expect(pt.status).toBe(200);
    expect(pt.body.items.map((p) => p.url_key)).toContain('certidao-permanente');
    // The Spanish products are not sold there.
    const es = await get('/api/stores/16/search?q=nota%20simple');
    expect(es.body.items.map((p) => p.url_key)).not.toContain('nota-simple');
  });

  it('reads the descriptions too, and answers nothing for a blank or unknown query', async () => {
    const { body } = await get('/api/stores/1/search?q=cargas');
    expect(body.items.map((p) => p.url_key)).toContain('nota-simple');
    expect((await get('/api/stores/1/search?q=%20%20')).body.items).toEqual([]);
    expect((await get('/api/stores/1/search')).body.items).toEqual([]);
    expect((await get('/api/stores/1/search?q=zzqxw')).body.items).toEqual([]);
  });

  it('refuses an unknown store and an over-long query', async () => {
    expect((await get('/api/stores/999/search?q=nota')).status).toBe(
      (await t.app.inject('/api/stores/999/categories')).statusCode,
    );
    expect((await get(`/api/stores/1/search?q=${'a'.repeat(501)}`)).status).toBe(400);
  });
});

describe('GET /api/stores/{store}/popular', () => {
  it('without orders: the first products in catalogue order; then the most ordered first, counted once per order', async () => {
    const catalogue = (
      (await t.app.inject('/api/stores/17/categories')).json() as { items: { products: Summary[] }[] }
    ).items.flatMap((c) => c.products);
    const before = await get('/api/stores/17/popular');
    expect(before.status).toBe(200);
    expect(before.body.items.map((p) => p.product_id)).toEqual(
      catalogue.slice(0, Math.min(6, catalogue.length)).map((p) => p.product_id),
    );

    // Store 1 (fresh counts): the last listed product ordered twice, another once, one twice in a single order, one
    // cancelled and one older than the window (neither counts), one of another store.
    const listed = (
      (await t.app.inject('/api/stores/1/categories')).json() as { items: { products: Summary[] }[] }
    ).items.flatMap((c) => c.products);
    const [first, second, third] = listed;
    const last = listed.at(-1)!;
    const old = listed.at(-2)!;
    let orderId = 100_900_000;
    const order = async (productIds: number[], extra: { status?: string; createdAt?: Date; storeId?: number } = {}) => {
      const id = orderId++;
      for (const [i, productId] of productIds.entries()) {
        await insertOrderWithItem(t.app.ctx.db, {
          orderId: id,
          customerId,
          storeId: extra.storeId ?? 1,
          withOrder: i === 0,
          order: {
            ...(extra.status ? { status: extra.status as never } : {}),
            ...(extra.createdAt ? { createdAt: extra.createdAt } : {}),
          },
          item: { productId },
        });
      }
    };
    await order([last.product_id]);
    await order([last.product_id]);
    await order([third!.product_id, third!.product_id]);
    await order([second!.product_id], { status: 'canceled' });
    await order([second!.product_id], { status: 'canceled' });
    await order([old.product_id, old.product_id], { createdAt: new Date(Date.now() - 120 * 86_400_000) });
    await order([old.product_id], { createdAt: new Date(Date.now() - 120 * 86_400_000) });
    await order([second!.product_id], { storeId: 16 });
    await order([second!.product_id], { storeId: 16 });

    const { status, body } = await get('/api/stores/1/popular');
    expect(status).toBe(200);
    expect(body.items.map((p) => p.product_id)).toEqual([
      last.product_id,
      third!.product_id,
      first!.product_id,
      second!.product_id,
      ...listed.slice(3, 5).map((p) => p.product_id),
    ]);
    expect(body.items[0]).toMatchObject({ name: last.name, url_key: last.url_key, price: last.price });

    // Kept for a while: a new order does not move the list at once.
    await order([first!.product_id]);
    await order([first!.product_id]);
    await order([first!.product_id]);
    expect((await get('/api/stores/1/popular')).body.items[0]?.product_id).toBe(last.product_id);
  });

  it('refuses an unknown store as the other catalogue routes do', async () => {
    expect((await get('/api/stores/999/popular')).status).toBe(400);
  });
});
