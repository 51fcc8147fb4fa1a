import type { ServerModule } from '../../shared/server-module.js';
import { oauthRoutes } from './oauth.routes.js';
import { OAUTH_ERRORS, OAUTH_MESSAGES } from './oauth.errors.js';

/** The OAuth 1.0a token exchange of the legacy clients (it signs in with the customers module's accounts). */
export const oauthModule: ServerModule<typeof OAUTH_ERRORS, typeof OAUTH_MESSAGES> = {
  name: 'oauth',
  errors: OAUTH_ERRORS,
  messages: OAUTH_MESSAGES,
  routes: () => ({ public: [oauthRoutes] }),
};
