import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, NodePgSession, NodePgTransaction, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import * as schema from './schema.js';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; repositories accept either so use cases can compose them in one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../drizzle');

/**
 * Builds the Drizzle handle over a pg pool. Its `transaction` reuses one transaction handle per pooled connection:
 * Drizzle builds a new one for every transaction (a session, and a query builder per table of the schema: ~80) and
 * the SQL of its `begin` and `commit`, the largest part of a short transaction's CPU in the app. Nested transactions
 * (savepoints) and transactions with a config (isolation level...) go through Drizzle's own.
 */
export function createDb(pool: pg.Pool): Db {
  const db = drizzle(pool, { schema });
  const drizzleTransaction = db.transaction.bind(db);
  const internals = db as unknown as {
    dialect: ConstructorParameters<typeof NodePgTransaction>[0];
    _: { schema: unknown; fullSchema: Record<string, unknown>; tableNamesMap: Record<string, string> };
    session: { options?: ConstructorParameters<typeof NodePgSession>[3] };
  };
  const relational = {
    schema: internals._.schema,
    fullSchema: internals._.fullSchema,
    tableNamesMap: internals._.tableNamesMap,
  } as ConstructorParameters<typeof NodePgTransaction>[2];
  const handles = new WeakMap<pg.PoolClient, Tx>();
  const handleOf = (client: pg.PoolClient): Tx => {
    let tx = handles.get(client);
    if (!tx) {
      const session = new NodePgSession(client, internals.dialect, relational, internals.session.options ?? {});
      tx = new NodePgTransaction(internals.dialect, session, relational) as unknown as Tx;
      handles.set(client, tx);
    }
    return tx;
  };
  const runTransaction = async <F, T>(
    run: (tx: Tx, first: Promise<F>) => Promise<T>,
    first?: (outside: Tx) => Promise<F>,
  ): Promise<T> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      // On a pipelined connection (openDatabase's pools) BEGIN is not waited for: it goes out in one write with the
      // transaction's first statement when that is sent in the same tick, and the server runs both without a round
      // trip between them. A BEGIN that fails fails that statement too; it is awaited before the commit. `first`
      // (transactionAfter) goes out just before BEGIN, in the same write: a statement of its own, outside the
      // transaction (committed when it ends), whose answer the transaction awaits only where it needs it.
      let begun: Promise<unknown> = Promise.resolve();
      let firstDone: Promise<F> = Promise.resolve(undefined as F);
      if (isPipelined(client)) {
        begun = sendTogether(client, () => {
          if (first) firstDone = first(handleOf(client));
          return client.query('BEGIN');
        });
        begun.catch(() => {});
        firstDone.catch(() => {});
      } else {
        if (first) firstDone = Promise.resolve(await first(handleOf(client)));
        await client.query('BEGIN');
      }
      try {
        const result = await run(handleOf(client), firstDone);
        await begun;
        await client.query('COMMIT');
        return result;
      } catch (err) {
        // A connection that cannot even roll back is not given back to the pool.
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError as Error;
        });
        throw err;
      }
    } finally {
      client.release(broken);
    }
  };
  db.transaction = async <T>(run: (tx: Tx) => Promise<T>, config?: Parameters<Db['transaction']>[1]) =>
    config ? drizzleTransaction(run, config) : runTransaction((tx) => run(tx));
  transactionsAfter.set(db, runTransaction);
  return db;
}

type RunTransaction = <F, T>(
  run: (tx: Tx, first: Promise<F>) => Promise<T>,
  first?: (outside: Tx) => Promise<F>,
) => Promise<T>;
const transactionsAfter = new WeakMap<Db, RunTransaction>();

/**
 * `db.transaction(run)` with `first` run just before it on the same connection, as a statement of its own outside the
 * transaction (its row locks end with it), e.g. a counter that the transaction must not keep locked. On a pipelined
 * connection `first`, BEGIN and the transaction's first statement leave in one write and `run` starts at once,
 * with `first`'s answer as a promise to await where it is needed (if `first` fails, that await throws and the
 * transaction rolls back). `first` must send its statement before it first awaits (a `reusableSql` statement does):
 * BEGIN is sent right after it returns.
 */
export function transactionAfter<F, T>(
  db: Db,
  first: (outside: Tx) => Promise<F>,
  run: (tx: Tx, first: Promise<F>) => Promise<T>,
): Promise<T> {
  const runTransaction = transactionsAfter.get(db);
  if (!runTransaction) throw new Error('not a handle made by createDb');
  return runTransaction(run, first);
}

function isPipelined(client: pg.PoolClient): boolean {
  return (client as unknown as { pipeline?: boolean }).pipeline === true;
}

/**
 * Runs `send` (statements sent without awaiting them) with the connection's socket corked until the end of the
 * tick, so that what it sends, and what the code it returns to sends before it waits, leaves in one write.
 */
export function sendTogether<T>(client: pg.PoolClient | pg.Pool, send: () => T): T {
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection
    ?.stream;
  if (!stream?.cork || !stream.uncork) return send();
  stream.cork();
  try {
    return send();
  } finally {
    process.nextTick(() => stream.uncork!());
  }
}

// Any fixed number: every instance of the app takes the same advisory lock while it migrates.
const MIGRATION_LOCK_KEY = 724_100_001;

/** Applies pending migrations under an advisory lock, so several instances starting together do not race. */
export async function applyMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
