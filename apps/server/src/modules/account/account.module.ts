import type { ServerModule } from '../../shared/server-module.js';
import { AccountDataService } from './account-data.service.js';
import { defineAccountJobs } from './account.jobs.js';
import { accountSelfRoutes } from './account-self.routes.js';
import { accountRoutes, emailChangeConfirmRoutes } from './account.routes.js';
import { EmailChangeService } from './email-change.service.js';
import { meRoutes } from './me.routes.js';
import { NotificationsService } from './notifications.service.js';
import { type PushFetch, PushService } from './push.service.js';
import { ACCOUNT_ERRORS, ACCOUNT_MESSAGES } from './account.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** E-mail changes confirmed by a link to the new address (docs/customer-panel.md). */
    emailChange: EmailChangeService;
    /** GDPR export and account deletion. */
    accountData: AccountDataService;
    /** The customer's notifications and activities lists. */
    notifications: NotificationsService;
    /** Web push subscriptions and sending (VAPID). */
    push: PushService;
  }
}

declare module '../../shared/server-module.js' {
  interface ModuleOptions {
    /** Where web pushes are POSTed (tests count or fail them); fetch by default. */
    pushFetch?: PushFetch;
  }
}

/** The signed-in user's `/api/me` routes: who they are, devices, impersonation's way back, e-mail change, GDPR export and deletion, notifications and web pushes. */
export const accountModule: ServerModule<typeof ACCOUNT_ERRORS, typeof ACCOUNT_MESSAGES> = {
  name: 'account',
  permissions: ['account'],
  errors: ACCOUNT_ERRORS,
  messages: ACCOUNT_MESSAGES,
  services: ({ db, config, files, email, catalog }, { options, log }) => ({
    emailChange: new EmailChangeService(db, email),
    accountData: new AccountDataService(db, files, log, email),
    notifications: new NotificationsService(db),
    push: new PushService(db, config, catalog, options.pushFetch ?? fetch),
  }),
  // Notifications (and their pushes) of order changes the customer should know of (docs/customer-panel.md).
  listen: (ctx) =>
    ctx.orderEvents.on('itemStatusChanged', (tx, event) => ctx.notifications.onItemStatusChanged(tx, event)),
  jobs: (ctx, { log }) => defineAccountJobs(ctx.jobs, { ...ctx, log }),
  routes: () => ({ public: [emailChangeConfirmRoutes], protected: [meRoutes, accountSelfRoutes, accountRoutes] }),
};
