import type { PaymentRouting } from './checkout.service.js';
import type { PaymentMethodCode, PaymentProvider } from '../payments/payment-provider.js';

/** One row of the routing table: this method is served by this provider (in these stores only, when given). */
export interface RoutingRow {
  code: PaymentMethodCode;
  provider: string;
  stores?: readonly number[];
}

/**
 * Which provider serves which method in which store. `offered` gives each store's methods in display order (by
 * country, overridable per store in the configuration); each offered method is served by the first table row
 * that applies to the store and whose provider is configured. Without `offered`, the table order is the offer.
 */
export function staticRouting(
  providers: ReadonlyMap<string, PaymentProvider>,
  table: ReadonlyArray<RoutingRow>,
  offered?: (storeId: number) => readonly PaymentMethodCode[] | undefined,
): PaymentRouting {
  const applies = (storeId: number, row: RoutingRow) => (!row.stores || row.stores.includes(storeId)) && providers.has(row.provider);
  const rowFor = (storeId: number, method: PaymentMethodCode) => {
    const list = offered?.(storeId);
    if (list && !list.includes(method)) return undefined;
    return table.find((r) => r.code === method && applies(storeId, r));
  };
  return {
    methodsFor: (storeId) => {
      const list = offered?.(storeId);
      const rows = list
        ? list.map((code) => rowFor(storeId, code)).filter((r): r is RoutingRow => r !== undefined)
        : table.filter((r) => applies(storeId, r)).filter((r, i, all) => all.findIndex((o) => o.code === r.code) === i);
      return rows.map((r) => ({ code: r.code, provider: r.provider }));
    },
    providerFor: (storeId, method) => {
      const row = rowFor(storeId, method);
      return row ? providers.get(row.provider) : undefined;
    },
  };
}
