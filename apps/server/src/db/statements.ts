import type pg from 'pg';
import type { DbOrTx } from './database.js';

/** What Drizzle's `.prepare(name)` returns, as far as these statements use it. */
interface PreparedQuery<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** The pg client a handle runs its queries on: the pool for the root handle, its own connection for a transaction. */
function clientOf(db: DbOrTx): pg.Pool | pg.PoolClient {
  // Drizzle's node-postgres session keeps it as `client` (drizzle-orm 0.45; statements.test.ts checks it).
  const client = (db as unknown as { session?: { client?: pg.Pool | pg.PoolClient } }).session?.client;
  if (!client) throw new Error('not a node-postgres Drizzle handle');
  return client;
}

const names = new Set<string>();

/**
 * A statement of the hot paths (cart, checkout, payment, sessions), built once and run many times, on the root handle
 * or inside any transaction. Drizzle builds a query's SQL anew on every call (about 0.1-0.2 ms of CPU each, the
 * largest part of a checkout's CPU in the app); this builds it once, with `sql.placeholder(...)` for the values, and
 * the server parses and plans it once per connection (a named statement). Drizzle still maps the rows.
 *
 * `name` must be unique in the app (PostgreSQL names the statement with it), and the built query must not depend on
 * anything but its placeholders.
 */
export function reusableStatement<R>(
  name: string,
  build: (db: DbOrTx) => { prepare(name: string): PreparedQuery<R> },
): (db: DbOrTx, values?: Record<string, unknown>) => Promise<R> {
  if (names.has(name)) throw new Error(`statement ${name} is defined twice`);
  names.add(name);
  let prepared: PreparedQuery<R> | undefined;
  return (db, values) => {
    prepared ??= build(db).prepare(name);
    // The same built query, run on this handle's own client (a transaction's connection, or the pool).
    const bound = Object.create(prepared, { client: { value: clientOf(db) } }) as PreparedQuery<R>;
    return bound.execute(values);
  };
}
