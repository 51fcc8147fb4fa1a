import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/connection.js';
import { IN_MEMORY, openDurablePGlite } from '../../src/db/embedded/durable-pglite.js';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Connection string of the database (PostgreSQL mode only). */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * An empty database for one test file: a new, uniquely named database, dropped on dispose, so test files can run in
 * parallel. On the PostgreSQL server that TEST_DATABASE_URL names (e.g. postgres://root@127.0.0.1:5432/test), else on
 * the run's embedded PostgreSQL 18 (embedded-postgres-setup.ts). With TEST_EMBEDDED_DATABASE=pglite, an in-memory
 * PGlite served from its worker thread instead (for comparisons).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env['TEST_DATABASE_URL'] || inject('embeddedDatabaseUrl');
  if (!adminUrl) {
    const handle = await openDatabase({ dataDir: IN_MEMORY, pgliteTemplate: await pgliteTemplate() });
    return { handle, dispose: () => handle.close() };
  }

  const name = `ventanilla_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
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

async function withAdminClient<T>(adminUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on('error', () => {
    // The query below reports it.
  });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Path of a tarball of a fresh PGlite cluster, built once per machine and PGlite version in the temp directory:
 * starting from it takes well under a second, where initdb costs about 3 s of CPU for every test database.
 */
export async function pgliteTemplate(): Promise<string> {
  const path = join(tmpdir(), `ventanilla-pglite-template-${pgliteVersion()}.tar`);
  if (existsSync(path)) return path;
  const db = await openDurablePGlite(IN_MEMORY);
  try {
    await db.exec('CHECKPOINT');
    const tarball = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    // Test files may build it at the same time: each writes its own file and the rename publishes it whole.
    const staging = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(staging, tarball);
    renameSync(staging, path);
  } finally {
    await db.close();
  }
  return path;
}

function pgliteVersion(): string {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite')); // <package>/dist/index.js
  const manifest = JSON.parse(readFileSync(join(entry, '../../package.json'), 'utf8')) as { version: string };
  return manifest.version;
}
