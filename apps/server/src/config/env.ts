import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Typed configuration, parsed once at boot from the environment. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The embedded database and uploaded files live here. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Absolute base URL customers reach us at (payment providers redirect and notify here). */
  publicUrl: string;
  /** Base URL the payment providers' notifications are sent to (the sandbox posts here over HTTP). */
  notifyBaseUrl: string;
  /** Shared secret of the sandbox payment provider's signed notifications. */
  sandboxWebhookSecret: string;
  /** host name -> store id (besides the hosts in catalog/stores.json). */
  storeHosts: Record<string, number>;
  defaultStoreId: number;
  catalogDir: string;
  webDistDir: string;
  /** Seeds demo users (never in production). */
  seedDemoUsers: boolean;
  logLevel: string;
  trustProxy: boolean;
  cookieSecure: boolean;
  maxUploadBytes: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const REPO_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function secret(env: NodeJS.ProcessEnv, name: string, production: boolean): string {
  const value = env[name];
  if (value) {
    if (production && value.length < 32) throw new ConfigError(`${name} must be at least 32 characters in production`);
    return value;
  }
  // No working default in production: the server refuses to start.
  if (production) throw new ConfigError(`${name} is required in production`);
  return randomBytes(32).toString('hex');
}

function parseStoreHosts(raw: string | undefined): Record<string, number> {
  if (!raw) return {};
  const map: Record<string, number> = {};
  for (const pair of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [host, id] = pair.split('=');
    const storeId = Number(id);
    if (!host || !Number.isInteger(storeId) || storeId <= 0) {
      throw new ConfigError(`STORE_HOSTS entries look like "host=storeId", got "${pair}"`);
    }
    map[host.toLowerCase()] = storeId;
  }
  return map;
}

/** Reads and validates the configuration; throws ConfigError with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnvRaw = env.NODE_ENV ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnvRaw}"`);
  }
  const nodeEnv = nodeEnvRaw as AppConfig['nodeEnv'];
  const production = nodeEnv === 'production';
  const port = int(env, 'PORT', 3000, 0, 65535);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  if (!/^https?:\/\//.test(publicUrl)) throw new ConfigError('PUBLIC_URL must start with http:// or https://');
  return {
    nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(process.cwd(), 'data')),
    databaseUrl,
    publicUrl,
    notifyBaseUrl: (env.NOTIFY_BASE_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    sandboxWebhookSecret: secret(env, 'SANDBOX_WEBHOOK_SECRET', production),
    storeHosts: parseStoreHosts(env.STORE_HOSTS),
    defaultStoreId: int(env, 'DEFAULT_STORE_ID', 1, 1, 99),
    catalogDir: path.resolve(env.CATALOG_DIR ?? path.join(REPO_ROOT, 'catalog')),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist')),
    seedDemoUsers: !production && env.SEED_DEMO_USERS !== '0',
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    trustProxy: env.TRUST_PROXY === '1',
    cookieSecure: production || publicUrl.startsWith('https://'),
    maxUploadBytes: int(env, 'MAX_UPLOAD_BYTES', 10 * 1024 * 1024, 1024),
  };
}
