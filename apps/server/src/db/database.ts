import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import * as schema from './schema.js';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; repositories accept either so use cases can compose them in one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../drizzle');

/** Builds the Drizzle handle over a pg pool. */
export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
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
