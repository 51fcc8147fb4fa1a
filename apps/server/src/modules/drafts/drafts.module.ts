import type { ServerModule } from '../../shared/server-module.js';
import draftsRoutes, { configRoutes } from './drafts.routes.js';
import { DraftsService } from './drafts.service.js';
import { SessionDraftsService } from './session-drafts.service.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** Signed-in customers' unfinished orders (wizard drafts). */
    drafts: DraftsService;
    /** The server-rendered wizard's drafts (visitors without JavaScript), per session. */
    sessionDrafts: SessionDraftsService;
  }
}

/** Wizard drafts (signed-in customers) and the wizard's public configuration. */
export const draftsModule: ServerModule = {
  name: 'drafts',
  services: (ctx) => ({
    drafts: new DraftsService(ctx.db, ctx.catalog),
    sessionDrafts: new SessionDraftsService(ctx.db),
  }),
  routes: () => ({ public: [configRoutes], protected: [draftsRoutes] }),
};
