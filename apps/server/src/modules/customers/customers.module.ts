import type { ServerModule } from '../../shared/server-module.js';
import { agentsAdminRoutes } from './agents-admin.routes.js';
import authRoutes, { accountRoutes } from './auth.routes.js';
import { customersAdminRoutes, impersonationRoutes } from './customers-admin.routes.js';
import { seedDemoUsers } from './demo-users.js';
import { oidcRoutes } from './oidc.routes.js';
import passwordResetRoutes from './password-reset.routes.js';
import { PasswordResetService } from './password-reset.service.js';
import { signInLinkRoutes } from './sign-in-link.routes.js';
import { SignInLinksService } from './sign-in-links.service.js';
import { deviceRoutes, signInRoutes } from './sign-in.routes.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** checkEmail, rememberPassword and the reset token (docs/email.md). */
    passwordReset: PasswordResetService;
    signInLinks: SignInLinksService;
  }
}

/** Accounts and signing in (passwords, links, OpenID, remembered devices), staff's customer and agent admin. */
export const customersModule: ServerModule = {
  name: 'customers',
  async services({ db, config, email }) {
    if (config.seedDemoUsers) await seedDemoUsers(db);
    return { passwordReset: new PasswordResetService(db, email), signInLinks: new SignInLinksService(db, email) };
  },
  routes: () => ({
    public: [authRoutes, passwordResetRoutes, signInLinkRoutes, signInRoutes, oidcRoutes],
    protected: [accountRoutes, deviceRoutes, customersAdminRoutes, impersonationRoutes, agentsAdminRoutes],
  }),
};
