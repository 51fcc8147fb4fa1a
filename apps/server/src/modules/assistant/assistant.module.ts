import type { ServerModule } from '../../shared/server-module.js';
import assistantRoutes from './assistant.routes.js';

/** The staff's document assistant. */
export const assistantModule: ServerModule = {
  name: 'assistant',
  routes: () => ({ protected: [assistantRoutes] }),
};
