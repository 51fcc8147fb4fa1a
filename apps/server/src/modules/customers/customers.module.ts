import type { ServerModule } from '../../shared/server-module.js';
import { periodicPollSeconds } from '../jobs/index.js';
import { agentsAdminRoutes } from './agents-admin.routes.js';
import authRoutes from './auth.routes.js';
import { customersAdminRoutes } from './customers-admin.routes.js';
import { seedDemoUsers } from './demo-users.js';
import { oidcRoutes } from './oidc.routes.js';
import passwordResetRoutes from './password-reset.routes.js';
import { PasswordResetService } from './password-reset.service.js';
import { signInLinkRoutes } from './sign-in-link.routes.js';
import { SignInLinksService } from './sign-in-links.service.js';
import { signInRoutes } from './sign-in.routes.js';
import { sweepSignInLeftovers } from './sign-in-sweep.js';
import { staffEditsRoutes } from './staff-edits.routes.js';
import { CUSTOMERS_ERRORS, CUSTOMERS_MESSAGES } from './customers.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** checkEmail, rememberPassword and the reset token (docs/email.md). */
    passwordReset: PasswordResetService;
    signInLinks: SignInLinksService;
  }
}

/** Hourly: expired remember-me devices, OpenID sign-ins, OAuth 1.0a tokens and nonces. */
export const SIGN_IN_SWEEP_JOB = 'sign-in-sweep';

/** Accounts and signing in (passwords, links, OpenID, remembered devices), staff's customer and agent admin. */
export const customersModule: ServerModule<typeof CUSTOMERS_ERRORS, typeof CUSTOMERS_MESSAGES> = {
  name: 'customers',
  permissions: ['customers'],
  errors: CUSTOMERS_ERRORS,
  messages: CUSTOMERS_MESSAGES,
  async services({ db, config, email }) {
    if (config.seedDemoUsers) await seedDemoUsers(db);
    return { passwordReset: new PasswordResetService(db, email), signInLinks: new SignInLinksService(db, email) };
  },
  jobs: ({ jobs, db, config }) =>
    jobs.define({
      name: SIGN_IN_SWEEP_JOB,
      cron: '47 * * * *',
      policy: 'singleton',
      pollSeconds: periodicPollSeconds(config),
      handle: async () => void (await sweepSignInLeftovers(db, new Date())),
    }),
  routes: () => ({
    public: [authRoutes, passwordResetRoutes, signInLinkRoutes, signInRoutes, oidcRoutes],
    protected: [customersAdminRoutes, staffEditsRoutes, agentsAdminRoutes],
  }),
};
