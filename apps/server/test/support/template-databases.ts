// The run's template databases, made once by the server project's globalSetup and copied by CREATE DATABASE …
// TEMPLATE for each test (test-database.ts). Applying the 50 migrations and seeding the catalogue, the configuration
// lists, the demo users and pg-boss's schema took 3-5 s per app on a 2-core machine, and the server suites build about
// 200 apps; a copy takes a fraction of a second. Nobody connects to a template after it is made (PostgreSQL refuses
// to copy a database that has sessions).
//   migrated: every migration applied, no other rows;
//   seeded:   what a test app's first boot leaves (TEMPLATE_ENV below): createTestApp uses it when the app's own
//             configuration seeds the same data (test-app.ts, seedsLikeTemplate), else the migrated one.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/connection.js';
import { applyMigrations } from '../../src/db/database.js';
import { loadConfig, type AppConfig } from '../../src/config/env.js';
import { createDatabase, withAdminClient } from './admin-client.js';

export interface TemplateDatabases {
  migrated: string;
  seeded: string;
  drop(): Promise<void>;
}

/** The environment of a test app before a test's own variables (test-app.ts starts from it). */
export const TEMPLATE_ENV = {
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://shop.test',
  // No SMTP receiver unless a test asks for one (port 0): parallel test files would fight over 2525.
  SMTP_INBOUND_PORT: 'off',
  // Requests are injected under any host: no redirect to the canonical one, even when a test runs as production
  // (test/api/canonical-host.test.ts turns it on).
  CANONICAL_HOST: 'off',
} as const;

/** True when an app with `config` seeds at boot exactly what the seeded template holds. */
export function seedsLikeTemplate(config: AppConfig, template: AppConfig): boolean {
  return (
    config.nodeEnv === template.nodeEnv &&
    config.catalogDir === template.catalogDir &&
    config.seedDemoUsers === template.seedDemoUsers &&
    config.seedDemoOrders === template.seedDemoOrders
  );
}

export async function createTemplateDatabases(adminUrl: string): Promise<TemplateDatabases> {
  const suffix = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const migrated = `ventanilla_template_${suffix}`;
  const seeded = `ventanilla_seeded_${suffix}`;
  const drop = () =>
    withAdminClient(adminUrl, async (admin) => {
      for (const name of [migrated, seeded]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  try {
    await createDatabase(adminUrl, migrated);
    const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, migrated), max: 1 });
    try {
      await applyMigrations(pool);
    } finally {
      await pool.end();
    }
    await createDatabase(adminUrl, seeded, migrated);
    await bootOnce(databaseUrl(adminUrl, seeded));
  } catch (err) {
    await drop();
    throw err;
  }
  return { migrated, seeded, drop };
}

/** One test app's boot and shutdown on the database: it seeds what every boot seeds. */
async function bootOnce(url: string): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ventanilla-template-'));
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 3 });
  try {
    const app = await buildApp({ config: loadConfig({ ...TEMPLATE_ENV, DATA_DIR: dataDir }), database, logger: false });
    await app.close();
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
