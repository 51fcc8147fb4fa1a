import type { ServerModule } from '../../shared/server-module.js';
import shopFormsRoutes from './shop-forms.routes.js';

/**
 * The purchase path as server-rendered forms, for browsers without JavaScript (wizard, check answers, cart,
 * sign-in, checkout): docs/decisions/0027-forms-without-javascript.md.
 */
export const shopFormsModule: ServerModule = {
  name: 'shop-forms',
  routes: () => ({ public: [shopFormsRoutes] }),
};
