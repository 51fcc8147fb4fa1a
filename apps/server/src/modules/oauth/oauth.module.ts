import type { ServerModule } from '../../shared/server-module.js';
import { oauthRoutes } from './oauth.routes.js';

/** The OAuth 1.0a token exchange of the legacy clients (it signs in with the customers module's accounts). */
export const oauthModule: ServerModule = {
  name: 'oauth',
  routes: () => ({ public: [oauthRoutes] }),
};
