import type { ServerModule } from '../../shared/server-module.js';
import { periodicPollSeconds } from '../jobs/index.js';
import uploadsRoutes from './uploads.routes.js';
import { UploadsService } from './uploads.service.js';
import { UPLOADS_ERRORS, UPLOADS_MESSAGES } from './uploads.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** Documents uploaded in the wizard (answers to file questions). */
    uploads: UploadsService;
  }
}

/** Hourly: uploads never attached to an order, past their retention. */
export const UPLOADS_SWEEP_JOB = 'uploads-sweep';

/** The wizard's uploaded documents. */
export const uploadsModule: ServerModule<typeof UPLOADS_ERRORS, typeof UPLOADS_MESSAGES> = {
  name: 'uploads',
  errors: UPLOADS_ERRORS,
  messages: UPLOADS_MESSAGES,
  services: (ctx) => ({ uploads: new UploadsService(ctx.db, ctx.files, ctx.config) }),
  jobs: ({ jobs, uploads, config }) =>
    jobs.define({
      name: UPLOADS_SWEEP_JOB,
      cron: '7 * * * *',
      policy: 'singleton',
      pollSeconds: periodicPollSeconds(config),
      handle: async () => void (await uploads.sweepExpired()),
    }),
  routes: () => ({ public: [uploadsRoutes] }),
};
