import type { ServerModule } from '../../shared/server-module.js';
import uploadsRoutes from './uploads.routes.js';
import { UploadsService } from './uploads.service.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** Documents uploaded in the wizard (answers to file questions). */
    uploads: UploadsService;
  }
}

/** The wizard's uploaded documents. */
export const uploadsModule: ServerModule = {
  name: 'uploads',
  services: (ctx) => ({ uploads: new UploadsService(ctx.db, ctx.files, ctx.config) }),
  routes: () => ({ public: [uploadsRoutes] }),
};
