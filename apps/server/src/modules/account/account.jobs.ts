import type { AppConfig } from '../../config/env.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { messagePollSeconds, periodicPollSeconds, type JobQueue } from '../jobs/index.js';
import { forgetDeletedAccountMail } from './deleted-account-mail.js';
import type { NotificationsService } from './notifications.service.js';
import type { PushService } from './push.service.js';

/** The account module's queues. */
export const ACCOUNT_JOBS = {
  /** Hourly: the old address and bodies of "account deleted" confirmations once sent or given up. */
  deletedAccountMailSweep: 'deleted-account-mail-sweep',
  /** Send one notification's web push to its customer's devices: `{ notificationId }`, keyed on it. */
  pushSend: 'push-send',
} as const;

/** Declares the account module's jobs: the deleted accounts' mail sweep and the notifications' pushes. */
export function defineAccountJobs(
  queue: JobQueue,
  deps: {
    db: Db;
    config: AppConfig;
    notifications: NotificationsService;
    push: PushService;
    log: { warn(obj: object, msg: string): void };
  },
): void {
  queue.define({
    name: ACCOUNT_JOBS.deletedAccountMailSweep,
    cron: '27 * * * *',
    policy: 'singleton',
    pollSeconds: periodicPollSeconds(deps.config),
    handle: async () => void (await forgetDeletedAccountMail(deps.db)),
  });
  // A notification and its push job commit together (the order change's transaction); stately on the notification id:
  // one waiting job per push however often it is enqueued. Not retried: a retry would push twice to the devices
  // that got it (PushService.sendNotification).
  deps.notifications.onCreated = async (tx: DbOrTx, notificationId: number) => {
    await queue.sendInTransaction(
      tx,
      ACCOUNT_JOBS.pushSend,
      { notificationId },
      { singletonKey: String(notificationId) },
    );
  };
  queue.define<{ notificationId: number }>({
    name: ACCOUNT_JOBS.pushSend,
    policy: 'stately',
    retryLimit: 0,
    pollSeconds: messagePollSeconds(deps.config),
    batchSize: 10,
    concurrency: 5,
    handle: async ({ notificationId }) => void (await deps.push.sendNotification(notificationId, deps.log)),
  });
}
