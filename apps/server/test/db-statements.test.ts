// reusableStatement: one built query run on the root handle and inside transactions, each on its own connection.
// It relies on Drizzle's node-postgres internals (the session's `client`, the prepared query's `client`): this test
// fails if an upgrade changes them.
import { rateBp } from '@ventanilla/domain';
import { eq, sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, transactionAfter, type Db } from '../src/db/database.js';
import { stores } from '../src/db/schema.js';
import { clientOf, reusableSql, reusableStatement, rowOf } from '../src/db/statements.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { applyMigrations } from '../src/db/database.js';

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  await applyMigrations(t.handle.pool);
  db = createDb(t.handle.pool);
  await db.insert(stores).values({ storeId: 901, name: 'Uno', language: 'es', country: 'ES', vatRateBp: rateBp(2100) });
  await db.execute(sql`create table statement_nulls (id integer primary key, doc jsonb, at timestamptz)`);
});

const statementNulls = pgTable('statement_nulls', {
  id: integer('id').primaryKey(),
  doc: jsonb('doc').$type<{ a: number } | null>(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
});
const insertNullable = reusableStatement('test_insert_nullable', (h) =>
  h
    .insert(statementNulls)
    .values({ id: sql.placeholder('id'), doc: sql.placeholder('doc'), at: sql.placeholder('at') })
    .returning(),
);
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

it('a null value is SQL NULL, as Drizzle sends an inline null (not JSON null, not a failed date encoding)', async () => {
  const at = new Date('2026-11-27T10:00:00Z');
  expect(await insertNullable(db, { id: 1, doc: { a: 1 }, at })).toEqual([{ id: 1, doc: { a: 1 }, at }]);
  expect(await insertNullable(db, { id: 2, doc: null, at: null })).toEqual([{ id: 2, doc: null, at: null }]);
  const rows = await db.execute(
    sql`select id, doc is null as no_doc, at is null as no_at from statement_nulls order by id`,
  );
  expect(rows.rows).toEqual([
    { id: 1, no_doc: false, no_at: false },
    { id: 2, no_doc: true, no_at: true },
  ]);
});

const mixed = pgTable('statement_rows', {
  id: integer('id').primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }),
  doc: jsonb('doc').$type<{ a: number }>(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  note: text('note'),
});
const insertRaw = reusableSql(
  'test_rows_raw',
  () => sql`insert into statement_rows values (${sql.placeholder('id')},
  ${sql.placeholder('orderId')}::bigint, ${sql.placeholder('doc')}::jsonb, ${sql.placeholder('at')}::timestamptz,
  ${sql.placeholder('note')}) returning *`,
);

it("rowOf: a hand-written statement's row (column names) in Drizzle's shape, as Drizzle's own select gives it", async () => {
  await db.execute(sql`create table statement_rows (id integer primary key, order_id bigint, doc jsonb, at timestamptz,
    note text)`);
  const at = new Date('2026-11-28T09:30:00Z');
  const values = [
    { id: 1, orderId: '1000000123', doc: '{"a":2}', at: at.toISOString(), note: 'x' },
    { id: 2, orderId: null, doc: null, at: null, note: null },
  ];
  for (const v of values) {
    const { rows } = await insertRaw(db, v);
    const [selected] = await db.select().from(mixed).where(eq(mixed.id, v.id));
    expect(rowOf(mixed, rows[0]!)).toEqual(selected);
  }
  expect(rowOf(mixed, (await insertRaw(db, { ...values[0]!, id: 3 })).rows[0]!)).toEqual({
    id: 3,
    orderId: 1000000123,
    doc: { a: 2 },
    at,
    note: 'x',
  });
});

it('a name used twice is refused', () => {
  expect(() => reusableStatement('test_store_name', (h) => h.select().from(stores))).toThrow(/defined twice/);
});

describe('createDb().transaction (one reused handle per pooled connection)', () => {
  const name = async () => (await storeName(db, { id: 901 }))[0]?.name;

  it('commits, and rolls back on a throw (the error comes through)', async () => {
    await db.transaction(async (tx) => {
      await tx.update(stores).set({ name: 'Tres' }).where(eq(stores.storeId, 901));
    });
    expect(await name()).toBe('Tres');
    await expect(
      db.transaction(async (tx) => {
        await tx.update(stores).set({ name: 'Cuatro' }).where(eq(stores.storeId, 901));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await name()).toBe('Tres');
  });

  it('tx.rollback() and a failed statement roll back; the connection serves the next transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.update(stores).set({ name: 'Cinco' }).where(eq(stores.storeId, 901));
        tx.rollback();
      }),
    ).rejects.toThrow();
    await expect(
      db.transaction(async (tx) => {
        await tx.update(stores).set({ name: 'Seis' }).where(eq(stores.storeId, 901));
        await tx.execute(sql`select 1/0`);
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/division by zero/) } });
    expect(await name()).toBe('Tres');
    expect(await db.transaction(async (tx) => (await storeName(tx, { id: 901 }))[0]?.name)).toBe('Tres');
  });

  it("sends BEGIN with the transaction's first statement, without waiting for its answer (pipelined pool)", async () => {
    // The callback starts before the server has answered BEGIN: the connection is not yet seen in a transaction.
    const seen = await db.transaction(async (tx) => {
      const client = clientOf(tx) as unknown as { getTransactionStatus(): string | null };
      const atStart = client.getTransactionStatus();
      await tx.update(stores).set({ name: 'Tres' }).where(eq(stores.storeId, 901));
      return { atStart, after: client.getTransactionStatus() };
    });
    expect(seen).toEqual({ atStart: 'I', after: 'T' });
  });

  it('a first statement that fails rolls back and throws its error; the connection serves the next one', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1/0`);
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/division by zero/) } });
    // Two statements sent together: the second fails after the first's change, and both are undone.
    await expect(
      db.transaction(async (tx) => {
        const first = Promise.resolve(tx.update(stores).set({ name: 'Nueve' }).where(eq(stores.storeId, 901)));
        const second = Promise.resolve(tx.execute(sql`select 1/0`));
        second.catch(() => undefined);
        await first;
        await second;
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/division by zero/) } });
    expect(await name()).toBe('Tres');
    expect(await db.transaction(async (tx) => (await storeName(tx, { id: 901 }))[0]?.name)).toBe('Tres');
  });

  describe('transactionAfter (a statement of its own, then the transaction, on one connection)', () => {
    const renameOutside = reusableSql<{ name: string }>(
      'test_rename_outside',
      () => sql`update stores set name = ${sql.placeholder('name')} where store_id = 901 returning name`,
    );
    const failOutside = reusableSql('test_fail_outside', () => sql`select 1/0 as x`);

    it('sends the statement, BEGIN and the first statement together; the statement is not in the transaction', async () => {
      const seen = await transactionAfter(
        db,
        (outside) => renameOutside(outside, { name: 'Fuera' }),
        async (tx, first) => {
          // Sent before BEGIN on this connection: BEGIN and the statement below have not waited for its answer.
          const client = clientOf(tx) as unknown as { getTransactionStatus(): string | null };
          const atStart = client.getTransactionStatus();
          const inside = (await storeName(tx, { id: 901 }))[0]?.name;
          return { atStart, first: (await first).rows[0]?.name, inside };
        },
      );
      expect(seen).toEqual({ atStart: 'I', first: 'Fuera', inside: 'Fuera' });
      // Outside the transaction: a rollback of the transaction keeps it, and it locks nothing the transaction holds.
      await expect(
        transactionAfter(
          db,
          (outside) => renameOutside(outside, { name: 'Fuera dos' }),
          async (tx, first) => {
            await first;
            // Another connection can change the row the statement changed while this transaction is open.
            await t.handle.pool.query(`update stores set name = 'Otra' where store_id = 901`);
            await tx.update(stores).set({ name: 'Dentro' }).where(eq(stores.storeId, 901));
            throw new Error('changed my mind');
          },
        ),
      ).rejects.toThrow('changed my mind');
      expect(await name()).toBe('Otra');
      await db.update(stores).set({ name: 'Tres' }).where(eq(stores.storeId, 901));
    });

    it('its failure is thrown where the transaction awaits it, and rolls the transaction back', async () => {
      await expect(
        transactionAfter(
          db,
          (outside) => failOutside(outside),
          async (tx, first) => {
            await tx.update(stores).set({ name: 'Diez' }).where(eq(stores.storeId, 901));
            await first;
          },
        ),
      ).rejects.toThrow(/division by zero/);
      expect(await name()).toBe('Tres');
      // Not awaited at all (the transaction failed first): its error is not left unhandled.
      await expect(
        transactionAfter(
          db,
          (outside) => failOutside(outside),
          async () => {
            throw new Error('first');
          },
        ),
      ).rejects.toThrow('first');
      expect(await db.transaction(async (tx) => (await storeName(tx, { id: 901 }))[0]?.name)).toBe('Tres');
    });
  });

  it('a nested transaction is a savepoint: its rollback keeps the outer work', async () => {
    await db.transaction(async (tx) => {
      await tx.update(stores).set({ name: 'Siete' }).where(eq(stores.storeId, 901));
      await tx
        .transaction(async (inner) => {
          await inner.update(stores).set({ name: 'Ocho' }).where(eq(stores.storeId, 901));
          throw new Error('inner only');
        })
        .catch(() => undefined);
    });
    expect(await name()).toBe('Siete');
  });

  it('concurrent transactions are isolated from each other until they commit', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((r) => (release = r));
    const first = db.transaction(async (tx) => {
      await tx.update(stores).set({ description: 'first' }).where(eq(stores.storeId, 901));
      await held;
    });
    // Another connection does not see it before commit.
    const seen = await name();
    release();
    await first;
    expect(seen).toBe('Siete');
    const [row] = await db.select({ d: stores.description }).from(stores).where(eq(stores.storeId, 901));
    expect(row?.d).toBe('first');
  });
});
