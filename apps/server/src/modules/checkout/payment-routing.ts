import { defaultPaymentMethods } from '@ventanilla/domain';
import type { PaymentRouting } from './checkout.service.js';
import type { PaymentMethodCode, PaymentProvider } from '../payments/index.js';

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
  const applies = (storeId: number, row: RoutingRow) =>
    (!row.stores || row.stores.includes(storeId)) && providers.has(row.provider);
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

/** The development default: the sandbox provider serves every method except transfers, which need no gateway. */
export const SANDBOX_ROUTING: readonly RoutingRow[] = [
  { code: 'cc', provider: 'sandbox' },
  { code: 'paypal', provider: 'sandbox' },
  { code: 'bizum', provider: 'sandbox' },
  { code: 'multibanco', provider: 'sandbox' },
  { code: 'sibsmb', provider: 'sandbox' },
  { code: 'sibsmbway', provider: 'sandbox' },
  { code: 'bank', provider: 'transfer' },
];

/** Each store's offer: STORE_PAYMENT_METHODS when configured for it, else the default of its country. */
export function offeredMethods(
  configured: Readonly<Record<number, readonly PaymentMethodCode[]>>,
  storeCountry: (storeId: number) => string | undefined,
): (storeId: number) => readonly PaymentMethodCode[] {
  return (storeId) => configured[storeId] ?? defaultPaymentMethods(storeCountry(storeId) ?? '');
}
