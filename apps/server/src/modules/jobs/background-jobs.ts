import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import { forgetStaleCounters, STALE_COUNTER_MS } from '../../db/rate-counters.js';
import type { JobQueue } from './job-queue.js';

/**
 * How often an idle worker of this instance looks for periodic work (at most once a minute): five times less often
 * than JOB_POLL_SECONDS. Each module declares its own jobs (its `<name>.module.ts`, `jobs`); docs/architecture.md,
 * "Background jobs".
 */
export function periodicPollSeconds(config: AppConfig): number {
  return config.jobs.pollSeconds * 5;
}

/**
 * How often an idle instance looks for messages of one job each (e-mails, pushes) to send (MAIL_POLL_MS, at least
 * half a second).
 */
export function messagePollSeconds(config: AppConfig): number {
  return Math.max(0.5, config.mail.pollMs / 1000);
}

/** Hourly: stale login and upload rate counters (src/db/rate-counters.ts, shared by the modules that count). */
export const RATE_COUNTERS_SWEEP = 'rate-counters-sweep';

/** The jobs module's own job: the rate counters live in src/db, no module's. */
export function defineRateCountersSweep(queue: JobQueue, db: Db, config: AppConfig): void {
  queue.define({
    name: RATE_COUNTERS_SWEEP,
    cron: '37 * * * *',
    policy: 'singleton',
    pollSeconds: periodicPollSeconds(config),
    handle: async () => void (await forgetStaleCounters(db, new Date(Date.now() - STALE_COUNTER_MS))),
  });
}
