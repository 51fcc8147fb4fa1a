import type { Db, DbOrTx } from '../../db/database.js';
import { forgetStaleCounters, STALE_COUNTER_MS } from '../../db/rate-counters.js';
import { forgetDeletedAccountMail, type NotificationsService, type PushService } from '../account/index.js';
import { sweepSignInLeftovers } from '../customers/index.js';
import type { EmailDispatcher, EmailService } from '../email/index.js';
import type { TicketsService } from '../tickets/index.js';
import type { UploadsService } from '../uploads/index.js';
import type { VerifactuService } from '../invoicing/index.js';
import { isoDate, zonedDateTime } from '@ventanilla/domain';
import { compactStatsRollups, STATISTICS_TIME_ZONE } from '../statistics/index.js';
import type { JobQueue } from './job-queue.js';

/** The queues of the app's background work (docs/architecture.md, "Background jobs"). */
export const JOBS = {
  /** Send one outbox message: `{ outboxId }`, keyed on it. */
  emailSend: 'email-send',
  /** Every minute: a job for each due message that has none (retries, messages written before a restart). */
  emailRelay: 'email-relay',
  /** Nightly: the statistics rollups' slot rows of past days folded into one row per key. */
  statsCompact: 'stats-compact',
  /** Every 5 minutes: "order received" for checkout orders left unpaid at the provider's page for 30 minutes. */
  unpaidOrderReminders: 'unpaid-order-reminders',
  /** Hourly: uploads never attached to an order, past their retention. */
  uploadsSweep: 'uploads-sweep',
  /** Hourly: stale login and upload rate counters. */
  rateCountersSweep: 'rate-counters-sweep',
  /** Every minute: postponed tickets whose date has come go back to Abierto. */
  ticketsWake: 'tickets-wake',
  /** Hourly: the old address and bodies of "account deleted" confirmations once sent or given up. */
  deletedAccountMailSweep: 'deleted-account-mail-sweep',
  /** Hourly: expired remember-me devices, OpenID sign-ins, OAuth 1.0a tokens and nonces. */
  signInSweep: 'sign-in-sweep',
  /** Send one notification's web push to its customer's devices: `{ notificationId }`, keyed on it. */
  pushSend: 'push-send',
  /** Pending Veri*Factu records sent to the AEAT: a chain of runs 20 s apart, restarted every minute by its cron. */
  verifactuSubmit: 'verifactu-submit',
} as const;

/** Seconds between two runs of the Veri*Factu submission job. */
export const VERIFACTU_SUBMIT_EVERY_S = 20;

/** How long an order paid at the provider's page may stay unpaid before "order received" reminds the customer. */
export const UNPAID_REMINDER_AFTER_MS = 30 * 60_000;
const UNPAID_REMINDER_WINDOW_MS = 3 * 24 * 60 * 60_000;

interface EmailSendData {
  outboxId: number;
}

export interface BackgroundJobsDeps {
  db: Db;
  email: EmailService;
  emailDispatcher: EmailDispatcher;
  uploads: UploadsService;
  tickets: TicketsService;
  notifications: NotificationsService;
  push: PushService;
  verifactu?: VerifactuService;
  log: { warn(obj: object, msg: string): void };
  /** How often an idle instance looks for e-mails to send (MAIL_POLL_MS). */
  emailPollMs: number;
  /** JOB_POLL_SECONDS: periodic work (at most once a minute) is looked for five times less often. */
  jobPollSeconds: number;
}

function emailJob(outboxId: number) {
  // stately + the outbox id as key: one waiting and one running job per message, however many instances enqueue.
  return { data: { outboxId }, options: { singletonKey: String(outboxId) } };
}

/**
 * Declares every background job on the queue. Handlers are idempotent: each job may run again after a crash, and
 * two jobs for one e-mail send it once (the dispatcher claims the outbox row).
 */
export function defineBackgroundJobs(queue: JobQueue, deps: BackgroundJobsDeps): void {
  const { email, emailDispatcher } = deps;
  const periodicPollSeconds = deps.jobPollSeconds * 5;
  // The message and its job are written in one transaction: no job for a rolled-back message, no message without one.
  email.onQueued = async (tx: DbOrTx, outboxId: number) => {
    const job = emailJob(outboxId);
    await queue.sendInTransaction(tx, JOBS.emailSend, job.data, job.options);
  };

  /** Sends the messages of these jobs; one that failed for now gets a new job when its next attempt is due. */
  async function sendEmails(jobs: EmailSendData[]): Promise<void> {
    const outcomes = await emailDispatcher.deliverByIds(jobs.map((j) => j.outboxId));
    for (const [outboxId, { outcome, retryInMs }] of outcomes) {
      if (outcome !== 'retry' || retryInMs === undefined) continue;
      const job = emailJob(outboxId);
      await queue.send(JOBS.emailSend, job.data, { ...job.options, startAfter: Math.ceil(retryInMs / 1000) });
    }
  }

  queue.define<EmailSendData>({
    name: JOBS.emailSend,
    policy: 'stately',
    pollSeconds: Math.max(0.5, deps.emailPollMs / 1000),
    // Up to 20 messages a poll per instance, 5 SMTP conversations at a time (deliverByIds).
    batchSize: 20,
    handle: (job) => sendEmails([job]),
    // The batch's messages are claimed in one statement.
    handleBatch: sendEmails,
  });
  queue.define({
    name: JOBS.emailRelay,
    cron: '* * * * *',
    policy: 'singleton',
    pollSeconds: periodicPollSeconds,
    async handle() {
      for (const outboxId of await emailDispatcher.dueIds()) {
        const job = emailJob(outboxId);
        await queue.send(JOBS.emailSend, job.data, job.options);
      }
    },
  });
  queue.define({
    name: JOBS.unpaidOrderReminders,
    cron: '*/5 * * * *',
    policy: 'singleton',
    pollSeconds: periodicPollSeconds,
    async handle() {
      const now = Date.now();
      // Orders of the last 3 days (older ones were reminded by earlier runs, or the service was down for days).
      await email.remindUnpaidOrders(
        new Date(now - UNPAID_REMINDER_WINDOW_MS),
        new Date(now - UNPAID_REMINDER_AFTER_MS),
      );
    },
  });
  queue.define({
    name: JOBS.statsCompact,
    cron: '17 3 * * *',
    policy: 'singleton',
    pollSeconds: periodicPollSeconds,
    async handle() {
      // Days before yesterday (Madrid): today's and yesterday's rows are still written by checkouts and payments.
      const yesterday = isoDate(zonedDateTime(new Date(Date.now() - 24 * 3_600_000), STATISTICS_TIME_ZONE));
      await compactStatsRollups(deps.db, yesterday);
    },
  });
  queue.define({
    name: JOBS.uploadsSweep,
    cron: '7 * * * *',
    policy: 'singleton',
    pollSeconds: periodicPollSeconds,
    handle: async () => void (await deps.uploads.sweepExpired()),
  });
  queue.define({
    name: JOBS.deletedAccountMailSweep,
    cron: '27 * * * *',
    policy: 'singleton',
    pollSeconds: periodicPollSeconds,
    handle: async () => void (await forgetDeletedAccountMail(deps.db)),
  });
  queue.define({
    name: JOBS.rateCountersSweep,
    cron: '37 * * * *',
    policy: 'singleton',
    pollSeconds: periodicPollSeconds,
    handle: async () => void (await forgetStaleCounters(deps.db, new Date(Date.now() - STALE_COUNTER_MS))),
  });
  queue.define({
    name: JOBS.signInSweep,
    cron: '47 * * * *',
    policy: 'singleton',
    pollSeconds: periodicPollSeconds,
    handle: async () => void (await sweepSignInLeftovers(deps.db, new Date())),
  });
  // A notification and its push job commit together (the order change's transaction); stately on the notification id:
  // one waiting job per push however often it is enqueued. Not retried: a retry would push twice to the devices
  // that got it (PushService.sendNotification).
  deps.notifications.onCreated = async (tx: DbOrTx, notificationId: number) => {
    await queue.sendInTransaction(tx, JOBS.pushSend, { notificationId }, { singletonKey: String(notificationId) });
  };
  queue.define<{ notificationId: number }>({
    name: JOBS.pushSend,
    policy: 'stately',
    retryLimit: 0,
    pollSeconds: Math.max(0.5, deps.emailPollMs / 1000),
    batchSize: 10,
    concurrency: 5,
    handle: async ({ notificationId }) => void (await deps.push.sendNotification(notificationId, deps.log)),
  });
  const verifactu = deps.verifactu;
  if (verifactu) {
    // A chain of jobs, each run sending what is pending and queueing the next one VERIFACTU_SUBMIT_EVERY_S later, so a
    // record is offered within about half a minute of its invoice (unless the AEAT's TiempoEsperaEnvio says wait).
    // stately without a key: at most one waiting and one running for all instances together, never two sending at
    // once. The cron restarts the chain when a run failed (the database was away: it is not retried, and the next try
    // is the next minute's), or on the first start.
    queue.define({
      name: JOBS.verifactuSubmit,
      cron: '* * * * *',
      policy: 'stately',
      retryLimit: 0,
      pollSeconds: deps.jobPollSeconds,
      async handle() {
        await verifactu.submitPending(undefined, deps.log);
        await queue.send(JOBS.verifactuSubmit, {}, { startAfter: VERIFACTU_SUBMIT_EVERY_S });
      },
    });
  }
  queue.define({
    name: JOBS.ticketsWake,
    cron: '* * * * *',
    policy: 'singleton',
    pollSeconds: periodicPollSeconds,
    handle: async () => void (await deps.tickets.wakeDue()),
  });
}
