// The catalogue in memory follows edits made through another instance (or by hand in SQL): each refresh reads the
// revision counter (migration 0033's triggers move it on every change of stores, categories, products and store links)
// and reads the whole catalogue again only when it moved.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyMigrations, createDb, type Db } from '../src/db/database.js';
import { CatalogService } from '../src/modules/catalog/catalog.service.js';
import { seedDatabase } from '../src/modules/catalog/seed.js';
import { loadConfig } from '../src/config/env.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

let t: TestDatabase;
let db: Db;
let catalog: CatalogService;
beforeAll(async () => {
  t = await createTestDatabase();
  await applyMigrations(t.handle.pool);
  db = createDb(t.handle.pool);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' });
  await seedDatabase(db, { catalogDir: config.catalogDir });
  // A negative ttl: every read of the catalogue starts a refresh (the app uses 5 s).
  catalog = new CatalogService(db, { ttlMs: -1, defaultStoreId: 1, storeHosts: {} });
  await catalog.load();
}, 60_000);
afterAll(async () => t?.dispose());

describe('catalogue refresh', () => {
  it('without a change it reads the revision only, and keeps the snapshot', async () => {
    const load = vi.spyOn(catalog, 'load');
    const before = catalog.revision();
    await catalog.refreshIfStale();
    await catalog.refreshIfStale();
    expect(load).not.toHaveBeenCalled();
    expect(catalog.revision()).toBe(before);
    load.mockRestore();
  });

  it.each([
    ['a product', sql`update products set name = name || ' (editado)' where url_key = 'nota-simple'`],
    ['a store', sql`update stores set description = description || '.' where store_id = 1`],
    [
      'a category',
      sql`update categories set position = position + 1 where url_key = (select min(url_key) from categories)`,
    ],
    ['a store link', sql`delete from product_stores where product_id = (select max(product_id) from product_stores)`],
  ])('an edit of %s made outside this instance is loaded at the next refresh', async (_what, edit) => {
    const load = vi.spyOn(catalog, 'load');
    const before = catalog.revision();
    // Reading the revision starts a refresh (negative ttl): let it end before the edit, or the refresh below joins it
    // and it may have read the counter before the edit (seen under load).
    await catalog.idle();
    await db.execute(edit);
    await catalog.refreshIfStale();
    expect(load).toHaveBeenCalledTimes(1);
    expect(catalog.revision()).not.toBe(before);
    load.mockRestore();
  });

  it('shows the edited texts', () => {
    expect(catalog.findProduct(1, 'nota-simple')?.row.name).toMatch(/\(editado\)$/);
  });
});

describe('missing translations', () => {
  it('are told only for products a store of that language sells, all in one call per language', async () => {
    const told: Array<[string[], string]> = [];
    const fresh = new CatalogService(db, {
      ttlMs: -1,
      defaultStoreId: 1,
      storeHosts: {},
      onMissingText: (urlKeys, language) => told.push([urlKeys, language]),
    });
    await fresh.load();
    // Every store's language is looked at: the seeded catalogue has the texts of all that each store sells, and the
    // Spanish-only products no Portuguese or Irish store sells are not "missing" there.
    for (const store of [1, 16, 17]) fresh.findProduct(store, 'nota-simple');
    expect(told).toEqual([]);
    // A Spanish product (no Portuguese texts) put on sale in the Portuguese store is told, once, by name.
    const [spanishOnly] = (
      await db.execute<{ product_id: number; url_key: string }>(sql`
        select p.product_id, p.url_key from products p
        where p.translations->'pt' is null
          and not exists (select 1 from product_stores s where s.product_id = p.product_id and s.store_id = 16)
        order by p.product_id limit 1`)
    ).rows;
    await db.execute(sql`insert into product_stores (product_id, store_id) values (${spanishOnly!.product_id}, 16)`);
    await fresh.refreshIfStale();
    fresh.findProduct(16, spanishOnly!.url_key);
    fresh.findProduct(16, 'nota-simple');
    expect(told).toEqual([[[spanishOnly!.url_key], 'pt']]);
    await db.execute(sql`delete from product_stores where product_id = ${spanishOnly!.product_id} and store_id = 16`);
  });
});
