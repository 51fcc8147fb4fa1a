import type { AppConfig } from '../../config/env.js';
import type { JobQueue } from '../jobs/index.js';
import type { VerifactuService } from './verifactu.service.js';

/** Pending Veri*Factu records sent to the AEAT: a chain of runs 20 s apart, restarted every minute by its cron. */
export const VERIFACTU_SUBMIT_JOB = 'verifactu-submit';

/** Seconds between two runs of the Veri*Factu submission job. */
export const VERIFACTU_SUBMIT_EVERY_S = 20;

/**
 * A chain of jobs, each run sending what is pending and queueing the next one VERIFACTU_SUBMIT_EVERY_S later, so a
 * record is offered within about half a minute of its invoice (unless the AEAT's TiempoEsperaEnvio says wait).
 * stately without a key: at most one waiting and one running for all instances together, never two sending at once.
 * The cron restarts the chain when a run failed (the database was away: it is not retried, and the next try is the
 * next minute's), or on the first start.
 */
export function defineVerifactuJobs(
  queue: JobQueue,
  verifactu: VerifactuService,
  config: AppConfig,
  log: { warn(obj: object, msg: string): void },
): void {
  queue.define({
    name: VERIFACTU_SUBMIT_JOB,
    cron: '* * * * *',
    policy: 'stately',
    retryLimit: 0,
    pollSeconds: config.jobs.pollSeconds,
    async handle() {
      await verifactu.submitPending(undefined, log);
      await queue.send(VERIFACTU_SUBMIT_JOB, {}, { startAfter: VERIFACTU_SUBMIT_EVERY_S });
    },
  });
}
