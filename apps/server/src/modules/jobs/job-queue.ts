import { createHash } from 'node:crypto';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { completeJobs, failJobsById } from 'pg-boss/src/plans.js';
import type pg from 'pg';
import type { DbOrTx } from '../../db/database.js';
import { isDatabaseUnavailableError } from '../../db/connection.js';
import { OutageBackoff } from '../../db/outage-backoff.js';
import { runNamed } from '../../db/statements.js';

/** One kind of background work: its queue, how it is handled, and (for periodic work) its schedule. */
export interface JobDefinition<T extends object> {
  name: string;
  handle(data: T): Promise<void>;
  /**
   * Handles a whole fetched batch at once instead of `handle` per job (work that is cheaper together, e.g. one claim
   * for many e-mails); it rejects if any job of the batch failed.
   */
  handleBatch?(data: T[]): Promise<void>;
  /** Periodic work: a cron expression in UTC (pg-boss fires it once per slot for all instances together). */
  cron?: string;
  /**
   * stately: at most one job waiting and one running per singleton key (an outbox id), so duplicates sent by several
   * instances collapse; singleton: one running at a time (sweeps).
   */
  policy?: 'standard' | 'singleton' | 'stately';
  /** Retries when the handler throws (the database was away): pg-boss's own backoff. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How often an idle worker of this instance looks for work; the queue's default otherwise. */
  pollSeconds?: number;
  /**
   * Jobs fetched at once (default 1) and handled `concurrency` at a time: pg-boss waits its polling interval between
   * fetches, so a busy queue needs batches. A batch with a failed job is retried whole: handlers are idempotent.
   */
  batchSize?: number;
  concurrency?: number;
}

export interface JobQueueLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface JobQueueOptions {
  /** Work the queues and run the schedules here; false: only enqueue (tests run handlers themselves). */
  workers: boolean;
  pollSeconds: number;
}

/** The schema pg-boss creates and migrates for itself (its tables are not ours: drizzle's migrations skip them). */
export const JOB_SCHEMA = 'pgboss';

/**
 * pg-boss over the app's own pool. It needs no LISTEN/NOTIFY and no session state between statements (its locked
 * steps are single multi-statement queries under pg_advisory_xact_lock), so it shares the app's pool. A failed multi-statement query that opened a
 * transaction is rolled back before its connection goes back to the pool.
 *
 * While the database cannot be reached, every statement waits for `backoff` (growing pauses) before it tries: the
 * workers' polling, the maintenance and the cron clock slow down instead of failing twice a second, and pick up by
 * themselves at the first success.
 */
function poolExecutor(
  pool: pg.Pool,
  inFlight: InFlight,
  backoff: OutageBackoff,
  log: () => JobQueueLog | undefined,
): PgBoss.Db {
  const run = (text: string, values: unknown[]) => backoff.run(() => executeOnPool(pool, text, values));
  return {
    executeSql(text: string, values: unknown[]) {
      if (!UNAWAITED_STATEMENTS.has(text)) return inFlight.track(run(text, values));
      // pg-boss's workers run these without awaiting them: a rejection would be unhandled and end the process. An
      // outage is waited out for a while (the work is done; recording it saves running it again); past that, or on
      // another error, the job is left active: it expires and runs again, and handlers are idempotent.
      const record = async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await run(text, values);
          } catch (err) {
            if (attempt < OUTCOME_ATTEMPTS && isDatabaseUnavailableError(err) && !backoff.closed) continue;
            log()?.error({ err }, 'could not record the outcome of a job; it will run again once it expires');
            return { rows: [{ count: 0 }], rowCount: 0 } as unknown as pg.QueryResult;
          }
        }
      };
      return inFlight.track(record());
    },
  };
}

// With the backoff's pauses (0.25 s doubling to 15 s), about a minute of outage.
const OUTCOME_ATTEMPTS = 10;

/** The statements pg-boss's worker runs without awaiting them (after a handler resolved or threw). */
const UNAWAITED_STATEMENTS = new Set([completeJobs(JOB_SCHEMA), failJobsById(JOB_SCHEMA)]);

async function executeOnPool(pool: pg.Pool, text: string, values: unknown[]): Promise<pg.QueryResult> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // With parameters a statement is a single one (the extended protocol), and named; without, it may be several.
    return await (values?.length ? client.query({ name: statementName(text), text, values }) : client.query(text));
  } catch (err) {
    if (/\bBEGIN\b/i.test(text)) {
      await client.query('ROLLBACK').catch((rollbackError: unknown) => {
        broken = rollbackError as Error;
      });
    }
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * What is still running of the queue: pg-boss's statements and our handlers. pg-boss's graceful stop waits only for
 * handlers that are running when it looks; a fetch in flight may still return jobs, and a job's completion is written
 * after its handler returned without being awaited. stop() waits for all of it, so nothing of the queue touches the
 * pool after its owner ends it.
 */
class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const done = () => this.running.delete(work);
    work.then(done, done);
    return work;
  }

  /** Waits until nothing is running across a turn of the event loop; false if the deadline came first. */
  async drain(deadline: number): Promise<boolean> {
    for (;;) {
      // pg-boss issues a job's completion a few microtasks after its handler settled: one turn catches it.
      await nextTurn();
      if (this.running.size === 0) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      const timer = new AbortController();
      await Promise.race([
        Promise.allSettled([...this.running]),
        sleep(left, undefined, { signal: timer.signal }).catch(() => undefined),
      ]);
      timer.abort();
    }
  }

  get size(): number {
    return this.running.size;
  }
}

/** pg-boss's statements are constants: each text is a named statement, parsed once per connection. */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `pgboss_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

interface CombinedStatement {
  name: string;
  text: string;
  /** How many parameters the caller's insert has (its values come first). */
  insertParams: number;
  jobValues: unknown[];
}

/**
 * One statement: the caller's insert as a CTE, then pg-boss's insert of one job (its text, pg-boss 10's insertJob)
 * reading the inserted rows: data ($3) and singleton key ($6) come from each row's id instead of parameters, and no
 * row inserted means no job. pg-boss's other parameters follow the insert's. Throws when pg-boss's text is not the
 * one this was written for (a new version: see insertWithJob's test).
 */
function combineWithJob(
  insert: { name: string; text: string },
  job: { text: string; values: unknown[] },
  key: string,
): CombinedStatement {
  if (!/^\w+$/.test(key)) throw new Error(`job data key ${key} is not a plain name`);
  const replaceOnce = (text: string, from: string, to: string) => {
    const at = text.indexOf(from);
    if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`pg-boss's job insert has no single "${from}"`);
    return text.slice(0, at) + to + text.slice(at + from.length);
  };
  let text = replaceOnce(job.text, '$3::jsonb as data', `jsonb_build_object('${key}', inserted.id) as data`);
  text = replaceOnce(text, '$6 as singleton_key', 'inserted.id::text as singleton_key');
  text = replaceOnce(text, `) j JOIN ${JOB_SCHEMA}.queue q`, `FROM inserted ) j JOIN ${JOB_SCHEMA}.queue q`);
  // The insert's parameters come first: pg-boss's others are renumbered after them ($3 and $6 are gone).
  const offset = (insert.text.match(/\$\d+/g) ?? []).reduce((max, p) => Math.max(max, Number(p.slice(1))), 0);
  text = text.replace(/\$(\d+)/g, (_, n: string) => {
    const k = Number(n);
    return `$${offset + k - (k > 3 ? 1 : 0) - (k > 6 ? 1 : 0)}`;
  });
  const jobValues = job.values.filter((_, i) => i !== 2 && i !== 5).map((v) => v ?? null);
  const combined = `WITH inserted AS (${insert.text}), job AS (${text}) SELECT id FROM inserted`;
  const hash = createHash('sha1').update(combined).digest('hex').slice(0, 12);
  return { name: `${insert.name}_with_job_${hash}`, text: combined, insertParams: offset, jobValues };
}

/**
 * Runs pg-boss's numbered-parameter SQL on a Drizzle handle's own connection, so a job is inserted in the caller's
 * transaction (undefined parameters as NULL).
 */
function transactionExecutor(tx: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await runNamed(
        tx,
        statementName(text),
        text,
        values.map((v) => v ?? null),
      );
      return { rows: result.rows };
    },
  };
}

/** Runs a fetched batch `concurrency` jobs at a time; rejects (failing the batch) if any job failed. */
async function handleAll<T extends object>(jobs: Array<PgBoss.Job<T>>, def: JobDefinition<T>): Promise<void> {
  const waiting = [...jobs];
  const errors: unknown[] = [];
  const lane = async () => {
    for (let job = waiting.shift(); job; job = waiting.shift()) {
      await def.handle(job.data).catch((err: unknown) => errors.push(err));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, def.concurrency ?? 1) }, lane));
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, `${errors.length} of ${jobs.length} ${def.name} jobs failed`);
}

/**
 * Background work for every instance of the app, kept in PostgreSQL by pg-boss (docs/decisions/0017-*.md): each job
 * is fetched by one worker (SKIP LOCKED), schedules fire once per slot across instances, failed handlers are retried.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly inFlight = new InFlight();
  /** Shared by every statement pg-boss runs on the pool: its loops pause together while the database is away. */
  private readonly backoff = new OutageBackoff({
    onChange: ({ down, failures, err }) => {
      if (down) this.log?.warn({ err }, 'database unreachable: background jobs wait, with growing pauses');
      else this.log?.info({ failures }, 'database reachable again: background jobs resume');
    },
  });
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private started = false;
  /** insertWithJob's statements, by insert, queue, key and options. */
  private readonly combined = new Map<string, CombinedStatement>();
  log: JobQueueLog | undefined;

  constructor(
    pool: pg.Pool,
    private readonly options: JobQueueOptions,
  ) {
    this.boss = new PgBoss({
      db: poolExecutor(pool, this.inFlight, this.backoff, () => this.log),
      schema: JOB_SCHEMA,
      // Maintenance (expiring stuck jobs, archiving) and the cron clock run where workers run; pg-boss lets one
      // instance at a time do each.
      supervise: options.workers,
      schedule: options.workers,
      pollingIntervalSeconds: options.pollSeconds,
    });
    this.boss.on('error', (err: Error) => {
      // An unreachable database is reported once, by the backoff, not by every worker's every try. (A worker's error
      // arrives as a plain copy of the Error: code and message, no prototype.)
      const error =
        err instanceof Error
          ? err
          : Object.assign(new Error(String((err as { message?: unknown } | null)?.message)), err);
      if (!isDatabaseUnavailableError(error)) this.log?.error({ err }, 'job queue error');
    });
  }

  /** Declares a kind of job (before start). */
  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.started) throw new Error(`job ${definition.name} defined after start`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
  }

  /** Creates or migrates pg-boss's schema, the queues and schedules (jobs can be sent from here on). */
  async start(): Promise<void> {
    await this.boss.start();
    // Only what is missing or changed: a restart on an existing database costs two reads, not a write per queue.
    const queues = new Set((await this.boss.getQueues()).map((q) => q.name));
    const schedules = new Map((await this.boss.getSchedules()).map((s) => [s.name, s.cron]));
    for (const def of this.definitions.values()) {
      if (!queues.has(def.name)) {
        await this.boss.createQueue(def.name, {
          name: def.name,
          policy: def.policy ?? 'standard',
          retryLimit: def.retryLimit ?? 3,
          retryDelay: def.retryDelaySeconds ?? 30,
          retryBackoff: true,
        });
      }
      if (def.cron && schedules.get(def.name) !== def.cron) {
        await this.boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
      }
    }
    this.started = true;
  }

  /** Works the queues, if this instance does (JOB_WORKERS), once the app is ready for it. */
  async work(): Promise<void> {
    if (!this.started) throw new Error('job queue not started');
    if (!this.options.workers) return;
    for (const def of this.definitions.values()) {
      await this.boss.work<object>(
        def.name,
        { batchSize: def.batchSize ?? 1, pollingIntervalSeconds: def.pollSeconds ?? this.options.pollSeconds },
        (jobs) =>
          this.inFlight.track(def.handleBatch ? def.handleBatch(jobs.map((j) => j.data)) : handleAll(jobs, def)),
      );
    }
  }

  /** Enqueues a job now (its own statement); null when the queue's policy dropped it as a duplicate. */
  async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}): Promise<string | null> {
    return this.boss.send(name, data, options);
  }

  /** Enqueues a job inside the caller's transaction: it exists if and only if the transaction commits. */
  async sendInTransaction<T extends object>(
    tx: DbOrTx,
    name: string,
    data: T,
    options: PgBoss.SendOptions = {},
  ): Promise<string | null> {
    return this.boss.send(name, data, { ...options, db: transactionExecutor(tx) });
  }

  /**
   * Runs `insert` (an `INSERT ... RETURNING id` of the caller's, numbered parameters) in the caller's transaction and,
   * in the same statement, a job of queue `name` for each row it returns: data `{ [key]: id }`, singleton key the id
   * as text, the rest as `send` makes it (pg-boss's own insert and option handling: the queue's policy and retry
   * options, its defaults). One round trip where the row and `sendInTransaction` take two. Returns the rows' ids.
   */
  async insertWithJob(
    tx: DbOrTx,
    insert: { name: string; text: string; values: unknown[] },
    name: string,
    key: string,
    options: Omit<PgBoss.SendOptions, 'singletonKey' | 'db'> = {},
  ): Promise<number[]> {
    const cacheKey = JSON.stringify([insert.name, name, key, options]);
    let statement = this.combined.get(cacheKey);
    if (!statement) {
      // pg-boss's statement and values for such a job, as send() would run them (nothing is run here).
      let captured: { text: string; values: unknown[] } | undefined;
      await this.boss.send(
        name,
        {},
        {
          ...options,
          singletonKey: '-',
          db: {
            executeSql: (text: string, values: unknown[]) => {
              captured = { text, values };
              return Promise.resolve({ rows: [{ id: null }] });
            },
          },
        },
      );
      if (!captured) throw new Error(`pg-boss sent no statement for a ${name} job`);
      statement = combineWithJob(insert, captured, key);
      this.combined.set(cacheKey, statement);
    }
    if (insert.values.length !== statement.insertParams)
      throw new Error(`${insert.name}: ${insert.values.length} values for ${statement.insertParams} parameters`);
    const result = await runNamed<{ id: number }>(tx, statement.name, statement.text, [
      ...insert.values,
      ...statement.jobValues,
    ]);
    return result.rows.map((row) => row.id);
  }

  /** Waiting and running jobs of a queue (tests, health). */
  async pending(name: string): Promise<number> {
    return this.boss.getQueueSize(name);
  }

  /**
   * Stops fetching and waits (up to timeoutMs) for running handlers, for jobs that a fetch in flight still returns,
   * and for pg-boss's own statements (a job's completion); the pool stays open for its owner to end afterwards. A
   * handler still running at the deadline has its jobs marked failed by pg-boss: they are retried, here after a restart
   * or by another instance (handlers are idempotent).
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const deadline = Date.now() + timeoutMs;
    this.backoff.close(); // workers waiting out an outage try once more now, and stop
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    if (!(await this.inFlight.drain(deadline))) {
      this.log?.warn({ running: this.inFlight.size, timeoutMs }, 'job queue stopped with work still running');
    }
  }
}
