import type { ServerModule } from '../../shared/server-module.js';
import healthRoutes from './health.routes.js';

/** The liveness and readiness probes. */
export const healthModule: ServerModule = {
  name: 'health',
  routes: () => ({ public: [healthRoutes] }),
};
