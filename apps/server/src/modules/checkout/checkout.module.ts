import type { ServerModule } from '../../shared/server-module.js';
import { sellerOf } from '../invoicing/index.js';
import checkoutRoutes, { paymentMethodsRoutes } from './checkout.routes.js';
import { CheckoutService, type PaymentRouting } from './checkout.service.js';
import { payLinkRoutes } from './pay-link.routes.js';
import { offeredMethods, SANDBOX_ROUTING, staticRouting } from './payment-routing.js';
import { quoteLinkOwnerRoutes, quoteLinkRoutes } from './quote-link.routes.js';
import { QuoteLinksService } from './quote-links.service.js';
import { refuseSandboxRouting, withRoutingRules } from './routing-rules.js';
import { CHECKOUT_ERRORS, CHECKOUT_MESSAGES } from './checkout.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    checkout: CheckoutService;
    /** Which provider serves which payment method, per store (PAYMENT_ROUTING over the sandbox's default). */
    routing: PaymentRouting;
    quoteLinks: QuoteLinksService;
  }
}

/** Checkout: the order from the cart, its payment through the routed provider, pay links and quote links. */
export const checkoutModule: ServerModule<typeof CHECKOUT_ERRORS, typeof CHECKOUT_MESSAGES> = {
  name: 'checkout',
  errors: CHECKOUT_ERRORS,
  messages: CHECKOUT_MESSAGES,
  services({ db, config, catalog, carts, orderEvents, paymentProviders: providers, payLinks, legalEntities }) {
    const countryOf = (storeId: number) => catalog.getStore(storeId)?.country;
    const routing = withRoutingRules(
      // Every method through the sandbox (transfers need no gateway); each store offers its country's methods.
      staticRouting(providers, SANDBOX_ROUTING, offeredMethods(config.storePaymentMethods, countryOf)),
      config.payments.routing,
      providers,
      countryOf,
    );
    if (config.nodeEnv === 'production')
      refuseSandboxRouting(
        routing,
        catalog.listStores().map((s) => s.storeId),
      );
    const checkout = new CheckoutService(db, config, catalog, carts, routing, orderEvents, providers);
    checkout.sellerName = (storeId) => sellerOf(legalEntities, storeId)?.legal_name;
    return { routing, checkout, quoteLinks: new QuoteLinksService(db, catalog, carts, checkout, payLinks) };
  },
  routes: () => ({
    // Pay links of orders created by agents and quote links (the owner's consent to pay their cart): public, the
    // signed key is the permission.
    public: [paymentMethodsRoutes, payLinkRoutes, quoteLinkRoutes],
    protected: [checkoutRoutes, quoteLinkOwnerRoutes],
  }),
};
