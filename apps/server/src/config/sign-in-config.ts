import { Type } from 'typebox';
import { ROLES, type Role } from '@ventanilla/domain';
import { ConfigError } from './config-error.js';
import { envInt, envPattern, envText, parseEnv } from './env-schema.js';

// Sign-in options besides the password (docs/integrations.md, "Sign-in"; docs/decisions/0018-sign-in-options.md).

/** One OpenID provider, for customers or for staff. */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back (must be registered at the provider). */
  redirectUri: string;
  /** The provider's name on the sign-in button ("Google", "Microsoft"...). */
  name: string;
}

export interface StaffOidcConfig extends OidcProviderConfig {
  /** The ID token / userinfo claim that lists the person's groups. */
  groupsClaim: string;
  /** provider group -> role; the first group of the person that is mapped decides (admin before agent before notary). */
  roleByGroup: Record<string, Exclude<Role, 'customer'>>;
}

export interface SignInConfig {
  /** How long a remembered device stays signed in without being used (customers); 0 turns remember-me off. */
  rememberDays: number;
  customerOidc: OidcProviderConfig | null;
  staffOidc: StaffOidcConfig | null;
  /** http:// issuers are accepted (a local provider in development and tests); never in production. */
  oidcAllowHttp: boolean;
  /** OAuth 1.0a consumers: key -> secret. Empty: /oauth/* refuse every request. */
  oauthConsumers: Record<string, string>;
}

const URL_RULE = /^https?:\/\/[^\s]+$/;

const SignInEnv = Type.Object({
  REMEMBER_ME_DAYS: envInt(30, 0, 365),
  OIDC_CUSTOMER_ISSUER: Type.Optional(envPattern(URL_RULE, 'must be an http(s) URL')),
  OIDC_CUSTOMER_CLIENT_ID: Type.Optional(envText()),
  OIDC_CUSTOMER_CLIENT_SECRET: Type.Optional(envText()),
  OIDC_CUSTOMER_REDIRECT_URI: Type.Optional(envPattern(URL_RULE, 'must be an http(s) URL')),
  OIDC_CUSTOMER_NAME: Type.Optional(envText()),
  OIDC_STAFF_ISSUER: Type.Optional(envPattern(URL_RULE, 'must be an http(s) URL')),
  OIDC_STAFF_CLIENT_ID: Type.Optional(envText()),
  OIDC_STAFF_CLIENT_SECRET: Type.Optional(envText()),
  OIDC_STAFF_REDIRECT_URI: Type.Optional(envPattern(URL_RULE, 'must be an http(s) URL')),
  OIDC_STAFF_NAME: Type.Optional(envText()),
  OIDC_STAFF_GROUPS_CLAIM: Type.Optional(envPattern(/^[A-Za-z0-9_:./-]{1,100}$/, 'must be a claim name')),
  OIDC_STAFF_ROLE_MAP: Type.Optional(envText()),
  OAUTH1_CONSUMERS: Type.Optional(envText()),
});

const STAFF_ROLES = ROLES.filter((r): r is Exclude<Role, 'customer'> => r !== 'customer');

function parseRoleMap(raw: string | undefined): StaffOidcConfig['roleByGroup'] {
  const map: StaffOidcConfig['roleByGroup'] = {};
  for (const entry of (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const eq = entry.lastIndexOf('=');
    const group = entry.slice(0, eq).trim();
    const role = entry.slice(eq + 1).trim();
    if (eq <= 0 || !(STAFF_ROLES as readonly string[]).includes(role)) {
      throw new ConfigError(
        `OIDC_STAFF_ROLE_MAP entries look like "ventanilla-admins=admin" (admin, agent or notary), got "${entry}"`,
      );
    }
    map[group] = role as Exclude<Role, 'customer'>;
  }
  return map;
}

function parseConsumers(raw: string | undefined, production: boolean): Record<string, string> {
  const consumers: Record<string, string> = {};
  for (const entry of (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    const key = entry.slice(0, colon);
    const secret = entry.slice(colon + 1);
    if (colon <= 0 || !/^[\x21-\x7e]{1,100}$/.test(key) || secret.length === 0) {
      throw new ConfigError('OAUTH1_CONSUMERS entries look like "consumer-key:consumer-secret", separated by commas');
    }
    if (production && secret.length < 32)
      throw new ConfigError('OAUTH1_CONSUMERS secrets must be at least 32 characters in production');
    consumers[key] = secret;
  }
  return consumers;
}

function provider(
  prefix: 'OIDC_CUSTOMER' | 'OIDC_STAFF',
  values: { issuer?: string; clientId?: string; clientSecret?: string; redirectUri?: string; name?: string },
  defaultRedirect: string,
): OidcProviderConfig | null {
  const { issuer, clientId, clientSecret } = values;
  if (!issuer && !clientId && !clientSecret) return null;
  if (!issuer || !clientId || !clientSecret) {
    throw new ConfigError(`${prefix}_ISSUER, ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET go together`);
  }
  return {
    issuer,
    clientId,
    clientSecret,
    redirectUri: values.redirectUri ?? defaultRedirect,
    name: values.name ?? 'OpenID',
  };
}

/** Reads the sign-in variables; `publicUrl` gives the default redirect URIs. */
export function loadSignInConfig(processEnv: NodeJS.ProcessEnv, publicUrl: string, production: boolean): SignInConfig {
  const env = parseEnv(SignInEnv, processEnv);
  const customerOidc = provider(
    'OIDC_CUSTOMER',
    {
      issuer: env.OIDC_CUSTOMER_ISSUER,
      clientId: env.OIDC_CUSTOMER_CLIENT_ID,
      clientSecret: env.OIDC_CUSTOMER_CLIENT_SECRET,
      redirectUri: env.OIDC_CUSTOMER_REDIRECT_URI,
      name: env.OIDC_CUSTOMER_NAME,
    },
    `${publicUrl}/api/auth/oidc/customer/callback`,
  );
  const staff = provider(
    'OIDC_STAFF',
    {
      issuer: env.OIDC_STAFF_ISSUER,
      clientId: env.OIDC_STAFF_CLIENT_ID,
      clientSecret: env.OIDC_STAFF_CLIENT_SECRET,
      redirectUri: env.OIDC_STAFF_REDIRECT_URI,
      name: env.OIDC_STAFF_NAME,
    },
    `${publicUrl}/api/auth/oidc/staff/callback`,
  );
  const roleByGroup = parseRoleMap(env.OIDC_STAFF_ROLE_MAP);
  if (staff && Object.keys(roleByGroup).length === 0) {
    throw new ConfigError('OIDC_STAFF_ROLE_MAP is required with OIDC_STAFF_ISSUER (no mapped group, no staff sign-in)');
  }
  return {
    rememberDays: env.REMEMBER_ME_DAYS,
    customerOidc,
    staffOidc: staff ? { ...staff, groupsClaim: env.OIDC_STAFF_GROUPS_CLAIM ?? 'groups', roleByGroup } : null,
    oidcAllowHttp: !production,
    oauthConsumers: parseConsumers(env.OAUTH1_CONSUMERS, production),
  };
}
