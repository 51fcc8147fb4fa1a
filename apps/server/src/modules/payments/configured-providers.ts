import type { PaymentsConfig } from '../../config/payments-config.js';
import { RedsysProvider } from './redsys/redsys.adapter.js';
import type { FetchFn } from './stripe/stripe-client.js';
import { StripeProvider } from './stripe/stripe.adapter.js';

/**
 * The real providers whose secrets are configured. They are built whether or not the routing sends a method to them:
 * a payment opened before the routing changed must still have its notifications verified and applied.
 */
export function configuredProviders(
  config: PaymentsConfig,
  fetchFn: FetchFn,
): { stripe?: StripeProvider; redsys?: RedsysProvider } {
  return {
    ...(config.stripe ? { stripe: new StripeProvider(config.stripe, fetchFn) } : {}),
    ...(config.redsys ? { redsys: new RedsysProvider(config.redsys) } : {}),
  };
}
