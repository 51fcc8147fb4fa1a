// Background work runs as pg-boss jobs in the app's own database (embedded PGlite here, PostgreSQL with
// TEST_DATABASE_URL): an e-mail's job is written in the transaction that writes the e-mail, the workers send it to a
// real SMTP server once, a transient failure schedules a later job, and the periodic sweeps are scheduled and run.
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../src/db/schema.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_JOBS } from '../../src/modules/account/account.jobs.js';
import { SIGN_IN_SWEEP_JOB } from '../../src/modules/customers/customers.module.js';
import { EMAIL_JOBS } from '../../src/modules/email/email.jobs.js';
import { VERIFACTU_SUBMIT_EVERY_S, VERIFACTU_SUBMIT_JOB } from '../../src/modules/invoicing/verifactu.jobs.js';
import { RATE_COUNTERS_SWEEP } from '../../src/modules/jobs/background-jobs.js';
import { STATS_COMPACT_JOB } from '../../src/modules/statistics/statistics.module.js';
import { TICKETS_WAKE_JOB } from '../../src/modules/tickets/tickets.module.js';
import { UPLOADS_SWEEP_JOB } from '../../src/modules/uploads/uploads.module.js';

// The queues, each declared by its module.
const JOBS = {
  emailSend: EMAIL_JOBS.send,
  emailRelay: EMAIL_JOBS.relay,
  unpaidOrderReminders: EMAIL_JOBS.unpaidOrderReminders,
  deletedAccountMailSweep: ACCOUNT_JOBS.deletedAccountMailSweep,
  rateCountersSweep: RATE_COUNTERS_SWEEP,
  signInSweep: SIGN_IN_SWEEP_JOB,
  statsCompact: STATS_COMPACT_JOB,
  ticketsWake: TICKETS_WAKE_JOB,
  uploadsSweep: UPLOADS_SWEEP_JOB,
  verifactuSubmit: VERIFACTU_SUBMIT_JOB,
};
import { waitFor } from '../support/sandbox-browser.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await new SmtpSink().start();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'pedidos@ventanilla.test',
      MAIL_RETRY_BASE_MS: '600000',
      MAIL_POLL_MS: '500',
      JOB_WORKERS: '1',
      JOB_POLL_SECONDS: '1',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.rejectWith = null;
});

const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.app.ctx.database.pool.query<T>(text, params).then((r) => r.rows);

async function writeEmail(to: string, rollback = false): Promise<number> {
  let id: number | null = null;
  await t.app.ctx.db
    .transaction(async (tx) => {
      id = await t.app.ctx.email.enqueue(tx, {
        message: { kind: 'document_ready', firstname: 'Ana', orderId: 1, productName: 'Nota simple' },
        storeId: 1,
        to,
      });
      if (rollback) throw new Error('rolled back on purpose');
    })
    .catch((err: Error) => {
      if (!rollback) throw err;
    });
  if (id === null) throw new Error('no outbox id');
  return id;
}

async function jobsFor(outboxId: number) {
  return sql<{ state: string; start_after: Date }>(
    `select state, start_after from pgboss.job where name = $1 and singleton_key = $2 order by created_on`,
    [JOBS.emailSend, String(outboxId)],
  );
}

describe('e-mail jobs', () => {
  it('are written with their message: a rolled-back message leaves neither message nor job', async () => {
    const kept = await writeEmail('kept@example.com');
    expect((await jobsFor(kept)).length).toBe(1);
    const dropped = await writeEmail('dropped@example.com', true);
    expect(await sql('select id from email_outbox where id = $1', [dropped])).toEqual([]);
    expect(await jobsFor(dropped)).toEqual([]);
  });

  it('are written in the statement that writes their message, as pg-boss itself writes a job', async () => {
    const client = await t.app.ctx.database.pool.connect();
    const sent: string[] = [];
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
      sent.push(typeof config === 'string' ? config : String((config as { text?: string }).text));
      return query(config, ...rest);
    };
    let id: number | null;
    try {
      await client.query('begin');
      const tx = drizzle(client, { schema });
      id = await t.app.ctx.email.enqueue(tx, {
        message: { kind: 'document_ready', firstname: 'Ana', orderId: 1, productName: 'Nota simple' },
        storeId: 1,
        to: 'one-statement@example.com',
        dedupeKey: `one-statement-${Date.now()}`,
      });
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(sent.filter((text) => !/^(begin|commit)$/.test(text))).toHaveLength(1);
    // The job pg-boss's own send makes for another message, beside it.
    const other = id! + 1_000_000;
    await t.app.ctx.jobs.send(JOBS.emailSend, { outboxId: other }, { singletonKey: String(other) });
    const columns = `name, data, priority, retry_limit, retry_delay, retry_backoff, singleton_key, singleton_on,
      dead_letter, expire_in, keep_until - start_after as kept, policy, start_after <= now() as due`;
    const [combined] = await sql(`select ${columns} from pgboss.job where name = $1 and singleton_key = $2`, [
      JOBS.emailSend,
      String(id),
    ]);
    const [own] = await sql(`select ${columns} from pgboss.job where name = $1 and singleton_key = $2`, [
      JOBS.emailSend,
      String(other),
    ]);
    expect(combined).toEqual({ ...own, data: { outboxId: id }, singleton_key: String(id) });
    expect(own).toMatchObject({ data: { outboxId: other }, policy: 'stately', retry_limit: 3 });
    await sql('delete from pgboss.job where name = $1 and singleton_key = $2', [JOBS.emailSend, String(other)]);
  });

  it('a message whose dedupe key was used writes neither message nor job', async () => {
    const dedupeKey = `dedupe-job-${Date.now()}`;
    const write = () =>
      t.app.ctx.db.transaction((tx) =>
        t.app.ctx.email.enqueue(tx, {
          message: { kind: 'document_ready', firstname: 'Ana', orderId: 1, productName: 'Nota simple' },
          storeId: 1,
          to: 'dedupe@example.com',
          dedupeKey,
        }),
      );
    const first = await write();
    expect(first).toEqual(expect.any(Number));
    expect(await write()).toBeNull();
    expect(await jobsFor(first!)).toHaveLength(1);
    expect(await sql('select id from email_outbox where dedupe_key = $1', [dedupeKey])).toHaveLength(1);
  });

  it('are worked by the instance: the message reaches the SMTP server once, and a second job for it sends nothing', async () => {
    const id = await writeEmail('once@example.com');
    await waitFor(
      async () => (await sql('select status from email_outbox where id = $1', [id]))[0]?.status === 'sent',
      20_000,
    );
    expect(smtp.to('once@example.com')).toHaveLength(1);
    // Another instance's duplicate job (or a job run again after a crash) finds it sent.
    expect(await t.app.ctx.emailDispatcher.deliverById(id)).toEqual({ outcome: 'skipped' });
    await t.app.ctx.jobs.send(JOBS.emailSend, { outboxId: id }, { singletonKey: `${id}` });
    await waitFor(async () => (await jobsFor(id)).every((j) => j.state === 'completed'), 20_000);
    expect(smtp.to('once@example.com')).toHaveLength(1);
    expect(
      (await sql<{ attempts: number }>('select attempts from email_outbox where id = $1', [id]))[0]?.attempts,
    ).toBe(1);
  });

  it('a transient SMTP failure keeps the message pending and schedules its next job after the backoff', async () => {
    smtp.rejectWith = 451;
    const id = await writeEmail('later@example.com');
    await waitFor(
      async () => (await jobsFor(id)).some((j) => j.state === 'created' && j.start_after > new Date()),
      20_000,
    );
    const [row] = await sql<{ status: string; attempts: number; next_attempt_at: Date }>(
      'select status, attempts, next_attempt_at from email_outbox where id = $1',
      [id],
    );
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    const waiting = (await jobsFor(id)).find((j) => j.state === 'created');
    // The job waits as long as the outbox row does (MAIL_RETRY_BASE_MS = 10 min), give or take a second.
    expect(Math.abs(waiting!.start_after.getTime() - row!.next_attempt_at.getTime())).toBeLessThan(2000);
    expect(smtp.received).toHaveLength(0);
  });
});

describe('periodic jobs', () => {
  it('are scheduled in the database (one schedule for all instances)', async () => {
    const rows = await sql<{ name: string; cron: string }>('select name, cron from pgboss.schedule order by name');
    expect(rows).toEqual([
      { name: JOBS.deletedAccountMailSweep, cron: '27 * * * *' },
      { name: JOBS.emailRelay, cron: '* * * * *' },
      { name: JOBS.rateCountersSweep, cron: '37 * * * *' },
      { name: JOBS.signInSweep, cron: '47 * * * *' },
      { name: JOBS.statsCompact, cron: '17 3 * * *' },
      { name: JOBS.ticketsWake, cron: '* * * * *' },
      { name: JOBS.unpaidOrderReminders, cron: '*/5 * * * *' },
      { name: JOBS.uploadsSweep, cron: '7 * * * *' },
      { name: JOBS.verifactuSubmit, cron: '* * * * *' },
    ]);
  });

  it('the Veri*Factu submission runs again 20 s after each run (a chain the cron restarts), one waiting at a time', async () => {
    await t.app.ctx.jobs.send(JOBS.verifactuSubmit, {});
    const next = async () =>
      sql<{ start_after: Date; created_on: Date }>(
        `select start_after, created_on from pgboss.job where name = $1 and state = 'created' and start_after > now()`,
        [JOBS.verifactuSubmit],
      );
    await waitFor(async () => (await next()).length === 1, 20_000);
    const [waiting] = await next();
    const delay = waiting!.start_after.getTime() - waiting!.created_on.getTime();
    expect(delay).toBeGreaterThanOrEqual(VERIFACTU_SUBMIT_EVERY_S * 1000 - 1000);
    expect(delay).toBeLessThan(VERIFACTU_SUBMIT_EVERY_S * 1000 + 2000);
    // Another start while one waits is not queued twice.
    await t.app.ctx.jobs.send(JOBS.verifactuSubmit, {}, { startAfter: VERIFACTU_SUBMIT_EVERY_S });
    expect(await next()).toHaveLength(1);
  });

  it('run their handler when due: the rate-counter sweep forgets a stale counter and keeps a fresh one', async () => {
    await sql(
      `insert into rate_counters (bucket, key, hits, window_started_at)
       values ('login-ip', 'stale', 3, now() - interval '3 days'), ('login-ip', 'fresh', 1, now())`,
    );
    await t.app.ctx.jobs.send(JOBS.rateCountersSweep, {});
    await waitFor(async () => (await sql(`select 1 from rate_counters where key = 'stale'`)).length === 0, 20_000);
    expect(await sql(`select key from rate_counters where key in ('stale', 'fresh')`)).toEqual([{ key: 'fresh' }]);
  });

  it('the sign-in sweep forgets expired OpenID sign-ins and OAuth nonces, and keeps live ones', async () => {
    await sql(
      `insert into oidc_logins (state_hash, session_id_hash, audience, code_verifier, nonce, expires_at)
       values ('old-state', 's', 'customer', 'v', 'n', now() - interval '1 hour'),
              ('live-state', 's', 'customer', 'v', 'n', now() + interval '1 hour')`,
    );
    await sql(
      `insert into oauth_nonces (consumer_key, timestamp, nonce, expires_at)
       values ('c', 1, 'old-nonce', now() - interval '1 hour'), ('c', 2, 'live-nonce', now() + interval '1 hour')`,
    );
    await t.app.ctx.jobs.send(JOBS.signInSweep, {});
    await waitFor(
      async () => (await sql(`select 1 from oidc_logins where state_hash = 'old-state'`)).length === 0,
      20_000,
    );
    await waitFor(async () => (await sql(`select 1 from oauth_nonces where nonce = 'old-nonce'`)).length === 0, 20_000);
    expect(await sql(`select state_hash from oidc_logins`)).toEqual([{ state_hash: 'live-state' }]);
    expect(await sql(`select nonce from oauth_nonces`)).toEqual([{ nonce: 'live-nonce' }]);
  });

  it('the relay gives a job to a due message that has none (written before the queue existed, or by hand)', async () => {
    const [row] = await sql<{ id: number }>(
      `insert into email_outbox (kind, store_id, language, from_address, to_address, subject, text_body, html_body)
       values ('document_ready', 1, 'es', 'a@ventanilla.test', 'relay@example.com', 'Hola', 'x', '<p>x</p>')
       returning id`,
    );
    const id = row!.id;
    expect(await jobsFor(id)).toEqual([]);
    await t.app.ctx.jobs.send(JOBS.emailRelay, {});
    await waitFor(
      async () => (await sql('select status from email_outbox where id = $1', [id]))[0]?.status === 'sent',
      20_000,
    );
    expect(smtp.to('relay@example.com')).toHaveLength(1);
    expect((await jobsFor(id)).length).toBe(1);
  });
});
