// The statistics module's public surface: other modules and the app import only this file.
export { compactStatsRollups } from './rollup-compaction.js';
export { STATISTICS_TIME_ZONE } from './statistics.service.js';
export { statisticsModule } from './statistics.module.js';
