import type { ServerModule } from '../../shared/server-module.js';
import { defineRateCountersSweep } from './background-jobs.js';
import { JobQueue } from './job-queue.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** Background jobs in the database (pg-boss): e-mail sending, sweeps, postponed tickets. */
    jobs: JobQueue;
  }
}

declare module '../../shared/server-module.js' {
  interface ModuleOptions {
    /**
     * Work the background job queues here (default: JOB_WORKERS; not in tests, which call
     * ctx.emailDispatcher.dispatchOnce() and the sweeps themselves).
     */
    startJobWorkers?: boolean;
  }
}

/**
 * Background work (e-mail sending, sweeps, postponed tickets) as pg-boss jobs in the database, safe with several
 * instances (docs/decisions/0017-job-queue-and-file-storage.md). The schema and queues exist in every instance (an
 * e-mail's job is written in its transaction); workers run where JOB_WORKERS says. Each module declares its own jobs
 * (`jobs`, on `ctx.jobs`). Early in the module list: at shutdown the modules that give it work stop before its workers.
 */
export const jobsModule: ServerModule = {
  name: 'jobs',
  services: ({ database, config }, { options, log }) => {
    const jobs = new JobQueue(database.pool, {
      workers: options.startJobWorkers ?? config.jobs.workers,
      pollSeconds: config.jobs.pollSeconds,
    });
    jobs.log = log;
    return { jobs };
  },
  jobs: (ctx) => defineRateCountersSweep(ctx.jobs, ctx.db, ctx.config),
  // Every module has declared its jobs (`jobs`, before any `start`).
  async start(ctx) {
    // Before anything writes an e-mail (the demo seed does): its job is written in the same transaction.
    await ctx.jobs.start();
    await ctx.jobs.work();
  },
  // The workers finish their jobs (or hand them back) after every module above has stopped giving them work.
  stop: (ctx) => ctx.jobs.stop(),
};
