import type { AppConfig } from '../../config/env.js';
import type { DbOrTx } from '../../db/database.js';
import { messagePollSeconds, periodicPollSeconds, type JobQueue } from '../jobs/index.js';
import type { EmailDispatcher } from './email-dispatcher.js';
import type { EmailService } from './email.service.js';

/** The e-mail module's queues (docs/architecture.md, "Background jobs"). */
export const EMAIL_JOBS = {
  /** Send one outbox message: `{ outboxId }`, keyed on it. */
  send: 'email-send',
  /** Every minute: a job for each due message that has none (retries, messages written before a restart). */
  relay: 'email-relay',
  /** Every 5 minutes: "order received" for checkout orders left unpaid at the provider's page for 30 minutes. */
  unpaidOrderReminders: 'unpaid-order-reminders',
} as const;

/** How long an order paid at the provider's page may stay unpaid before "order received" reminds the customer. */
export const UNPAID_REMINDER_AFTER_MS = 30 * 60_000;
const UNPAID_REMINDER_WINDOW_MS = 3 * 24 * 60 * 60_000;

interface EmailSendData {
  outboxId: number;
}

function emailJob(outboxId: number) {
  // stately + the outbox id as key: one waiting and one running job per message, however many instances enqueue.
  return { data: { outboxId }, options: { singletonKey: String(outboxId) } };
}

/**
 * Declares the e-mail jobs. Handlers are idempotent: each job may run again after a crash, and two jobs for one
 * e-mail send it once (the dispatcher claims the outbox row).
 */
export function defineEmailJobs(
  queue: JobQueue,
  { email, emailDispatcher, config }: { email: EmailService; emailDispatcher: EmailDispatcher; config: AppConfig },
): void {
  // The message and its job are written in one transaction: no job for a rolled-back message, no message without one.
  email.onQueued = async (tx: DbOrTx, outboxId: number) => {
    const job = emailJob(outboxId);
    await queue.sendInTransaction(tx, EMAIL_JOBS.send, job.data, job.options);
  };
  // A new message and its job in one statement: the job as emailJob makes it (data { outboxId }, keyed on the id).
  email.insertWithJob = (tx, insert) => queue.insertWithJob(tx, insert, EMAIL_JOBS.send, 'outboxId');

  /** Sends the messages of these jobs; one that failed for now gets a new job when its next attempt is due. */
  async function sendEmails(jobs: EmailSendData[]): Promise<void> {
    const outcomes = await emailDispatcher.deliverByIds(jobs.map((j) => j.outboxId));
    for (const [outboxId, { outcome, retryInMs }] of outcomes) {
      if (outcome !== 'retry' || retryInMs === undefined) continue;
      const job = emailJob(outboxId);
      await queue.send(EMAIL_JOBS.send, job.data, { ...job.options, startAfter: Math.ceil(retryInMs / 1000) });
    }
  }

  queue.define<EmailSendData>({
    name: EMAIL_JOBS.send,
    policy: 'stately',
    pollSeconds: messagePollSeconds(config),
    // Up to 20 messages a poll per instance, 5 SMTP conversations at a time (deliverByIds).
    batchSize: 20,
    handle: (job) => sendEmails([job]),
    // The batch's messages are claimed in one statement.
    handleBatch: sendEmails,
  });
  queue.define({
    name: EMAIL_JOBS.relay,
    cron: '* * * * *',
    policy: 'singleton',
    pollSeconds: periodicPollSeconds(config),
    async handle() {
      for (const outboxId of await emailDispatcher.dueIds()) {
        const job = emailJob(outboxId);
        await queue.send(EMAIL_JOBS.send, job.data, job.options);
      }
    },
  });
  queue.define({
    name: EMAIL_JOBS.unpaidOrderReminders,
    cron: '*/5 * * * *',
    policy: 'singleton',
    pollSeconds: periodicPollSeconds(config),
    async handle() {
      const now = Date.now();
      // Orders of the last 3 days (older ones were reminded by earlier runs, or the service was down for days).
      await email.remindUnpaidOrders(
        new Date(now - UNPAID_REMINDER_WINDOW_MS),
        new Date(now - UNPAID_REMINDER_AFTER_MS),
      );
    },
  });
}
