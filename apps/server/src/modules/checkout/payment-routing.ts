import type { PaymentRouting } from './checkout.service.js';
import type { PaymentMethodCode, PaymentProvider } from '../payments/payment-provider.js';

/**
 * Which provider serves which method in which store. For now every store offers the card through the sandbox;
 * the per-country method lists and the real adapters (Stripe, Redsys) are configured here as they arrive.
 */
export function staticRouting(
  providers: ReadonlyMap<string, PaymentProvider>,
  table: ReadonlyArray<{ code: PaymentMethodCode; provider: string; stores?: readonly number[] }>,
): PaymentRouting {
  const applies = (storeId: number, row: (typeof table)[number]) => !row.stores || row.stores.includes(storeId);
  return {
    methodsFor: (storeId) => table.filter((r) => applies(storeId, r) && providers.has(r.provider)).map((r) => ({ code: r.code, provider: r.provider })),
    providerFor: (storeId, method) => {
      const row = table.find((r) => r.code === method && applies(storeId, r));
      return row ? providers.get(row.provider) : undefined;
    },
  };
}
