// The real server entry (src/server.ts, run by tsx from source) stops cleanly on SIGTERM while its job workers have
// fetches in flight: the jobs they still get are handled and recorded before the database pool is ended, and the
// process exits 0 with nothing logged at error level.
//
// PostgreSQL only (TEST_DATABASE_URL=postgres://root@127.0.0.1:5432/test): the test holds a lock on pg-boss's job
// table from its own connection, so the workers' fetches are in flight, blocked, at the moment SIGTERM arrives, and
// return their jobs only after the server has started to shut down (what a slow database does by chance).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_JOBS } from '../src/modules/email/email.jobs.js';
import { JobQueue } from '../src/modules/jobs/job-queue.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const adminUrl = process.env['TEST_DATABASE_URL'];
// E-mail jobs of messages that are not in the outbox: handling one still claims in the database (and finds nothing).
const OUTBOX_IDS = [900_001, 900_002, 900_003];

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  return typeof address === 'object' && address ? address.port : 0;
}

describe.skipIf(!adminUrl)('server shutdown (SIGTERM)', () => {
  let db: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'ventanilla-shutdown-'));
  });

  afterAll(async () => {
    await db?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets the job workers finish the jobs they fetch while stopping, ends the pool after them, and exits 0', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      SEED_DEMO_ORDERS: '0',
      SMTP_INBOUND_PORT: 'off',
      LOG_LEVEL: 'info',
      // The e-mail workers look for jobs twice a second.
      MAIL_POLL_MS: '50',
      JOB_POLL_SECONDS: '1',
    };
    delete env['NOTIFY_BASE_URL'];
    const child = spawn(
      process.execPath,
      ['--conditions=@ventanilla/source', '--import', import.meta.resolve('tsx'), SERVER],
      {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const locker = await db.handle.pool.connect();
    try {
      for (let ready = false; !ready;) {
        if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
        await sleep(200);
        ready = await fetch(`${baseUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
      }

      // Jobs that no worker takes yet (due in an hour)...
      const queue = new JobQueue(db.handle.pool, { workers: false, pollSeconds: 1 });
      await queue.start();
      const ids: string[] = [];
      for (const outboxId of OUTBOX_IDS) {
        const id = await queue.send(
          EMAIL_JOBS.send,
          { outboxId },
          { singletonKey: String(outboxId), startAfter: 3600 },
        );
        if (id) ids.push(id);
      }
      await queue.stop();
      expect(ids).toHaveLength(OUTBOX_IDS.length);
      // ...made due inside a transaction that locks the job table: the workers' next fetches wait for it, and find
      // the jobs once it commits, after SIGTERM.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE pgboss.job IN ACCESS EXCLUSIVE MODE');
      await locker.query(`UPDATE pgboss.job SET start_after = now() - interval '1 minute' WHERE id = ANY($1)`, [ids]);
      await sleep(1500);
      child.kill('SIGTERM');
      await sleep(1000);
      await locker.query('COMMIT');
    } finally {
      locker.release();
      if (child.exitCode === null) setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
    }

    const [code, signal] = await exited;
    expect({ code, signal }, output).toEqual({ code: 0, signal: null });
    expect(output).not.toContain('Cannot use a pool');
    const errors = output
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line) || /Unhandled|uncaught/i.test(line));
    expect(errors).toEqual([]);
    // The jobs a blocked fetch returned were handled and recorded, not left active for the expiry to find.
    const { rows } = await db.handle.pool.query<{ state: string }>(
      `SELECT state FROM pgboss.job WHERE name = $1 AND singleton_key = ANY($2)`,
      [EMAIL_JOBS.send, OUTBOX_IDS.map(String)],
    );
    expect(rows.map((r) => r.state)).toEqual(OUTBOX_IDS.map(() => 'completed'));
  });
});
