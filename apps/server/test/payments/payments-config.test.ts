import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { loadPaymentsConfig } from '../../src/config/payments-config.js';
import { staticRouting } from '../../src/modules/checkout/payment-routing.js';
import { withRoutingRules } from '../../src/modules/checkout/routing-rules.js';
import type { PaymentProvider } from '../../src/modules/payments/payment-provider.js';
import { REDSYS_TEST_ENV, STRIPE_TEST_ENV } from '../support/provider-fixtures.js';

const routing = (rules: unknown) => ({ PAYMENT_ROUTING: JSON.stringify(rules) });
const refused = (env: Record<string, string>) => {
  try {
    loadPaymentsConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('payment configuration', () => {
  it('defaults to the sandbox for everything, with no real provider', () => {
    expect(loadPaymentsConfig({})).toEqual({ routing: [] });
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toEqual({ routing: [] });
  });

  it('reads the secrets and the Redsys environment', () => {
    const config = loadPaymentsConfig({
      ...STRIPE_TEST_ENV,
      ...REDSYS_TEST_ENV,
      REDSYS_ENV: 'prod',
      REDSYS_SIGNATURE_VERSION: 'HMAC_SHA512_V2',
      REDSYS_ORDER_PREFIX: '7',
    });
    expect(config.stripe).toEqual({
      secretKey: STRIPE_TEST_ENV.STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET,
      apiBase: 'https://api.stripe.com',
    });
    expect(config.redsys).toMatchObject({
      merchantCode: '999008881',
      terminal: '1',
      env: 'prod',
      formUrl: 'https://sis.redsys.es/sis/realizarPago',
      signatureVersion: 'HMAC_SHA512_V2',
      orderPrefix: '7',
    });
    expect(loadPaymentsConfig(REDSYS_TEST_ENV).redsys).toMatchObject({
      env: 'test',
      formUrl: 'https://sis-t.redsys.es:25443/sis/realizarPago',
      signatureVersion: 'HMAC_SHA256_V1',
    });
  });

  it('reads routing rules inline or from a file', () => {
    const rules = [
      { method: 'cc', provider: 'redsys', countries: ['ES'] },
      { method: 'multibanco', provider: 'stripe', stores: [16] },
    ];
    expect(loadPaymentsConfig({ ...STRIPE_TEST_ENV, ...REDSYS_TEST_ENV, ...routing(rules) }).routing).toEqual(rules);
    const dir = mkdtempSync(path.join(tmpdir(), 'routing-'));
    const file = path.join(dir, 'payments.json');
    writeFileSync(file, JSON.stringify({ routing: rules }));
    expect(loadPaymentsConfig({ ...STRIPE_TEST_ENV, ...REDSYS_TEST_ENV, PAYMENT_ROUTING_FILE: file }).routing).toEqual(
      rules,
    );
  });

  it('refuses to start when the routing names a provider whose secrets are missing', () => {
    expect(refused(routing([{ method: 'cc', provider: 'stripe' }]))).toBe(
      'PAYMENT_ROUTING rule 1 sends "cc" to stripe, but STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set',
    );
    expect(
      refused({
        ...STRIPE_TEST_ENV,
        ...routing([
          { method: 'cc', provider: 'stripe' },
          { method: 'bizum', provider: 'redsys' },
        ]),
      }),
    ).toBe(
      'PAYMENT_ROUTING rule 2 sends "bizum" to redsys, but REDSYS_MERCHANT_CODE, REDSYS_TERMINAL and REDSYS_SECRET_KEY are not set',
    );
    // Through the app's configuration too: the server would not start.
    expect(() => loadConfig({ NODE_ENV: 'test', ...routing([{ method: 'cc', provider: 'redsys' }]) })).toThrow(
      /sends "cc" to redsys, but REDSYS_MERCHANT_CODE/,
    );
  });

  it('refuses half-configured providers and bad secrets', () => {
    expect(refused({ STRIPE_SECRET_KEY: STRIPE_TEST_ENV.STRIPE_SECRET_KEY })).toMatch(
      /both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(refused({ ...STRIPE_TEST_ENV, STRIPE_SECRET_KEY: 'pk_test_123' })).toMatch(
      /STRIPE_SECRET_KEY must be a Stripe secret/,
    );
    expect(refused({ ...STRIPE_TEST_ENV, STRIPE_WEBHOOK_SECRET: 'secret' })).toMatch(/whsec_/);
    expect(refused({ REDSYS_MERCHANT_CODE: '999008881' })).toBe(
      'Redsys needs REDSYS_MERCHANT_CODE, REDSYS_TERMINAL, REDSYS_SECRET_KEY; missing REDSYS_TERMINAL, REDSYS_SECRET_KEY',
    );
    expect(refused({ ...REDSYS_TEST_ENV, REDSYS_SECRET_KEY: 'short' })).toMatch(/REDSYS_SECRET_KEY must be the base64/);
    expect(refused({ ...REDSYS_TEST_ENV, REDSYS_ENV: 'live' })).toMatch(/REDSYS_ENV must be test or prod/);
    expect(refused({ ...REDSYS_TEST_ENV, REDSYS_MERCHANT_CODE: 'ABC' })).toMatch(/FUC/);
    expect(refused({ ...REDSYS_TEST_ENV, REDSYS_SIGNATURE_VERSION: 'HMAC_SHA1' })).toMatch(/REDSYS_SIGNATURE_VERSION/);
  });

  it('refuses rules a provider cannot serve, unknown names and malformed JSON', () => {
    expect(refused({ ...STRIPE_TEST_ENV, ...routing([{ method: 'bizum', provider: 'stripe' }]) })).toMatch(
      /stripe cannot serve "bizum"/,
    );
    expect(refused({ ...REDSYS_TEST_ENV, ...routing([{ method: 'multibanco', provider: 'redsys' }]) })).toMatch(
      /redsys cannot serve "multibanco"/,
    );
    expect(refused(routing([{ method: 'cash', provider: 'sandbox' }]))).toMatch(/PAYMENT_ROUTING must be a list/);
    expect(refused(routing([{ method: 'cc', provider: 'adyen' }]))).toMatch(/PAYMENT_ROUTING must be a list/);
    expect(refused(routing([{ method: 'cc', provider: 'sandbox', store: [1] }]))).toMatch(
      /PAYMENT_ROUTING must be a list/,
    );
    expect(refused({ PAYMENT_ROUTING: '[{' })).toMatch(/PAYMENT_ROUTING is not valid JSON/);
    expect(refused({ PAYMENT_ROUTING: '[]', PAYMENT_ROUTING_FILE: '/x' })).toMatch(/not both/);
    expect(refused({ PAYMENT_ROUTING_FILE: '/nonexistent/payments.json' })).toMatch(/cannot be read/);
  });
});

describe('routing rules over the shop routing', () => {
  const provider = (code: string) => ({ code }) as PaymentProvider;
  const providers = new Map([
    ['sandbox', provider('sandbox')],
    ['stripe', provider('stripe')],
    ['redsys', provider('redsys')],
  ]);
  const base = staticRouting(providers, [
    { code: 'cc', provider: 'sandbox' },
    { code: 'bizum', provider: 'sandbox' },
    { code: 'multibanco', provider: 'sandbox' },
  ]);
  const countries: Record<number, string> = { 1: 'ES', 9: 'ES', 16: 'PT' };
  const routed = withRoutingRules(
    base,
    [
      { method: 'cc', provider: 'stripe', stores: [9] },
      { method: 'cc', provider: 'redsys', countries: ['ES'] },
      { method: 'bizum', provider: 'redsys' },
      { method: 'multibanco', provider: 'stripe', countries: ['PT'] },
    ],
    providers,
    (id) => countries[id],
  );

  it('the first matching rule picks the provider; unmatched methods stay with the sandbox', () => {
    expect(routed.providerFor(1, 'cc')?.code).toBe('redsys');
    expect(routed.providerFor(9, 'cc')?.code).toBe('stripe');
    expect(routed.providerFor(16, 'cc')?.code).toBe('sandbox');
    expect(routed.providerFor(16, 'multibanco')?.code).toBe('stripe');
    expect(routed.providerFor(1, 'multibanco')?.code).toBe('sandbox');
    expect(routed.methodsFor(1)).toEqual([
      { code: 'cc', provider: 'redsys' },
      { code: 'bizum', provider: 'redsys' },
      { code: 'multibanco', provider: 'sandbox' },
    ]);
  });

  it('never offers a method the shop does not offer', () => {
    expect(routed.providerFor(1, 'paypal')).toBeUndefined();
    expect(routed.methodsFor(1).map((m) => m.code)).not.toContain('paypal');
  });

  it('without rules, the shop routing is unchanged', () => {
    expect(withRoutingRules(base, [], providers, (id) => countries[id])).toBe(base);
  });

  it('refuses stores the catalogue does not have', () => {
    expect(() =>
      withRoutingRules(
        base,
        [{ method: 'cc', provider: 'redsys', stores: [1, 404] }],
        providers,
        (id) => countries[id],
      ),
    ).toThrow('Payment routing rule 1 names stores the catalogue does not have: 404');
  });
});
