import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/connection.js';
import { createDatabase, withAdminClient } from './admin-client.js';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Connection string of the database (PostgreSQL mode only). */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * A database for one test file: a new, uniquely named database, dropped on dispose, so test files can run in
 * parallel. On the PostgreSQL server that TEST_DATABASE_URL names (e.g. postgres://root@127.0.0.1:5432/test), else on
 * the run's embedded PostgreSQL 18 (embedded-postgres-setup.ts). Empty, or a copy of one of the run's templates
 * (template-databases.ts): `migrated` (every migration applied, no other rows) or `seeded` (as a test app's first boot
 * leaves it).
 */
export async function createTestDatabase(options: { template?: 'migrated' | 'seeded' } = {}): Promise<TestDatabase> {
  const adminUrl = process.env['TEST_DATABASE_URL'] || inject('embeddedDatabaseUrl');
  if (!adminUrl)
    throw new Error('No test database: run through Vitest (its globalSetup starts one) or set TEST_DATABASE_URL.');

  const name = `ventanilla_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await createDatabase(adminUrl, name, options.template && inject('templates')[options.template]);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 5 });
  } catch (err) {
    await dropDatabase(adminUrl, name);
    throw err;
  }
  return {
    handle,
    url: url.toString(),
    async dispose() {
      await handle.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  // FORCE: a test that failed half-way may have left connections open.
  await withAdminClient(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
