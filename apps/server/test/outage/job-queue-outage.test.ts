// The job queue across a database outage: pg-boss's workers record a job's outcome without awaiting it, so a
// database that went away at that moment used to reject a promise nobody handled, and Node ended the process. Here
// the pool is switched off under a running queue (every connect refused, as by a stopped server), then on again.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../src/modules/jobs/job-queue.js';
import { waitFor } from '../support/sandbox-browser.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/** The real pool while up; while down every connect fails as against a stopped server. */
class SwitchablePool {
  down = false;
  connects = 0;
  constructor(private readonly pool: pg.Pool) {}

  connect(): Promise<pg.PoolClient> {
    this.connects += 1;
    if (this.down) {
      const err = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
        syscall: 'connect',
      });
      return Promise.reject(err);
    }
    return this.pool.connect();
  }
}

let db: TestDatabase;
let pool: SwitchablePool;
let queue: JobQueue;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
const logged: Array<{ level: string; msg: string }> = [];
const runs: Array<{ n: number }> = [];

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  db = await createTestDatabase();
  pool = new SwitchablePool(db.handle.pool);
  queue = new JobQueue(pool as unknown as pg.Pool, { workers: true, pollSeconds: 0.5 });
  queue.log = {
    error: (_obj, msg) => logged.push({ level: 'error', msg }),
    warn: (_obj, msg) => logged.push({ level: 'warn', msg }),
    info: (_obj, msg) => logged.push({ level: 'info', msg }),
  };
  queue.define<{ n: number }>({
    name: 'outage-probe',
    retryLimit: 3,
    retryDelaySeconds: 1,
    pollSeconds: 0.5,
    async handle(data) {
      runs.push(data);
      // The first run loses the database while it works, and fails: pg-boss then records the failure on a pool
      // that refuses every connection.
      if (runs.length === 1) {
        pool.down = true;
        throw new Error('the work needed the database');
      }
    },
  });
  await queue.start();
  await queue.work();
}, 60_000);

afterAll(async () => {
  pool.down = false;
  await queue?.stop(2_000);
  await db?.dispose();
  process.off('unhandledRejection', onUnhandled);
});

describe('job queue during a database outage', () => {
  it('keeps the process up, pauses with growing intervals, and works the failed job again once the database is back', async () => {
    await queue.send('outage-probe', { n: 1 });
    await waitFor(async () => pool.down, 20_000);
    const connectsAtOutage = pool.connects;
    await new Promise((r) => setTimeout(r, 4_000));
    const triesDuringOutage = pool.connects - connectsAtOutage;
    pool.down = false;

    // The failure is recorded once the database answers, and the retry runs the job again.
    await waitFor(async () => runs.length >= 2, 30_000);
    expect(runs.map((r) => r.n)).toEqual([1, 1]);
    expect(unhandled).toEqual([]);
    // Polling at its pace (0.5 s) the worker alone would have tried 8 times in 4 s, plus maintenance and the clock;
    // backing off (0.25, 0.5, 1, 2 s...) it tries a handful of times.
    expect(triesDuringOutage).toBeLessThanOrEqual(6);
    expect(logged).toContainEqual({
      level: 'warn',
      msg: 'database unreachable: background jobs wait, with growing pauses',
    });
    expect(logged).toContainEqual({ level: 'info', msg: 'database reachable again: background jobs resume' });

    // And new work is taken up as before.
    await queue.send('outage-probe', { n: 2 });
    await waitFor(async () => runs.some((r) => r.n === 2), 20_000);
  }, 60_000);
});
