import { Type } from 'typebox';
import { ConfigError } from './config-error.js';
import { envEnum, envInt, envPattern, envText, parseEnv } from './env-schema.js';

/** Company reports by CIF (docs/integrations.md, "Company reports"). */
export interface CompanyReportsConfig {
  /** sandbox (made-up deterministic reports, the default) or provider (a credit bureau's API). */
  adapter: 'sandbox' | 'provider';
  provider: { baseUrl: string; apiKey: string; timeoutMs: number; name: string } | null;
  /** Lookups one staff account may make in an hour (each may cost money at the provider). */
  lookupsPerHour: number;
}

const Schema = Type.Object({
  COMPANY_REPORTS_ADAPTER: Type.Optional(envEnum(['sandbox', 'provider'])),
  COMPANY_REPORTS_API_URL: Type.Optional(envPattern(/^https?:\/\//, 'must start with http:// or https://')),
  COMPANY_REPORTS_API_KEY: Type.Optional(envText()),
  COMPANY_REPORTS_PROVIDER_NAME: Type.Optional(envText()),
  COMPANY_REPORTS_TIMEOUT_MS: envInt(15_000, 100, 120_000),
  COMPANY_REPORTS_LOOKUPS_PER_HOUR: envInt(60, 1, 100_000),
});

export function loadCompanyReportsConfig(processEnv: NodeJS.ProcessEnv): CompanyReportsConfig {
  const env = parseEnv(Schema, processEnv);
  const adapter = env.COMPANY_REPORTS_ADAPTER ?? 'sandbox';
  if (adapter === 'sandbox') return { adapter, provider: null, lookupsPerHour: env.COMPANY_REPORTS_LOOKUPS_PER_HOUR };
  if (!env.COMPANY_REPORTS_API_URL || !env.COMPANY_REPORTS_API_KEY) {
    throw new ConfigError(
      'COMPANY_REPORTS_API_URL and COMPANY_REPORTS_API_KEY are required when COMPANY_REPORTS_ADAPTER=provider',
    );
  }
  return {
    adapter,
    provider: {
      baseUrl: env.COMPANY_REPORTS_API_URL,
      apiKey: env.COMPANY_REPORTS_API_KEY,
      timeoutMs: env.COMPANY_REPORTS_TIMEOUT_MS,
      name: env.COMPANY_REPORTS_PROVIDER_NAME ?? 'Proveedor de informes',
    },
    lookupsPerHour: env.COMPANY_REPORTS_LOOKUPS_PER_HOUR,
  };
}
