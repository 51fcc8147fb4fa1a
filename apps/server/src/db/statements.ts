import {
  fillPlaceholders,
  getTableColumns,
  is,
  Param,
  Placeholder,
  type Column,
  type SQL,
  type Table,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DbOrTx } from './database.js';

/** What Drizzle's `.prepare(name)` returns, as far as these statements use it. */
interface PreparedQuery<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** The pg client a handle runs its queries on: the pool for the root handle, its own connection for a transaction. */
export function clientOf(db: DbOrTx): pg.Pool | pg.PoolClient {
  // Drizzle's node-postgres session keeps it as `client` (drizzle-orm 0.45; statements.test.ts checks it).
  const client = (db as unknown as { session?: { client?: pg.Pool | pg.PoolClient } }).session?.client;
  if (!client) throw new Error('not a node-postgres Drizzle handle');
  return client;
}

const names = new Set<string>();

/**
 * Drizzle encodes a placeholder's value with its column's encoder even when it is null (fillPlaceholders), where it
 * sends an inline null as SQL NULL: a null jsonb would be stored as JSON `null` and a null timestamp would throw.
 * The prepared query's parameters get encoders that pass null through, as Drizzle does for inline values.
 */
function withNullSafeEncoders<Q>(prepared: Q): Q {
  const query = prepared as unknown as { params?: unknown[] };
  if (!Array.isArray(query.params)) throw new Error('not a Drizzle prepared query');
  query.params = query.params.map((p) => {
    if (!is(p, Param) || !is(p.value, Placeholder)) return p;
    const encoder = p.encoder;
    return new Param(p.value, {
      mapToDriverValue: (value: unknown) => (value === null ? null : encoder.mapToDriverValue(value)),
    });
  });
  return prepared;
}

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
    prepared ??= withNullSafeEncoders(build(db).prepare(name));
    // The same built query, run on this handle's own client (a transaction's connection, or the pool).
    const bound = Object.create(prepared, { client: { value: clientOf(db) } }) as PreparedQuery<R>;
    return bound.execute(values);
  };
}

const dialect = new PgDialect();

/**
 * A hand-written statement of the hot paths (drizzle's `sql` template, with `sql.placeholder(...)` for its values),
 * turned into SQL once and run as a named statement on the root handle or inside any transaction. Rows come back as
 * the driver gives them (no mapping): select what you read by name.
 */
export function reusableSql<Row extends Record<string, unknown> = Record<string, unknown>>(
  name: string,
  build: () => SQL,
): (db: DbOrTx, values?: Record<string, unknown>) => Promise<{ rows: Row[]; rowCount: number | null }> {
  if (names.has(name)) throw new Error(`statement ${name} is defined twice`);
  names.add(name);
  let query: { text: string; params: unknown[] } | undefined;
  return async (db, values = {}) => {
    if (!query) {
      const built = dialect.sqlToQuery(build());
      query = { text: built.sql, params: built.params };
    }
    const result = await clientOf(db).query<Row>({ name, text: query.text }, fillPlaceholders(query.params, values));
    return { rows: result.rows, rowCount: result.rowCount };
  };
}

/** Runs numbered-parameter SQL written elsewhere (a library's constant statements) as a named statement. */
export function runNamed<Row extends Record<string, unknown>>(
  db: DbOrTx,
  name: string,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult<Row>> {
  return clientOf(db).query<Row>({ name, text }, values);
}

const columnsOf = new WeakMap<Table, Array<[string, Column]>>();

/**
 * A table's row (Drizzle's shape: property names, each column decoded by its own type) from a row as the driver gave
 * it (column names), as a `reusableSql` statement returns it; for statements that return a table's `*` or RETURNING *.
 */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  let columns = columnsOf.get(table);
  if (!columns) columnsOf.set(table, (columns = Object.entries(getTableColumns(table))));
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
