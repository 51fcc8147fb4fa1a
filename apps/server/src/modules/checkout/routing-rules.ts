import { ConfigError } from '../../config/config-error.js';
import type { PaymentRoutingRule } from '../../config/payments-config.js';
import type { PaymentProvider } from '../payments/index.js';
import type { PaymentRouting } from './checkout.service.js';

/**
 * Applies the configured routing rules (PAYMENT_ROUTING) over the shop's routing: the base decides which methods a
 * store offers and in which order; a rule only changes which provider serves a method (first matching rule wins).
 * Store ids in the rules are checked against the catalogue at boot.
 */
export function withRoutingRules(
  base: PaymentRouting,
  rules: readonly PaymentRoutingRule[],
  providers: ReadonlyMap<string, PaymentProvider>,
  storeCountry: (storeId: number) => string | undefined,
): PaymentRouting {
  if (rules.length === 0) return base;
  for (const [i, rule] of rules.entries()) {
    const unknown = (rule.stores ?? []).filter((id) => storeCountry(id) === undefined);
    if (unknown.length > 0)
      throw new ConfigError(
        `Payment routing rule ${i + 1} names stores the catalogue does not have: ${unknown.join(', ')}`,
      );
    if (!providers.has(rule.provider))
      throw new ConfigError(`Payment routing rule ${i + 1} names provider ${rule.provider}, which is not configured`);
  }
  const ruleFor = (storeId: number, method: string) => {
    const country = storeCountry(storeId);
    return rules.find(
      (r) =>
        r.method === method &&
        (!r.stores || r.stores.includes(storeId)) &&
        (!r.countries || (country !== undefined && r.countries.includes(country))),
    );
  };
  return {
    ...base,
    methodsFor: (storeId) =>
      base.methodsFor(storeId).map((m) => {
        const rule = ruleFor(storeId, m.code);
        return rule ? { ...m, provider: rule.provider } : m;
      }),
    providerFor: (storeId, method) => {
      const offered = base.providerFor(storeId, method);
      if (!offered) return undefined;
      const rule = ruleFor(storeId, method);
      return rule ? providers.get(rule.provider) : offered;
    },
  };
}

/**
 * Production must never take money through the sandbox: refuses the boot when any store still offers a method the
 * sandbox serves (the default for every method PAYMENT_ROUTING does not send to a real provider).
 */
export function refuseSandboxRouting(routing: PaymentRouting, storeIds: readonly number[]): void {
  const onSandbox = storeIds.flatMap((storeId) =>
    routing
      .methodsFor(storeId)
      .filter((m) => m.provider === 'sandbox')
      .map((m) => `${m.code} in store ${storeId}`),
  );
  if (onSandbox.length === 0) return;
  const shown = onSandbox.slice(0, 8).join(', ') + (onSandbox.length > 8 ? ` and ${onSandbox.length - 8} more` : '');
  throw new ConfigError(
    `NODE_ENV=production but the sandbox provider would take real payments (${shown}): route every offered method ` +
      'to a real provider with PAYMENT_ROUTING (Stripe, Redsys) or remove it from the offer with STORE_PAYMENT_METHODS',
  );
}
