import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailableError, openDatabase, type DatabaseHandle } from '../src/db/connection.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

const adminUrl = process.env['TEST_DATABASE_URL'];

// Runs only against a real server: TEST_DATABASE_URL=postgres://root@127.0.0.1:5432/test
describe.skipIf(!adminUrl)('PostgreSQL mode', () => {
  let testDb: TestDatabase;
  let admin: pg.Client;
  let databaseName: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    databaseName = new URL(testDb.url!).pathname.slice(1);
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await testDb?.dispose();
  });

  /** What a PostgreSQL restart does to our connections. */
  async function terminateBackends(pid?: number): Promise<number> {
    const { rowCount } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND ($2::int IS NULL OR pid = $2)',
      [databaseName, pid ?? null],
    );
    return rowCount ?? 0;
  }

  it('hands each test file its own empty database, dropped on dispose', async () => {
    const other = await createTestDatabase();
    const otherName = new URL(other.url!).pathname.slice(1);
    expect(otherName).not.toBe(databaseName);
    const { rows } = await other.handle.pool.query<{ db: string; tables: number }>(
      "SELECT current_database() AS db, count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'",
    );
    expect(rows[0]).toEqual({ db: otherName, tables: 0 });
    expect(other.handle.kind).toBe('postgres');

    await other.dispose();

    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [otherName]);
    expect(rowCount).toBe(0);
  });

  it('recovers by itself after the server drops every connection', async () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const db: DatabaseHandle = await openDatabase({ databaseUrl: testDb.url, dataDir: 'memory://', logger });
    try {
      // Warm the pool with several idle connections: three held at once, then released.
      const held = await Promise.all([1, 2, 3].map(() => db.pool.connect()));
      for (const client of held) client.release();
      expect(db.pool.idleCount).toBeGreaterThanOrEqual(2);

      expect(await terminateBackends()).toBeGreaterThanOrEqual(2);

      // The idle clients report the loss (logged, not thrown) and leave the pool...
      await vi.waitFor(() => expect(db.pool.totalCount).toBe(0), { timeout: 5_000 });
      expect(logger.warn).toHaveBeenCalledWith(
        expect.objectContaining({ db: 'postgres' }),
        'Lost a database connection; the pool will open a new one.',
      );
      // ...and the next query opens a new connection.
      const { rows } = await db.pool.query<{ ok: number }>('SELECT 1 AS ok');
      expect(rows).toEqual([{ ok: 1 }]);
      expect(await db.ping()).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('reports a query cut by the server as unavailability and does not crash on a checked-out client', async () => {
    const db = await openDatabase({ databaseUrl: testDb.url, dataDir: 'memory://' });
    try {
      // A query in flight when its backend is terminated.
      // The rejection handler is attached at once: the backend may be cut before the test awaits it, and a rejection
      // with no handler yet is reported by Node as unhandled.
      const running = db.pool.query('SELECT pg_sleep(10)').then(
        () => undefined,
        (e: unknown) => e,
      );
      await vi.waitFor(async () => {
        const { rows } = await admin.query(
          "SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND query = 'SELECT pg_sleep(10)' AND state = 'active'",
          [databaseName],
        );
        expect(rows).toHaveLength(1);
      });
      await terminateBackends();
      const err: unknown = await running;
      expect(err).toMatchObject({ code: '57P01' });
      expect(isDatabaseUnavailableError(err)).toBe(true);

      // A client checked out (as in a transaction) that loses its connection between two queries: an 'error' event
      // with no listener would kill the process.
      const client = await db.pool.connect();
      const closed = new Promise<void>((resolve) => client.once('end', () => resolve()));
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await terminateBackends(rows[0]!.pid);
      await closed; // the client has seen its connection go, with no query in flight
      const next: unknown = await client.query('SELECT 1').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailableError(next)).toBe(true);
      client.release(next as Error);

      expect((await db.pool.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
    } finally {
      await db.close();
    }
  });
});
