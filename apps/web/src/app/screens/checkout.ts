// The cart, checkout and payment screens: one chunk.
export { CartRoute } from '../../features/cart/routes/cart.route';
export { CheckoutSuccessRoute } from '../../features/checkout/routes/checkout-success.route';
export {
  BankTransferRoute,
  MbWayPendingRoute,
  MultibancoRoute,
} from '../../features/checkout/routes/async-payment.route';
export { CheckoutRoute, PayQuoteRoute } from '../../features/checkout/routes/checkout.route';
export { FinalizeRoute, PayOrderRoute } from '../../features/checkout/routes/pay-order.route';
export { PayOrderEntry } from '../../features/checkout/routes/pay-link.route';
export { PaymentFailedRoute } from '../../features/checkout/routes/payment-failed.route';
export { ThreeDsRoute } from '../../features/checkout/routes/three-ds.route';
