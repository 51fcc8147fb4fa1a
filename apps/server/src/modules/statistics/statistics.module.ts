import type { ServerModule } from '../../shared/server-module.js';
import statisticsRoutes from './statistics.routes.js';

/** The back office's statistics (its rollups are compacted by a background job of the jobs module). */
export const statisticsModule: ServerModule = {
  name: 'statistics',
  routes: () => ({ protected: [statisticsRoutes] }),
};
