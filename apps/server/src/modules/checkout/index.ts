// The checkout module's public surface: other modules and the app import only this file.
export { default as checkoutRoutes, paymentMethodsRoutes } from './checkout.routes.js';
export { OrderConsentsOut } from './checkout.schema.js';
export { CheckoutService, type PaymentRouting } from './checkout.service.js';
export { payLinkRoutes } from './pay-link.routes.js';
export { offeredMethods, SANDBOX_ROUTING, staticRouting } from './payment-routing.js';
export { quoteLinkOwnerRoutes, quoteLinkRoutes } from './quote-link.routes.js';
export { QuoteLinksService } from './quote-links.service.js';
export { refuseSandboxRouting, withRoutingRules } from './routing-rules.js';
export { checkoutModule } from './checkout.module.js';
