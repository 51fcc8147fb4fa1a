// Starts the real, built product for the browser journey: the same `apps/server/dist/bundle/server.js` that `npm start`
// runs, on a free port, with an empty data directory (the embedded PostgreSQL) or a fresh PostgreSQL database.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildIsStale, markBuilt, ROOT, SERVER_ENTRY, sourcesTime } from '../../scripts/build-state.mjs';

export const ARTIFACTS = path.join(ROOT, 'e2e/artifacts');

export interface RunningServer {
  /** `http://127.0.0.1:<port>`, also the server's PUBLIC_URL. */
  baseUrl: string;
  /** The database /api/health reports. */
  db: 'postgres';
  /** The server's DATA_DIR (its development mailbox is DATA_DIR/mailbox/<outbox id>.eml). */
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  /** SIGTERM, then waits for a clean exit (code 0); drops the temporary database and data directory. */
  stop(): Promise<void>;
}

/**
 * The environment for the product's own processes (build, server): the test runner's source condition removed
 * (`npm test -w @ventanilla/e2e` sets it in NODE_OPTIONS so test code imports workspace packages from source; the
 * built server must resolve them to their dist/ builds, as `npm start` does).
 */
export function productEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  const options = (env['NODE_OPTIONS'] ?? '').replace(/--conditions=@ventanilla\/source/g, '').trim();
  if (options) env['NODE_OPTIONS'] = options;
  else delete env['NODE_OPTIONS'];
  return env;
}

/** Builds the product first when the build is missing or older than its sources (the logic of `npm start`). */
export function ensureBuilt(): void {
  if (!buildIsStale()) return;
  const started = sourcesTime();
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', env: productEnv() });
  if (build.status !== 0) {
    throw new Error(`npm run build failed (exit ${build.status}):\n${tail(`${build.stdout}\n${build.stderr}`, 60)}`);
  }
  markBuilt(started);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function tail(text: string, lines: number): string {
  return text.split('\n').slice(-lines).join('\n');
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => {
    // The failing query reports it.
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A new, uniquely named database on the TEST_DATABASE_URL server, a copy of `template` when given; returns its name,
 * URL and a drop function.
 */
async function createPostgresDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `ventanilla_e2e_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) =>
    admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // FORCE: a server killed half-way may leave connections behind.
    drop: () =>
      withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Polls GET /api/health until it answers 200, the process dies, or the time runs out. */
async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ready:\n${tail(output(), 40)}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}: ${await res.text()}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `GET ${baseUrl}/api/health did not answer 200 within ${timeoutMs} ms (last: ${last}):\n${tail(output(), 40)}`,
  );
}

/**
 * Builds if needed (global-setup.ts has built it already) and starts `node apps/server/dist/bundle/server.js` in development mode (demo users seeded) on a free
 * port of 127.0.0.1, with a fresh temporary DATA_DIR (the embedded database in it) and, when TEST_DATABASE_URL is set, a
 * fresh PostgreSQL database.
 */
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  ensureBuilt();
  // A server with the default environment starts from a copy of the suite's first boot (global-setup.ts).
  const template = Object.keys(extraEnv).length === 0 ? bootedTemplate() : undefined;
  return launch(extraEnv, template);
}

/** What a first boot of the server with the default environment left: its data directory, and its database. */
export interface BootedTemplate {
  dataDir: string;
  database?: string;
}

const TEMPLATE_VARIABLE = 'VENTANILLA_E2E_TEMPLATE';

function bootedTemplate(): BootedTemplate | undefined {
  const value = process.env[TEMPLATE_VARIABLE];
  return value ? (JSON.parse(value) as BootedTemplate) : undefined;
}

/**
 * Boots the server once with the default environment (migrations, catalogue, configuration lists, demo users, the
 * embedded database's initdb) and stops it cleanly, keeping what it made: each later startServer() without variables
 * starts from a copy (a copied directory, or CREATE DATABASE … TEMPLATE) instead of doing it all again. Sets the
 * variable that the test workers read, and returns the function that removes it all.
 */
export async function prepareBootedTemplate(): Promise<() => Promise<void>> {
  const server = await launch({}, undefined, { keep: true });
  const template = await server.stopKeeping();
  process.env[TEMPLATE_VARIABLE] = JSON.stringify(template);
  return async () => {
    delete process.env[TEMPLATE_VARIABLE];
    rmSync(template.dataDir, { recursive: true, force: true });
    const adminUrl = process.env['TEST_DATABASE_URL'];
    if (adminUrl && template.database) {
      const name = template.database;
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  };
}

async function launch(
  extraEnv: NodeJS.ProcessEnv,
  template: BootedTemplate | undefined,
  options: { keep?: boolean } = {},
): Promise<RunningServer & { stopKeeping(): Promise<BootedTemplate> }> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ventanilla-e2e-'));
  if (template) cpSync(template.dataDir, dataDir, { recursive: true });
  const adminUrl = process.env['TEST_DATABASE_URL'];
  const database = adminUrl ? await createPostgresDatabase(adminUrl, template?.database) : undefined;

  const env: NodeJS.ProcessEnv = {
    ...productEnv(),
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Journeys start from an empty back office (the demo orders of a development start would fill the queue).
    SEED_DEMO_ORDERS: '0',
    ...extraEnv,
  };
  delete env['DATABASE_URL'];
  delete env['NOTIFY_BASE_URL'];
  if (database) env['DATABASE_URL'] = database.url;

  const child = spawn(process.execPath, [path.join(ROOT, SERVER_ENTRY)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
  const output = () => log;

  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };

  try {
    // Generous: on a loaded 2-core machine the embedded database alone can take most of a minute to start.
    await waitForHealth(baseUrl, child, output, 180_000);
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { db: string };
    if (health.db !== 'postgres') throw new Error(`The server uses ${health.db}, expected postgres`);
    /** SIGTERM, then waits for a clean exit (code 0). */
    const terminate = async () => {
      try {
        child.kill('SIGTERM');
        const result = await Promise.race([
          exited(child),
          new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000)),
        ]);
        if (result === 'timeout') {
          child.kill('SIGKILL');
          throw new Error(`The server did not exit within 20 s of SIGTERM:\n${tail(log, 20)}`);
        }
        if (result.code !== 0) {
          throw new Error(
            `The server exited with code ${result.code} (signal ${result.signal}) after SIGTERM:\n${tail(log, 20)}`,
          );
        }
      } finally {
        writeFileSync(path.join(ARTIFACTS, 'server.log'), log);
      }
    };
    return {
      baseUrl,
      db: 'postgres',
      dataDir,
      output,
      async stop() {
        try {
          await terminate();
        } finally {
          await cleanup();
        }
      },
      async stopKeeping() {
        if (!options.keep) throw new Error('stopKeeping: this server was not launched to be kept');
        try {
          await terminate();
        } catch (err) {
          await cleanup();
          throw err;
        }
        return { dataDir, ...(database ? { database: database.name } : {}) };
      },
    };
  } catch (err) {
    child.kill('SIGKILL');
    await exited(child);
    writeFileSync(path.join(ARTIFACTS, 'server.log'), log);
    await cleanup();
    throw err;
  }
}
