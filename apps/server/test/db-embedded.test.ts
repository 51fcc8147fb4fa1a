import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailableError, openDatabase, type DatabaseHandle } from '../src/db/connection.js';
import { workerStartedChannel } from '../src/db/embedded/embedded-server.js';
import { pgliteTemplate } from './support/test-database.js';

function recordingLogger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

describe('embedded database (in memory, worker thread)', () => {
  let db: DatabaseHandle;

  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://', pgliteTemplate: await pgliteTemplate() });
  });

  afterAll(async () => {
    await db.close();
  });

  it('answers through the PostgreSQL protocol', async () => {
    expect(db.kind).toBe('pglite');
    expect(await db.ping()).toBe(true);
    const { rows } = await db.pool.query<{ v: string }>('SELECT version() AS v');
    expect(rows[0]?.v).toMatch(/^PostgreSQL/);
  });

  it('keeps the event loop free while a heavy query runs: timers keep firing until it answers', async () => {
    // A timer ticks on this thread for as long as the query is in flight. Were PGlite running here, the query would
    // be one blocking task and the timer could fire only before it started (a tick or two for the socket's round trip);
    // in its worker thread, the timer keeps firing throughout. No duration is asserted: only that ticks kept coming
    // while the query was still unanswered, many more than a blocked loop could give.
    let ticksWhilePending = 0;
    let answered = false;
    const ticker = setInterval(() => {
      if (!answered) ticksWhilePending++;
    }, 1);
    try {
      const { rows } = await db.pool.query<{ s: string }>(
        'SELECT sum(i::bigint * i)::text AS s FROM generate_series(1, 1000000) AS i',
      );
      answered = true;
      // The query did its work (the sum of squares up to 1,000,000): it was not answered from a shortcut.
      expect(rows[0]?.s).toBe(String((1_000_000n * 1_000_001n * 2_000_001n) / 6n));
    } finally {
      clearInterval(ticker);
    }
    expect(ticksWhilePending).toBeGreaterThanOrEqual(20);
  });

  it('serves concurrent queries through one connection, each with its own result', async () => {
    // One connection on purpose: pglite-socket can mix up the extended-protocol messages (Parse/Bind/Execute) of
    // concurrent connections on PGlite's single session (electric-sql/pglite#1046); the pool queues instead.
    const queries = Array.from({ length: 60 }, async (_, i) => {
      if (i % 3 === 0) {
        const { rows } = await db.pool.query<{ n: number }>('SELECT $1::int * 2 AS n', [i]);
        return rows[0]?.n === i * 2;
      }
      if (i % 3 === 1) {
        const { rows } = await db.pool.query<{ s: string; k: number }>('SELECT $1::text AS s, $2::int AS k', [
          `q${i}`,
          i,
        ]);
        return rows[0]?.s === `q${i}` && rows[0]?.k === i;
      }
      const { rows } = await db.pool.query<{ c: number }>(
        'SELECT count(*)::int AS c FROM generate_series(1, $1::int)',
        [i],
      );
      return rows[0]?.c === i;
    });
    expect(await Promise.all(queries)).toEqual(Array.from({ length: 60 }, () => true));
    expect(db.pool.totalCount).toBe(1);
  });

  it('keeps a transaction on one session while other queries wait', async () => {
    await db.pool.query('CREATE TABLE tx_probe (v int)');
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('INSERT INTO tx_probe VALUES (1)');
      const outside = db.pool.query<{ c: number }>('SELECT count(*)::int AS c FROM tx_probe');
      await client.query('ROLLBACK');
      client.release();
      expect((await outside).rows[0]?.c).toBe(0);
    } catch (err) {
      client.release();
      throw err;
    }
  });
});

describe('embedded database on disk', () => {
  let dataDir: string;
  let template: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ventanilla-embedded-'));
    template = await pgliteTemplate();
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('restarts a worker that died, on the same files, and the pool reconnects by itself', async () => {
    const logger = recordingLogger();
    const started: Worker[] = [];
    const onStarted = (message: unknown): void => {
      started.push((message as { worker: Worker }).worker);
    };
    workerStartedChannel.subscribe(onStarted);
    const db = await openDatabase({ dataDir, embeddedEngine: 'pglite', logger, pgliteTemplate: template });
    try {
      await db.pool.query('CREATE TABLE survivors (id int)');
      await db.pool.query('INSERT INTO survivors VALUES (1), (2), (3)');
      expect(started).toHaveLength(1);

      await started[0]!.terminate(); // the thread dies as if PGlite had crashed

      // Queries fail as "unavailable" (HTTP 503) until the new worker is up, then work again on the same data.
      const failures: unknown[] = [];
      await vi.waitFor(
        async () => {
          try {
            const { rows } = await db.pool.query<{ c: number }>('SELECT count(*)::int AS c FROM survivors');
            expect(rows[0]?.c).toBe(3);
          } catch (err) {
            failures.push(err);
            throw err;
          }
        },
        { timeout: 15_000, interval: 100 },
      );
      expect(failures.every((err) => isDatabaseUnavailableError(err))).toBe(true);
      expect(started).toHaveLength(2);
      expect(logger.error).toHaveBeenCalledWith(
        expect.anything(),
        'The embedded database worker stopped unexpectedly; restarting it.',
      );
      // The process kept the data directory throughout.
      expect(JSON.parse(readFileSync(join(dataDir, 'pglite.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      workerStartedChannel.unsubscribe(onStarted);
      await db.close();
    }
  });

  it('close() releases the lock and the socket, and reopening finds the data', async () => {
    const db = await openDatabase({ dataDir, embeddedEngine: 'pglite' });
    await db.close();
    await db.close(); // idempotent

    expect(await db.ping()).toBe(false);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
    expect(existsSync(join(dataDir, '.s.PGSQL.5432'))).toBe(false);

    // (Startup time on an existing database is measured by npm run bench, not asserted here.)
    const again = await openDatabase({ dataDir, embeddedEngine: 'pglite' });
    try {
      const { rows } = await again.pool.query<{ c: number }>('SELECT count(*)::int AS c FROM survivors');
      expect(rows[0]?.c).toBe(3);
    } finally {
      await again.close();
    }
  });
});
