import type { ServerModule } from '../../shared/server-module.js';
import { createLookups } from '../lookups/index.js';
import cartRoutes from './cart.routes.js';
import { CartService } from './cart.service.js';
import { CART_ERRORS, CART_MESSAGES } from './cart.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    carts: CartService;
  }
}

/** The shop's cart. */
export const cartModule: ServerModule<typeof CART_ERRORS, typeof CART_MESSAGES> = {
  name: 'cart',
  errors: CART_ERRORS,
  messages: CART_MESSAGES,
  services: (ctx) => {
    // The cart compares a cadastral reference with the municipality chosen beside it, as the cadastre places it.
    const cadastre = createLookups(ctx.config.lookups, ctx.places);
    return { carts: new CartService(ctx.db, ctx.catalog, ctx.uploads, (query) => cadastre.cadastreByReference(query)) };
  },
  routes: () => ({ public: [cartRoutes] }),
};
