import type { ServerModule } from '../../shared/server-module.js';
import draftsRoutes, { configRoutes } from './drafts.routes.js';
import { DraftsService } from './drafts.service.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** Signed-in customers' unfinished orders (wizard drafts). */
    drafts: DraftsService;
  }
}

/** Wizard drafts (signed-in customers) and the wizard's public configuration. */
export const draftsModule: ServerModule = {
  name: 'drafts',
  services: (ctx) => ({ drafts: new DraftsService(ctx.db, ctx.catalog) }),
  routes: () => ({ public: [configRoutes], protected: [draftsRoutes] }),
};
