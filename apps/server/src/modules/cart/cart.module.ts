import type { ServerModule } from '../../shared/server-module.js';
import cartRoutes from './cart.routes.js';
import { CartService } from './cart.service.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    carts: CartService;
  }
}

/** The shop's cart. */
export const cartModule: ServerModule = {
  name: 'cart',
  services: (ctx) => ({ carts: new CartService(ctx.db, ctx.catalog, ctx.uploads) }),
  routes: () => ({ public: [cartRoutes] }),
};
