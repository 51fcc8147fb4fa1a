import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/env.js';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.js';
import { PGLITE_MIGRATED_KEY } from '../src/db/embedded/pglite-migration.js';
import { signedIn } from './support/test-app.js';

// An install made before PGlite was removed (docs/decisions/0025): DATA_DIR/pglite, written by the app itself (its
// migrations, its demo seed: customers, orders, invoices, credit notes, tickets) through PGlite's socket server, as
// the old worker thread served it. The next start moves it to the embedded PostgreSQL and serves the same orders.

const TABLES = ['users', 'orders', 'order_items', 'invoices', 'tickets', 'ticket_messages'] as const;

const dirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function appConfig(dataDir: string) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://shop.test',
    SMTP_INBOUND_PORT: 'off',
    SEED_DEMO_ORDERS: '1',
  });
}

/** The app's database on PGlite in `<dataDir>/pglite`, behind a PostgreSQL socket (one connection, as before). */
async function openOldPglite(dataDir: string): Promise<DatabaseHandle> {
  const db = await PGlite.create({ fs: new NodeFS(join(dataDir, 'pglite')), extensions: { pg_trgm } });
  const socketDir = tempDir('vt-pgl-');
  const server = new PGLiteSocketServer({ db, path: join(socketDir, '.s.PGSQL.5432'), maxConnections: 4 });
  await server.start();
  const pool = new pg.Pool({
    host: socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onConnect: async (client) => {
      await client.query('DEALLOCATE ALL');
    },
  });
  return {
    kind: 'postgres',
    embedded: true,
    pool,
    ping: async () => (await pool.query('SELECT 1')).rowCount === 1,
    async close() {
      await pool.end();
      await server.stop();
      await db.exec('CHECKPOINT');
      await db.close();
    },
  };
}

async function counts(pool: pg.Pool): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
    result[table] = Number(rows[0]?.n);
  }
  return result;
}

async function itemsList(app: FastifyInstance): Promise<{ total: number; orderIds: number[] }> {
  const agent = await signedIn(app, ['agente@ventanilla.test', 'agente-demo-2026']);
  const res = await agent.get('/api/backoffice/items');
  expect(res.statusCode).toBe(200);
  const body = res.json<{ items: Array<{ order_id: number }>; total: number }>();
  return { total: body.total, orderIds: body.items.map((i) => i.order_id).sort((a, b) => a - b) };
}

describe('an old PGlite data directory', () => {
  it('moves to the embedded PostgreSQL at start, keeps its old files, serves the same orders, and only once', async () => {
    const dataDir = tempDir('ventanilla-pglite-move-');
    const old = await openOldPglite(dataDir);
    let before: Record<string, number>;
    let listBefore: Awaited<ReturnType<typeof itemsList>>;
    let nextUserId: string;
    {
      const app = await buildApp({ config: appConfig(dataDir), database: old, logger: false });
      try {
        before = await counts(old.pool);
        listBefore = await itemsList(app);
        const { rows } = await old.pool.query<{ seq: string }>(
          "SELECT nextval(pg_get_serial_sequence('users', 'id'))::text AS seq",
        );
        nextUserId = rows[0]!.seq;
      } finally {
        await app.close();
        await old.close();
      }
    }
    for (const table of TABLES) expect(before[table], table).toBeGreaterThan(0);
    expect(listBefore.total).toBeGreaterThanOrEqual(60);

    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const database = await openDatabase({ dataDir, logger });
    try {
      expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
      const moved = readdirSync(dataDir).filter((name) => name.startsWith('pglite.migrated-'));
      expect(moved).toEqual([`pglite.migrated-${new Date().toISOString().slice(0, 10)}`]);
      expect(existsSync(join(dataDir, moved[0]!, 'PG_VERSION'))).toBe(true);
      expect(logger.info).toHaveBeenCalledWith(
        expect.objectContaining({ movedTo: join(dataDir, moved[0]!) }),
        expect.stringContaining('Moved the PGlite database to the embedded PostgreSQL'),
      );
      expect(await counts(database.pool)).toEqual(before);
      const { rows } = await database.pool.query<{ v: string; seq: string }>(
        "SELECT version() AS v, nextval(pg_get_serial_sequence('users', 'id'))::text AS seq",
      );
      expect(rows[0]?.v).toMatch(/^PostgreSQL 18\./);
      // The sequence goes on where PGlite's was (one taken there, one here).
      expect(Number(rows[0]?.seq)).toBe(Number(nextUserId) + 1);

      const app = await buildApp({ config: appConfig(dataDir), database, logger: false });
      try {
        expect(await itemsList(app)).toEqual(listBefore);
        // The demo seed ran once, on PGlite: its marker came along, nothing was seeded again.
        expect(await counts(database.pool)).toEqual(before);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }

    // A start cut short after the copy's commit, before the rename: the next one only renames.
    const day = new Date().toISOString().slice(0, 10);
    renameSync(join(dataDir, `pglite.migrated-${day}`), join(dataDir, 'pglite'));
    logger.info.mockClear();
    const again = await openDatabase({ dataDir, logger });
    try {
      const { rows } = await again.pool.query<{ n: string }>('SELECT count(*) AS n FROM app_meta WHERE key = $1', [
        PGLITE_MIGRATED_KEY,
      ]);
      expect(rows[0]?.n).toBe('1');
      expect(await counts(again.pool)).toEqual(before);
    } finally {
      await again.close();
    }
    expect(logger.info).toHaveBeenCalledWith(
      expect.anything(),
      'The PGlite database had been copied already; its directory is renamed.',
    );
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pglite.migrated') || name === 'pglite')).toEqual([
      `pglite.migrated-${day}`,
    ]);

    // Then a start does nothing more.
    logger.info.mockClear();
    const third = await openDatabase({ dataDir, logger });
    await third.close();
    expect(logger.info.mock.calls.filter(([, msg]) => String(msg).includes('PGlite'))).toEqual([]);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pglite.migrated') || name === 'pglite')).toEqual([
      `pglite.migrated-${day}`,
    ]);
  }, 600_000);
});
