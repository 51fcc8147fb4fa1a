import { readFileSync } from 'node:fs';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { PAYMENT_METHOD_CODES, type PaymentMethodCode } from '@ventanilla/domain';
import type { RedsysSignatureVersion } from '../modules/payments/index.js';
import { ConfigError } from './config-error.js';
import { envEnum, envPattern, envText, parseEnv } from './env-schema.js';

/** The payment providers the shop can talk to. */
export const PROVIDER_CODES = ['sandbox', 'stripe', 'redsys'] as const;
export type ProviderCode = (typeof PROVIDER_CODES)[number];

/**
 * What each provider can serve. Stripe: card (3-D Secure on its hosted page), PayPal, Multibanco (also for the
 * spec's `sibsmb`), MB WAY, and SEPA Direct Debit for `bank`; Redsys: card and Bizum; the sandbox: everything.
 */
export const PROVIDER_METHODS: Record<ProviderCode, readonly PaymentMethodCode[]> = {
  sandbox: PAYMENT_METHOD_CODES,
  stripe: ['cc', 'paypal', 'multibanco', 'sibsmb', 'sibsmbway', 'bank'],
  redsys: ['cc', 'bizum'],
};

const RuleSchema = Type.Object(
  {
    method: Type.Union(PAYMENT_METHOD_CODES.map((c) => Type.Literal(c))),
    provider: Type.Union(PROVIDER_CODES.map((c) => Type.Literal(c))),
    /** Only in these stores (by id) ... */
    stores: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1 })),
    /** ... or only in the stores of these countries (ISO 3166 alpha-2). */
    countries: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), { minItems: 1 })),
  },
  { additionalProperties: false },
);

const RoutingSchema = Type.Array(RuleSchema);

/** "This method, in these stores, is served by this provider." The first matching rule wins. */
export interface PaymentRoutingRule {
  method: PaymentMethodCode;
  provider: ProviderCode;
  stores?: number[];
  countries?: string[];
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com unless pointed elsewhere (a mock in a staging network). */
  apiBase: string;
}

export type RedsysEnvironment = 'test' | 'prod';

export const REDSYS_FORM_URLS: Record<RedsysEnvironment, string> = {
  test: 'https://sis-t.redsys.es:25443/sis/realizarPago',
  prod: 'https://sis.redsys.es/sis/realizarPago',
};

export interface RedsysConfig {
  merchantCode: string;
  terminal: string;
  secretKey: string;
  env: RedsysEnvironment;
  signatureVersion: RedsysSignatureVersion;
  /** Digits put before the payment id in Ds_Order, so environments that share a terminal never reuse an order. */
  orderPrefix: string;
  formUrl: string;
}

export interface PaymentsConfig {
  /** Empty: every method is served by the sandbox (the development default). */
  routing: PaymentRoutingRule[];
  /** Present when its secrets are set, whether or not the routing names it (payments in flight keep verifying). */
  stripe?: StripeConfig;
  redsys?: RedsysConfig;
}

/** The payment variables (docs/payments-providers.md): what each must look like; which go together is checked below. */
const PaymentsEnvSchema = Type.Object({
  PAYMENT_ROUTING: Type.Optional(envText()),
  PAYMENT_ROUTING_FILE: Type.Optional(envText()),
  STRIPE_SECRET_KEY: Type.Optional(
    envPattern(
      /^(sk|rk)_(test|live)_\S+$/,
      'must be a Stripe secret or restricted key (sk_live_..., sk_test_..., rk_...)',
      {
        echo: false,
      },
    ),
  ),
  STRIPE_WEBHOOK_SECRET: Type.Optional(
    envPattern(/^whsec_\S+$/, "must be the webhook endpoint's signing secret (whsec_...)", { echo: false }),
  ),
  STRIPE_API_BASE: Type.Optional(envPattern(/^https?:\/\//, 'must be an http(s) URL', { echo: false })),
  REDSYS_MERCHANT_CODE: Type.Optional(envPattern(/^\d{1,9}$/, 'must be the FUC: up to 9 digits', { echo: false })),
  REDSYS_TERMINAL: Type.Optional(envPattern(/^\d{1,3}$/, 'must be 1 to 3 digits', { echo: false })),
  // The 3DES key of HMAC_SHA256_V1 is the base64 key decoded: 24 bytes, i.e. 32 base64 characters (also fine for V2).
  REDSYS_SECRET_KEY: Type.Optional(
    envPattern(/^[A-Za-z0-9+/]{32}$/, 'must be the base64 SHA-256 key from the Redsys admin portal (32 characters)', {
      echo: false,
    }),
  ),
  REDSYS_ENV: envEnum(['test', 'prod'], 'test'),
  REDSYS_SIGNATURE_VERSION: envEnum(['HMAC_SHA256_V1', 'HMAC_SHA512_V2'], 'HMAC_SHA256_V1'),
  REDSYS_ORDER_PREFIX: Type.Optional(envPattern(/^\d{0,4}$/, 'must be 0 to 4 digits', { echo: false })),
});

type PaymentsEnv = Static<typeof PaymentsEnvSchema>;

function readRouting(env: PaymentsEnv): { rules: PaymentRoutingRule[]; source: string } {
  const inline = env.PAYMENT_ROUTING;
  const file = env.PAYMENT_ROUTING_FILE;
  if (inline && file) throw new ConfigError('Set PAYMENT_ROUTING or PAYMENT_ROUTING_FILE, not both');
  let text: string;
  let source: string;
  if (inline) {
    text = inline;
    source = 'PAYMENT_ROUTING';
  } else if (file) {
    source = `PAYMENT_ROUTING_FILE (${file})`;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new ConfigError(`${source} cannot be read: ${(err as Error).message}`);
    }
  } else {
    return { rules: [], source: 'default' };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`${source} is not valid JSON: ${(err as Error).message}`);
  }
  // The file form may wrap the rules: { "routing": [...] }.
  if (data && typeof data === 'object' && !Array.isArray(data) && 'routing' in data)
    data = (data as { routing: unknown }).routing;
  if (!Value.Check(RoutingSchema, data)) {
    const problems = [...Value.Errors(RoutingSchema, data)]
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new ConfigError(
      `${source} must be a list of {"method", "provider", "stores"?, "countries"?}: ${problems.join('; ')}`,
    );
  }
  return { rules: data as PaymentRoutingRule[], source };
}

function readStripe(env: PaymentsEnv): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey || !webhookSecret) {
    throw new ConfigError('Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (set both or neither)');
  }
  const apiBase = (env.STRIPE_API_BASE ?? 'https://api.stripe.com').replace(/\/$/, '');
  return { secretKey, webhookSecret, apiBase };
}

function readRedsys(env: PaymentsEnv): RedsysConfig | undefined {
  const names = ['REDSYS_MERCHANT_CODE', 'REDSYS_TERMINAL', 'REDSYS_SECRET_KEY'] as const;
  const present = names.filter((n) => env[n]);
  if (present.length === 0) return undefined;
  if (present.length < names.length) {
    const missing = names.filter((n) => !env[n]);
    throw new ConfigError(`Redsys needs ${names.join(', ')}; missing ${missing.join(', ')}`);
  }
  return {
    merchantCode: env.REDSYS_MERCHANT_CODE!,
    terminal: env.REDSYS_TERMINAL!,
    secretKey: env.REDSYS_SECRET_KEY!,
    env: env.REDSYS_ENV,
    signatureVersion: env.REDSYS_SIGNATURE_VERSION,
    orderPrefix: env.REDSYS_ORDER_PREFIX ?? '',
    formUrl: REDSYS_FORM_URLS[env.REDSYS_ENV],
  };
}

/**
 * Reads the payment configuration: which provider serves which method in which store (PAYMENT_ROUTING as JSON,
 * or PAYMENT_ROUTING_FILE), and the providers' secrets. Refuses a routing that names a provider whose secrets are
 * missing or a method the provider cannot serve.
 */
export function loadPaymentsConfig(processEnv: NodeJS.ProcessEnv): PaymentsConfig {
  const env = parseEnv(PaymentsEnvSchema, processEnv);
  const { rules, source } = readRouting(env);
  const stripe = readStripe(env);
  const redsys = readRedsys(env);
  const secretsOf: Record<ProviderCode, { present: boolean; names: string }> = {
    sandbox: { present: true, names: '' },
    stripe: { present: stripe !== undefined, names: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET' },
    redsys: { present: redsys !== undefined, names: 'REDSYS_MERCHANT_CODE, REDSYS_TERMINAL and REDSYS_SECRET_KEY' },
  };
  for (const [i, rule] of rules.entries()) {
    const provider = rule.provider as ProviderCode;
    if (!secretsOf[provider].present) {
      throw new ConfigError(
        `${source} rule ${i + 1} sends "${rule.method}" to ${provider}, but ${secretsOf[provider].names} are not set`,
      );
    }
    if (!PROVIDER_METHODS[provider].includes(rule.method)) {
      throw new ConfigError(
        `${source} rule ${i + 1}: ${provider} cannot serve "${rule.method}" (it serves ${PROVIDER_METHODS[provider].join(', ')})`,
      );
    }
    if (rule.stores && rule.countries)
      throw new ConfigError(`${source} rule ${i + 1}: give "stores" or "countries", not both`);
  }
  return { routing: rules, ...(stripe ? { stripe } : {}), ...(redsys ? { redsys } : {}) };
}
