// Vitest globalSetup of the server project: without TEST_DATABASE_URL, one embedded PostgreSQL 18 server (the app's
// own postgres-server.ts) in a temporary DATA_DIR for the whole run. Each test file creates its own database on it
// (test-database.ts), as on an external server. On either server it then makes the run's template databases
// (template-databases.ts): a test app's database is a copy instead of 50 migrations and the seeds applied again. The server is stopped and its directory removed at teardown; when the
// run is interrupted (Ctrl-C, SIGTERM) the process 'exit' handler stops it at once and removes the directory, and a
// run that was killed outright leaves a directory that the next run removes.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { DatabaseLogger } from '../../src/db/connection.js';
import { LOCK_FILE_NAME } from '../../src/db/embedded/data-dir-lock.js';
import { findPostgresBinaries } from '../../src/db/embedded/postgres-binaries.js';
import { POSTGRES_DIR, startPostgresServer, stopOrphanPostmaster } from '../../src/db/embedded/postgres-server.js';
import { withAdminClient } from './admin-client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection string of the run's embedded PostgreSQL; unset with TEST_DATABASE_URL. */
    embeddedDatabaseUrl: string | undefined;
    /** The run's template databases (their names), on the embedded server or TEST_DATABASE_URL's. */
    templates: { migrated: string; seeded: string };
  }
}

const DIR_PREFIX = 'ventanilla-test-pg-';
// A directory without a lock this young may be another run's, between its creation and the server's lock.
const MIN_LEFTOVER_AGE_MS = 60_000;

const logger: DatabaseLogger = {
  info() {},
  warn(obj, msg) {
    console.warn('[test PostgreSQL]', msg ?? '', obj);
  },
  error(obj, msg) {
    console.error('[test PostgreSQL]', msg ?? '', obj);
  },
};

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  project.provide('embeddedDatabaseUrl', undefined);
  const externalUrl = process.env['TEST_DATABASE_URL'];
  if (externalUrl) {
    const templates = makeTemplates(externalUrl);
    project.provide('templates', { migrated: templates.migrated, seeded: templates.seeded });
    return () => templates.drop();
  }

  await removeLeftovers();
  const found = await findPostgresBinaries();
  if (!found.ok) {
    throw new Error(
      `The server tests run on an embedded PostgreSQL, which cannot run here: ${found.reason}. ` +
        'Set TEST_DATABASE_URL to a PostgreSQL server (e.g. postgres://root@127.0.0.1:5432/test).',
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), DIR_PREFIX));
  // Interrupted: Vitest exits on SIGINT/SIGTERM without running teardowns; 'exit' handlers must be synchronous.
  const onExit = (): void => stopNowAndRemove(dataDir);
  process.once('exit', onExit);
  let server: Awaited<ReturnType<typeof startPostgresServer>>;
  try {
    server = await startPostgresServer({
      dataDir,
      binaries: found.binaries,
      logger,
      // Every test file opens pools of its own (5 connections, more for a second app instance), two or more files at
      // once.
      poolSize: Math.max(100, 25 * availableParallelism()),
    });
  } catch (err) {
    process.off('exit', onExit);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const url = new URL('postgres://postgres@localhost/postgres');
  url.port = String(server.connection.port);
  url.searchParams.set('host', server.connection.host);
  project.provide('embeddedDatabaseUrl', url.toString());
  let templates: Templates;
  try {
    templates = makeTemplates(url.toString());
  } catch (err) {
    process.off('exit', onExit);
    await server.stop().finally(() => rmSync(dataDir, { recursive: true, force: true }));
    throw err;
  }
  project.provide('templates', { migrated: templates.migrated, seeded: templates.seeded });

  return async () => {
    process.off('exit', onExit);
    await templates.drop().catch(() => undefined);
    try {
      await server.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}

/** Immediate shutdown (SIGQUIT to the postmaster: no checkpoint, nothing here is worth keeping), then the files. */
function stopNowAndRemove(dataDir: string): void {
  try {
    const pid = Number(readFileSync(join(dataDir, POSTGRES_DIR, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (Number.isSafeInteger(pid) && pid > 0) process.kill(pid, 'SIGQUIT');
  } catch {
    // Not started, or already gone.
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Directories of earlier runs that were killed (SIGKILL gives no 'exit' event): their postmaster stopped when its
 * watchdog's pipe closed, or is stopped here; a directory whose lock is held by a live run is left alone.
 */
async function removeLeftovers(): Promise<void> {
  const root = tmpdir();
  for (const entry of readdirSync(root)) {
    if (!entry.startsWith(DIR_PREFIX)) continue;
    const dir = join(root, entry);
    if (lockHolderAlive(join(dir, LOCK_FILE_NAME))) continue;
    if (Date.now() - statSync(dir).mtimeMs < MIN_LEFTOVER_AGE_MS && !existsSync(join(dir, LOCK_FILE_NAME))) continue;
    const pgDir = join(dir, POSTGRES_DIR);
    if (existsSync(pgDir)) await stopOrphanPostmaster(pgDir, logger).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

function lockHolderAlive(lockPath: string): boolean {
  let pid: unknown;
  try {
    pid = (JSON.parse(readFileSync(lockPath, 'utf8')) as { pid?: unknown }).pid;
  } catch {
    return false;
  }
  if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Templates {
  migrated: string;
  seeded: string;
  drop(): Promise<void>;
}

/**
 * The run's template databases (template-databases.ts), made by make-templates.ts in a process of its own: this
 * setup's module runner does not resolve the workspace packages from source, so on a fresh clone (nothing built) it
 * cannot import the app that seeds them.
 */
function makeTemplates(adminUrl: string): Templates {
  const script = fileURLToPath(new URL('./make-templates.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
  const run = spawnSync(tsx, ['--conditions=@ventanilla/source', script, adminUrl], { encoding: 'utf8' });
  const line = run.stdout?.split('\n').find((l) => l.startsWith('TEMPLATES '));
  if (run.status !== 0 || !line) {
    throw new Error(`Could not make the test template databases (exit ${run.status}):\n${run.stderr}${run.stdout}`);
  }
  const names = JSON.parse(line.slice('TEMPLATES '.length)) as { migrated: string; seeded: string };
  return {
    ...names,
    drop: () =>
      withAdminClient(adminUrl, async (admin) => {
        for (const name of [names.migrated, names.seeded])
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}
