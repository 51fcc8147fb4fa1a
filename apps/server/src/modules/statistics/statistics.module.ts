import { isoDate, zonedDateTime } from '@ventanilla/domain';
import type { ServerModule } from '../../shared/server-module.js';
import { periodicPollSeconds } from '../jobs/index.js';
import { compactStatsRollups } from './rollup-compaction.js';
import statisticsRoutes from './statistics.routes.js';
import { STATISTICS_TIME_ZONE } from './statistics.service.js';

/** Nightly: the statistics rollups' slot rows of past days folded into one row per key. */
export const STATS_COMPACT_JOB = 'stats-compact';

/** The back office's statistics, and the nightly compaction of their rollups. */
export const statisticsModule: ServerModule = {
  name: 'statistics',
  permissions: ['statistics'],
  jobs: ({ jobs, db, config }) =>
    jobs.define({
      name: STATS_COMPACT_JOB,
      cron: '17 3 * * *',
      policy: 'singleton',
      pollSeconds: periodicPollSeconds(config),
      async handle() {
        // Days before yesterday (Madrid): today's and yesterday's rows are still written by checkouts and payments.
        const yesterday = isoDate(zonedDateTime(new Date(Date.now() - 24 * 3_600_000), STATISTICS_TIME_ZONE));
        await compactStatsRollups(db, yesterday);
      },
    }),
  routes: () => ({ protected: [statisticsRoutes] }),
};
