import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import type { DatabaseLogger } from '../connection.js';
import { applyMigrations, MIGRATIONS_DIR } from '../database.js';

/** Directory of PGlite's files inside DATA_DIR: an install made before PGlite was removed (docs/decisions/0025). */
export const PGLITE_DIR = 'pglite';

/** The app_meta key written in the copy's transaction: the copy is complete, only the rename may be left to do. */
export const PGLITE_MIGRATED_KEY = 'pglite_migrated_at';

// Rows per INSERT stay under PostgreSQL's 65,535 bind parameters.
const MAX_PARAMETERS_PER_INSERT = 30_000;

export interface PgliteMigrationReport {
  /** Where the old files are now. */
  movedTo: string;
  /** Rows copied per table (only tables with rows), or undefined when an earlier start had already copied them. */
  rows?: Record<string, number>;
  ms: number;
}

interface SourceDatabase {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

/**
 * Moves an install still on PGlite (`<dataDir>/pglite`) to the embedded PostgreSQL that `pool` reaches, before the app
 * serves: the old database is brought to the current schema (as the old app did at each start), the new one migrated,
 * then every table of the `public` schema is copied in one transaction (triggers and foreign keys off meanwhile),
 * sequences set to their old values and row counts compared. The transaction also writes PGLITE_MIGRATED_KEY; only
 * then is `<dataDir>/pglite` renamed `pglite.migrated-<date>` (never deleted). Interrupted anywhere, the next start
 * does it again, or only the rename once the copy is committed. Returns undefined when there is nothing to migrate.
 * Not copied: pg-boss's own schema (queued jobs; the app recreates its queues and schedules at start).
 */
export async function migratePgliteDataDir(
  dataDir: string,
  pool: pg.Pool,
  logger: DatabaseLogger,
  now: () => Date = () => new Date(),
): Promise<PgliteMigrationReport | undefined> {
  const pgliteDir = join(dataDir, PGLITE_DIR);
  if (!existsSync(join(pgliteDir, 'PG_VERSION'))) return undefined;
  const started = Date.now();
  await applyMigrations(pool);
  if (await alreadyCopied(pool)) {
    const movedTo = moveAside(pgliteDir, now());
    logger.info({ from: pgliteDir, movedTo }, 'The PGlite database had been copied already; its directory is renamed.');
    return { movedTo, ms: Date.now() - started };
  }
  if (await holdsData(pool)) {
    throw new Error(
      `${dataDir} holds both a PGlite database (${PGLITE_DIR}) and an embedded PostgreSQL one with users: keep one ` +
        `(move the other directory away) and start again (docs/operations.md, "From PGlite to the embedded PostgreSQL").`,
    );
  }
  logger.info(
    { from: pgliteDir },
    'Moving the PGlite database to the embedded PostgreSQL (once; the old files are kept).',
  );
  const source = await openPglite(pgliteDir);
  let rows: Record<string, number>;
  try {
    rows = await copyAll(source, pool, now());
  } catch (err) {
    throw new Error(
      `Could not move the PGlite database in ${pgliteDir} to the embedded PostgreSQL; ${pgliteDir} is unchanged ` +
        `and the next start tries again (docs/operations.md, "From PGlite to the embedded PostgreSQL").`,
      { cause: err },
    );
  } finally {
    await source.close();
  }
  const movedTo = moveAside(pgliteDir, now());
  const report = { movedTo, rows, ms: Date.now() - started };
  logger.info(
    { ...report, tables: Object.keys(rows).length, total: Object.values(rows).reduce((a, b) => a + b, 0) },
    `Moved the PGlite database to the embedded PostgreSQL; the old files are in ${movedTo}.`,
  );
  return report;
}

async function alreadyCopied(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query('SELECT 1 FROM app_meta WHERE key = $1', [PGLITE_MIGRATED_KEY]);
  return rows.length > 0;
}

/** True when the new database is not fresh: it has users (no migration inserts any), so is in use already. */
async function holdsData(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query('SELECT 1 FROM users LIMIT 1');
  return rows.length > 0;
}

/** PGlite, loaded only here, on the old directory, migrated to the current schema. */
async function openPglite(dir: string): Promise<SourceDatabase> {
  const [{ PGlite }, { NodeFS }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/nodefs'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const db = await PGlite.create({ fs: new NodeFS(dir), extensions: { pg_trgm } });
  try {
    await migrate(drizzle(db), { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    await db.close();
    throw err;
  }
  return {
    query: async <T>(sql: string, params?: unknown[]) => db.query<T>(sql, params),
    close: () => db.close(),
  };
}

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;

async function copyAll(source: SourceDatabase, pool: pg.Pool, at: Date): Promise<Record<string, number>> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      const counts = await copyTables(source, client);
      await client.query(
        `INSERT INTO app_meta (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [PGLITE_MIGRATED_KEY, at.toISOString()],
      );
      await client.query('COMMIT');
      return counts;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  } finally {
    client.release();
  }
}

async function copyTables(source: SourceDatabase, target: pg.PoolClient): Promise<Record<string, number>> {
  const listTables = "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename";
  const sourceTables = (await source.query<{ name: string }>(listTables)).rows.map((t) => t.name);
  const targetTables = new Set((await target.query<{ name: string }>(listTables)).rows.map((t) => t.name));
  const missing = sourceTables.filter((name) => !targetTables.has(name));
  if (missing.length > 0) throw new Error(`tables missing in the new database: ${missing.join(', ')}`);

  // The new database holds only what its migrations inserted (reference rows), replaced by the old rows. Triggers,
  // foreign keys included, stay off until the commit: tables are copied in any order.
  await target.query("SET LOCAL session_replication_role = 'replica'");
  if (targetTables.size > 0) await target.query(`TRUNCATE ${[...targetTables].map(ident).join(', ')}`);

  const counts: Record<string, number> = {};
  for (const table of sourceTables) {
    const copied = await copyTable(source, target, table);
    if (copied > 0) counts[table] = copied;
  }
  await copySequences(source, target);
  await target.query("SET LOCAL session_replication_role = 'origin'");
  return counts;
}

/** Copies one table's rows as text (each column's own text form, parsed again by the new server): no type drift. */
async function copyTable(source: SourceDatabase, target: pg.PoolClient, table: string): Promise<number> {
  // Generated columns are computed again by the new server.
  const listColumns = `SELECT column_name AS name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`;
  const columns = (await source.query<{ name: string }>(listColumns, [table])).rows.map((c) => c.name);
  const targetColumns = new Set((await target.query<{ name: string }>(listColumns, [table])).rows.map((c) => c.name));
  const lost = columns.filter((name) => !targetColumns.has(name));
  if (lost.length > 0) throw new Error(`columns of ${table} missing in the new database: ${lost.join(', ')}`);
  if (columns.length === 0) return 0;

  const { rows } = await source.query<Record<string, string | null>>(
    `SELECT ${columns.map((c, i) => `${ident(c)}::text AS c${i}`).join(', ')} FROM ${ident(table)}`,
  );
  const perInsert = Math.max(1, Math.floor(MAX_PARAMETERS_PER_INSERT / columns.length));
  for (let start = 0; start < rows.length; start += perInsert) {
    const batch = rows.slice(start, start + perInsert);
    const params: Array<string | null> = [];
    const values = batch.map((row) => {
      const placeholders = columns.map((_, i) => {
        params.push(row[`c${i}`] ?? null);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await target.query(
      `INSERT INTO ${ident(table)} (${columns.map(ident).join(', ')}) OVERRIDING SYSTEM VALUE VALUES ${values.join(', ')}`,
      params,
    );
  }
  const [counted] = (await target.query<{ n: string }>(`SELECT count(*) AS n FROM ${ident(table)}`)).rows;
  if (Number(counted?.n) !== rows.length) {
    throw new Error(`${table}: ${rows.length} rows read, ${counted?.n} in the new database`);
  }
  return rows.length;
}

async function copySequences(source: SourceDatabase, target: pg.PoolClient): Promise<void> {
  const { rows } = await source.query<{ name: string; last: string | null; called: boolean }>(
    `SELECT sequencename AS name, last_value::text AS last, last_value IS NOT NULL AS called
     FROM pg_sequences WHERE schemaname = 'public'`,
  );
  for (const sequence of rows) {
    // A sequence never used keeps its start: nextval gives its first value, as before.
    if (!sequence.called || sequence.last === null) continue;
    await target.query('SELECT setval($1::regclass, $2::bigint, true)', [ident(sequence.name), sequence.last]);
  }
}

/** Renames the old directory `pglite.migrated-<date>` (a free name: `-2`, `-3`... after it). */
function moveAside(pgliteDir: string, at: Date): string {
  const base = `${pgliteDir}.migrated-${at.toISOString().slice(0, 10)}`;
  let target = base;
  for (let n = 2; existsSync(target); n += 1) target = `${base}-${n}`;
  renameSync(pgliteDir, target);
  return target;
}
