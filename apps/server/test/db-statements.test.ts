// reusableStatement: one built query run on the root handle and inside transactions, each on its own connection.
// It relies on Drizzle's node-postgres internals (the session's `client`, the prepared query's `client`): this test
// fails if an upgrade changes them.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/database.js';
import { stores } from '../src/db/schema.js';
import { reusableStatement } from '../src/db/statements.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { applyMigrations } from '../src/db/database.js';

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  await applyMigrations(t.handle.pool);
  db = createDb(t.handle.pool);
  await db.insert(stores).values({ storeId: 901, name: 'Uno', language: 'es', country: 'ES', vatRateBp: 2100 });
});
afterAll(async () => t?.dispose());

const storeName = reusableStatement('test_store_name', (h) =>
  h
    .select({ name: stores.name })
    .from(stores)
    .where(eq(stores.storeId, sql.placeholder('id'))),
);

it('runs on the root handle with new values each time', async () => {
  expect(await storeName(db, { id: 901 })).toEqual([{ name: 'Uno' }]);
  expect(await storeName(db, { id: 999 })).toEqual([]);
});

it("inside a transaction it runs on the transaction's connection: it sees the transaction's own writes", async () => {
  await db
    .transaction(async (tx) => {
      await tx.update(stores).set({ name: 'Dos' }).where(eq(stores.storeId, 901));
      expect(await storeName(tx, { id: 901 })).toEqual([{ name: 'Dos' }]);
      throw new Error('roll back');
    })
    .catch((err: Error) => expect(err.message).toBe('roll back'));
  expect(await storeName(db, { id: 901 })).toEqual([{ name: 'Uno' }]);
});

it('a name used twice is refused', () => {
  expect(() => reusableStatement('test_store_name', (h) => h.select().from(stores))).toThrow(/defined twice/);
});
