import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type, type Static } from 'typebox';
import webpush from 'web-push';
import { ConfigError } from './config-error.js';
import { envEnum, envInt, envPattern, envText, parseEnv } from './env-schema.js';
import { loadCompanyReportsConfig, type CompanyReportsConfig } from './company-reports-config.js';
import { loadPaymentsConfig, type PaymentsConfig } from './payments-config.js';
import { loadAssistantConfig, type AssistantConfig } from './assistant-config.js';
import { loadSignInConfig, type SignInConfig } from './sign-in-config.js';
import { isPaymentMethodCode, validateEmail, validateIban, type PaymentMethodCode } from '@ventanilla/domain';

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
  /**
   * Where page requests are redirected before any form is shown (docs/operations.md, "Canonical host"): store-host
   * sends each store's pages to its first host (https), public-url to PUBLIC_URL, off leaves them. Payment providers
   * return to the same origin, so the session cookie and the pages' `form-action 'self'` hold through 3-D Secure.
   */
  canonicalHost: 'store-host' | 'public-url' | 'off';
  defaultStoreId: number;
  catalogDir: string;
  webDistDir: string;
  /** The web app's server render module (built by apps/web's `vite build --config vite.ssr.config.ts`). */
  webSsrEntry: string;
  /** Seeds demo users (never in production). */
  seedDemoUsers: boolean;
  /** Seeds the demo orders of a living back office on a new database (development only; docs/operations.md). */
  seedDemoOrders: boolean;
  logLevel: string;
  trustProxy: boolean;
  cookieSecure: boolean;
  maxUploadBytes: number;
  // --- Shop flows (docs/shop-flows.md) ---
  /** The spec: the last nota simple form may be reused within this many seconds; -1 means always, 0 never. */
  notaSimpleReuseSeconds: number;
  // --- Wizard uploads (docs/uploads.md) ---
  /** Uploads never attached to an order are deleted this long after they were made. */
  uploadRetentionHours: number;
  /** Most uploads one session, or one IP, may make in an hour. */
  uploadsPerHour: number;
  /** Transactional email: transport, senders per store, links, retries (docs/email.md). */
  mail: MailConfig;
  /** Payment providers (Stripe, Redsys secrets) and which one serves which method in which store. */
  payments: PaymentsConfig;
  // --- Payment methods ---
  /** store id -> the payment methods it offers, in display order (others: by country, see defaultPaymentMethods). */
  storePaymentMethods: Record<number, PaymentMethodCode[]>;
  /** The account customers pay bank transfers into (IBAN checked at boot). */
  bankTransfer: { iban: string; holder: string; bank: string };
  /** Sandbox provider: how long an MB WAY request waits for approval in the app, and a Multibanco reference lives. */
  sandboxMbWayTimeoutS: number;
  sandboxMultibancoExpiryHours: number;
  // --- Invoicing (docs/invoicing.md) ---
  /** Who issues each store's invoices and in which series (placeholder legal data until filled in). */
  legalEntitiesFile: string;
  /** Which AEAT host the Veri*Factu QR points at: production (www2.agenciatributaria.gob.es) or test (prewww2.aeat.es). */
  verifactuEnvironment: 'production' | 'test';
  /** Portuguese documents (docs/operations.md): the signing key (PEM file), the AT certificate number, and whether a
   * series without an AT validation code may issue (outside production only, with a placeholder ATCUD). */
  ptSigning: { keyFile: string | null; certificateNumber: string; production: boolean };
  /** Sending the Veri*Factu records to the AEAT (docs/invoicing.md, "Sending records to the AEAT"). */
  verifactuSubmission: VerifactuSubmissionConfig;
  // --- Tickets (docs/backoffice.md, "Tickets") ---
  /** Customers' mail coming in: the SMTP receiver, the provider webhook, the contact form. */
  inboundMail: InboundMailConfig;
  // --- Several instances (docs/decisions/0017-job-queue-and-file-storage.md) ---
  /** Where documents are stored: a local directory (shared disk for several instances) or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Background jobs (pg-boss in the database): whether this instance works them, and how often it looks. */
  jobs: JobsConfig;
  /**
   * The back office: a tab left in the background (another tab shown, or the browser's tab hidden) gives its order's
   * lock back after this many seconds (BACKOFFICE_BACKGROUND_LOCK_SECONDS, 10-3600, default 120; docs/backoffice.md).
   */
  backoffice: { backgroundLockSeconds: number };
  /**
   * Pay links of orders created by agents (payment/order/{order_id}#k=...): the HMAC-SHA256 secret they are signed
   * with (PAY_LINK_SECRET: required in production, at least 32 characters; random per boot elsewhere) and how many
   * days a link works (PAY_LINK_TTL_DAYS).
   */
  payLinks: { secret: string; ttlDays: number };
  /**
   * Web push (docs/pwa.md, "Web push"): the VAPID key pair that signs pushes (VAPID_PUBLIC_KEY and
   * VAPID_PRIVATE_KEY, base64url, from `npx web-push generate-vapid-keys`; required in production, a new pair per
   * start elsewhere, so subscriptions of an earlier development run stop receiving) and the contact (VAPID_SUBJECT).
   */
  push: { publicKey: string; privateKey: string; subject: string; generated: boolean };
  /** Company reports by CIF: the adapter (sandbox by default) and the lookups' rate limit (docs/integrations.md). */
  companyReports: CompanyReportsConfig;
  /** The document assistant's model (ASSISTANT_* variables; docs/integrations.md). */
  assistant: AssistantConfig;
  // --- Lookups (docs/integrations.md) ---
  /** Cadastral reference lookup and geocoding: which adapter answers (offline by default) and how to reach it. */
  lookups: LookupsConfig;
  /** Remember-me, OpenID Connect for customers and staff, OAuth 1.0a consumers (sign-in-config.ts). */
  signIn: SignInConfig;
}

/** The lookups' adapters (docs/integrations.md): offline data sets unless a real service is configured. */
export interface LookupsConfig {
  /** CADASTRE_PROVIDER: `offline` (catalog/lookups data set) or `catastro` (the Catastro's public web services). */
  cadastre: 'offline' | 'catastro';
  /** CATASTRO_URL: base of the Catastro's OVC services (tests point it at a local server). */
  catastroUrl: string;
  /** GEOCODER: `offline` (municipality centroids of catalog/geo) or `nominatim` (a Nominatim-compatible service). */
  geocoder: 'offline' | 'nominatim';
  /** NOMINATIM_URL: the Nominatim-compatible service (required with GEOCODER=nominatim). */
  nominatimUrl: string | null;
  /** LOOKUP_TIMEOUT_MS: how long a call to an outside service may take before the lookup says it is unavailable. */
  timeoutMs: number;
  /** LOOKUPS_PER_MINUTE: requests to each public lookup route one address (IP) may make per minute. */
  perMinute: number;
  /**
   * LOOKUP_UPSTREAM_PER_MINUTE: calls this instance makes to each outside service per minute, all customers together
   * (the Catastro is reported to deny an address for hours past about 3,600 an hour); past it, lookups answer 503.
   */
  upstreamPerMinute: number;
  /** The User-Agent sent to outside services (Nominatim's usage policy asks for one that names the application). */
  userAgent: string;
}

/** An S3-compatible bucket (S3_* variables). */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, R2, s3rver in tests); AWS when unset. */
  endpoint: string | undefined;
  /** Bucket in the path (http://host/bucket/key), which most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Prepended to every key ("ventanilla/"), so one bucket can hold other things too. */
  prefix: string;
  /** Both or neither; neither: the SDK's default chain (environment, instance role, ~/.aws). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

export type StorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageConfig);

export interface JobsConfig {
  /** Work the queues here (JOB_WORKERS=0: this instance only enqueues; another one sends e-mails and sweeps). */
  workers: boolean;
  pollSeconds: number;
}

/** Inbound mail (docs/backoffice.md, "Tickets"). */
export interface InboundMailConfig {
  /**
   * The SMTP receiver's port: SMTP_INBOUND_PORT, 2525 by default outside production, "off" for none (the default in
   * production); 0 takes any free port (tests).
   */
  smtpPort: number | null;
  smtpHost: string;
  /** Mail to any address of these domains is accepted; others are refused with 550. */
  domains: string[];
  /** Largest message accepted (SMTP SIZE, webhook body). */
  maxBytes: number;
  /** HMAC-SHA256 secret of POST /api/inbound/mail; null: the route answers 503. */
  webhookSecret: string | null;
  /** Contact form messages per hour from one address (IP). */
  contactPerHour: number;
  /** Largest file kept from an incoming message (larger ones are dropped and the ticket says so). */
  attachmentMaxBytes: number;
  /** Messages an hour the SMTP receiver takes from one connecting IP, and from one sender address (then 4xx). */
  smtpPerIpPerHour: number;
  smtpPerSenderPerHour: number;
}

// Defined in its own module so the payments configuration can throw it too.
export { ConfigError };

const REPO_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

/**
 * Every variable the server reads (docs/operations.md), with its default and what it must be. The payment
 * providers' variables are in payments-config.ts.
 */
const EnvSchema = Type.Object({
  NODE_ENV: envEnum(['development', 'production', 'test'], 'development'),
  PORT: envInt(3000, 0, 65535),
  HOST: Type.Optional(envText()),
  DATA_DIR: Type.Optional(envText()),
  EMBEDDED_DATABASE: Type.Optional(envEnum(['postgres'])),
  DATABASE_URL: Type.Optional(
    envPattern(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL', { echo: false }),
  ),
  PUBLIC_URL: Type.Optional(envPattern(/^https?:\/\//, 'must start with http:// or https://', { echo: false })),
  NOTIFY_BASE_URL: Type.Optional(envText()),
  SANDBOX_WEBHOOK_SECRET: Type.Optional(envText()),
  STORE_HOSTS: Type.Optional(envText()),
  CANONICAL_HOST: Type.Optional(envEnum(['store-host', 'public-url', 'off'])),
  DEFAULT_STORE_ID: envInt(1, 1, 99),
  CATALOG_DIR: Type.Optional(envText()),
  WEB_DIST_DIR: Type.Optional(envText()),
  WEB_SSR_ENTRY: Type.Optional(envText()),
  SEED_DEMO_USERS: Type.Optional(envText()),
  SEED_DEMO_ORDERS: Type.Optional(envEnum(['0', '1'])),
  LOG_LEVEL: Type.Optional(envText()),
  TRUST_PROXY: Type.Optional(envText()),
  MAX_UPLOAD_BYTES: envInt(10 * 1024 * 1024, 1024),
  NOTA_SIMPLE_REUSE_SECONDS: envInt(7 * 24 * 3600, -1),
  UPLOAD_RETENTION_HOURS: envInt(14 * 24, 1),
  UPLOADS_PER_HOUR: envInt(40, 1),
  STORE_PAYMENT_METHODS: Type.Optional(envText()),
  BANK_TRANSFER_IBAN: Type.Optional(envText()),
  BANK_TRANSFER_HOLDER: Type.Optional(envText()),
  BANK_TRANSFER_BANK: Type.Optional(envText()),
  SANDBOX_MBWAY_TIMEOUT_S: envInt(240, 1, 86_400),
  SANDBOX_MULTIBANCO_EXPIRY_HOURS: envInt(72, 1, 24 * 60),
  LEGAL_ENTITIES_FILE: Type.Optional(envText()),
  VERIFACTU_ENV: Type.Optional(envEnum(['production', 'test'])),
  PT_SIGNING_KEY_FILE: Type.Optional(envText()),
  PT_CERTIFICATE_NUMBER: Type.Optional(envPattern(/^\d{1,6}$/, 'must be the AT certificate number (digits)')),
  VERIFACTU_SUBMITTER: Type.Optional(envEnum(['log', 'aeat'])),
  VERIFACTU_ENDPOINT: Type.Optional(envPattern(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')),
  VERIFACTU_CERT_FILE: Type.Optional(envText()),
  VERIFACTU_KEY_FILE: Type.Optional(envText()),
  VERIFACTU_CERT_PASSWORD: Type.Optional(envText()),
  VERIFACTU_CA_FILE: Type.Optional(envText()),
  // Email (docs/email.md)
  MAIL_TRANSPORT: Type.Optional(envEnum(['smtp', 'mailbox'])),
  SMTP_URL: Type.Optional(envPattern(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL', { echo: false })),
  SMTP_HOST: Type.Optional(envText()),
  SMTP_PORT: envInt(587, 1, 65535),
  SMTP_SECURE: Type.Optional(envText()),
  SMTP_USER: Type.Optional(envText()),
  SMTP_PASS: Type.Optional(envText()),
  // A plain address (validateEmail), checked with MAIL_FROM_STORES when the mail configuration is read.
  MAIL_FROM: Type.Optional(envText()),
  MAIL_FROM_STORES: Type.Optional(envText()),
  MAIL_LINKS: Type.Optional(envEnum(['public-url', 'store-host'])),
  MAIL_MAX_ATTEMPTS: envInt(10, 1, 100),
  MAIL_RETRY_BASE_MS: envInt(30_000, 1),
  MAIL_RETRY_MAX_MS: envInt(6 * 60 * 60 * 1000, 1),
  MAIL_POLL_MS: envInt(2000, 50),
  SMTP_INBOUND_PORT: Type.Optional(envPattern(/^(\d{1,5}|off)$/, 'must be a port number (0-65535) or "off"')),
  SMTP_INBOUND_HOST: Type.Optional(envText()),
  INBOUND_MAIL_DOMAINS: Type.Optional(envText()),
  INBOUND_MAIL_MAX_BYTES: envInt(25 * 1024 * 1024, 1024, 100 * 1024 * 1024),
  INBOUND_WEBHOOK_SECRET: Type.Optional(envText()),
  CONTACT_FORM_PER_HOUR: envInt(10, 1, 10_000),
  INBOUND_ATTACHMENT_MAX_BYTES: envInt(20 * 1024 * 1024, 1024, 100 * 1024 * 1024),
  INBOUND_SMTP_PER_IP_PER_HOUR: envInt(120, 1, 1_000_000),
  INBOUND_SMTP_PER_SENDER_PER_HOUR: envInt(30, 1, 1_000_000),
  // --- Several instances (docs/operations.md, "Several instances") ---
  FILE_STORAGE: Type.Optional(envEnum(['local', 's3'])),
  FILES_DIR: Type.Optional(envText()),
  S3_BUCKET: Type.Optional(envPattern(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')),
  S3_REGION: Type.Optional(envText()),
  S3_ENDPOINT: Type.Optional(envPattern(/^https?:\/\//, 'must start with http:// or https://')),
  S3_FORCE_PATH_STYLE: Type.Optional(envEnum(['0', '1'])),
  S3_PREFIX: Type.Optional(envPattern(/^([A-Za-z0-9][A-Za-z0-9._-]*\/)*$/, 'must be empty or end with "/"')),
  S3_ACCESS_KEY_ID: Type.Optional(envText()),
  S3_SECRET_ACCESS_KEY: Type.Optional(envText()),
  JOB_WORKERS: Type.Optional(envEnum(['0', '1'])),
  JOB_POLL_SECONDS: envInt(2, 1, 60),
  BACKOFFICE_BACKGROUND_LOCK_SECONDS: envInt(120, 10, 3600),
  PAY_LINK_SECRET: Type.Optional(envText()),
  PAY_LINK_TTL_DAYS: envInt(14, 1, 90),
  // --- Lookups (docs/integrations.md) ---
  CADASTRE_PROVIDER: envEnum(['offline', 'catastro'], 'offline'),
  CATASTRO_URL: Type.Optional(envPattern(/^https?:\/\//, 'must start with http:// or https://')),
  GEOCODER: envEnum(['offline', 'nominatim'], 'offline'),
  NOMINATIM_URL: Type.Optional(envPattern(/^https?:\/\//, 'must start with http:// or https://')),
  LOOKUP_TIMEOUT_MS: envInt(8000, 100, 60_000),
  LOOKUPS_PER_MINUTE: envInt(60, 1, 100_000),
  LOOKUP_UPSTREAM_PER_MINUTE: envInt(50, 1, 100_000),
  VAPID_PUBLIC_KEY: Type.Optional(envPattern(/^[A-Za-z0-9_-]{80,90}$/, 'must be a base64url P-256 public key')),
  VAPID_PRIVATE_KEY: Type.Optional(envPattern(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key')),
  VAPID_SUBJECT: Type.Optional(envPattern(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')),
});

/** The environment as parsed: every variable typed, defaults filled in. */
export type Env = Static<typeof EnvSchema>;

function secret(name: string, value: string | undefined, production: boolean): string {
  if (value) {
    if (production && value.length < 32) throw new ConfigError(`${name} must be at least 32 characters in production`);
    return value;
  }
  // No working default in production: the server refuses to start.
  if (production) throw new ConfigError(`${name} is required in production`);
  return randomBytes(32).toString('hex');
}

function vapidKeys(env: Env, production: boolean): AppConfig['push'] {
  const subject = env.VAPID_SUBJECT ?? `mailto:${env.MAIL_FROM ?? 'no-reply@ventanilla.test'}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject, generated: false };
  }
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  }
  if (production) throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production');
  return { ...webpush.generateVAPIDKeys(), subject, generated: true };
}

function parseStorePaymentMethods(raw: string | undefined): Record<number, PaymentMethodCode[]> {
  const map: Record<number, PaymentMethodCode[]> = {};
  if (!raw) return map;
  // "1=cc,bizum,paypal,bank;16=cc,multibanco,sibsmbway,sibsmb"
  for (const entry of raw
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [id, list] = entry.split('=');
    const storeId = Number(id);
    const codes = (list ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    const unknown = codes.filter((c) => !isPaymentMethodCode(c));
    if (!Number.isInteger(storeId) || storeId <= 0 || codes.length === 0 || unknown.length > 0) {
      throw new ConfigError(`STORE_PAYMENT_METHODS entries look like "16=cc,multibanco,sibsmbway", got "${entry}"`);
    }
    map[storeId] = codes as PaymentMethodCode[];
  }
  return map;
}

function parseStoreHosts(raw: string | undefined): Record<string, number> {
  if (!raw) return {};
  const map: Record<string, number> = {};
  for (const pair of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [host, id] = pair.split('=');
    const storeId = Number(id);
    if (!host || !Number.isInteger(storeId) || storeId <= 0) {
      throw new ConfigError(`STORE_HOSTS entries look like "host=storeId", got "${pair}"`);
    }
    map[host.toLowerCase()] = storeId;
  }
  return map;
}

function bankTransferAccount(env: Env): AppConfig['bankTransfer'] {
  // The default is a demo account (a valid IBAN of the reference's published CCC), not a real one.
  const iban = validateIban(env.BANK_TRANSFER_IBAN ?? 'ES91 2100 0418 4502 0005 1332');
  if (!iban.ok) throw new ConfigError(`BANK_TRANSFER_IBAN is not a valid IBAN (${iban.reason})`);
  return {
    iban: iban.normalised,
    holder: env.BANK_TRANSFER_HOLDER ?? 'Ventanilla Servicios Registrales S.L.',
    bank: env.BANK_TRANSFER_BANK ?? 'CaixaBank',
  };
}

/** Email settings (docs/email.md, docs/operations.md). */
export interface MailConfig {
  /** smtp: nodemailer over SMTP; mailbox: kept in the database and DATA_DIR/mailbox (the development default). */
  transport: 'smtp' | 'mailbox';
  /** nodemailer SMTP options (SMTP_URL, or SMTP_HOST/PORT/USER/PASS/SECURE); null with the mailbox transport. */
  smtp: { url: string } | { host: string; port: number; secure: boolean; user?: string; pass?: string } | null;
  /** Sender address of every store without its own (MAIL_FROM); the display name is the store's brand. */
  from: string;
  /** store id -> sender address (MAIL_FROM_STORES="16=noreply@balcao.example,17=noreply@ventanilla.example"). */
  fromByStore: Record<number, string>;
  /** Links in emails: PUBLIC_URL with ?store=N, or https://<the store's first host>. */
  links: 'public-url' | 'store-host';
  /** Delivery attempts before a message is marked failed, and the first retry delay (doubled each time). */
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often the dispatcher looks for due messages. */
  pollMs: number;
}

function parseMailConfig(env: Env, production: boolean): MailConfig {
  const smtpUrl = env.SMTP_URL;
  const smtpHost = env.SMTP_HOST;
  const transport = env.MAIL_TRANSPORT ?? (smtpUrl || smtpHost ? 'smtp' : 'mailbox');
  let smtp: MailConfig['smtp'] = null;
  if (transport === 'smtp') {
    if (smtpUrl) smtp = { url: smtpUrl };
    else if (smtpHost) {
      const port = env.SMTP_PORT;
      smtp = {
        host: smtpHost,
        port,
        secure: env.SMTP_SECURE ? env.SMTP_SECURE === '1' || env.SMTP_SECURE === 'true' : port === 465,
        ...(env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : {}),
      };
    } else throw new ConfigError('MAIL_TRANSPORT=smtp needs SMTP_URL or SMTP_HOST');
  }
  if (env.MAIL_FROM !== undefined && !validateEmail(env.MAIL_FROM).ok) {
    throw new ConfigError(`MAIL_FROM must be a plain address like no-reply@example.com, got "${env.MAIL_FROM}"`);
  }
  const fromByStore: Record<number, string> = {};
  for (const pair of (env.MAIL_FROM_STORES ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [id, address] = pair.split('=').map((p) => p.trim());
    const storeId = Number(id);
    if (!Number.isInteger(storeId) || storeId <= 0 || !address || !validateEmail(address).ok) {
      throw new ConfigError(`MAIL_FROM_STORES entries look like "16=noreply@example.pt", got "${pair}"`);
    }
    fromByStore[storeId] = address;
  }
  return {
    transport,
    smtp,
    from: env.MAIL_FROM ?? 'no-reply@ventanilla.test',
    fromByStore,
    links: env.MAIL_LINKS ?? (production ? 'store-host' : 'public-url'),
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
    retryBaseMs: env.MAIL_RETRY_BASE_MS,
    retryMaxMs: env.MAIL_RETRY_MAX_MS,
    pollMs: env.MAIL_POLL_MS,
  };
}

/** Reads and validates the configuration; throws ConfigError with a readable message. */
export function loadConfig(processEnv: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseEnv(EnvSchema, processEnv);
  const nodeEnv = env.NODE_ENV;
  const production = nodeEnv === 'production';
  const port = env.PORT;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(process.cwd(), 'data')),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    notifyBaseUrl: (env.NOTIFY_BASE_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    sandboxWebhookSecret: secret('SANDBOX_WEBHOOK_SECRET', env.SANDBOX_WEBHOOK_SECRET, production),
    storeHosts: parseStoreHosts(env.STORE_HOSTS),
    // Development redirects only to a PUBLIC_URL someone set: without one, a colleague opening the app by this
    // machine's address must not be sent to their own localhost.
    canonicalHost:
      env.CANONICAL_HOST ??
      (production ? 'store-host' : nodeEnv === 'development' && env.PUBLIC_URL ? 'public-url' : 'off'),
    defaultStoreId: env.DEFAULT_STORE_ID,
    catalogDir: path.resolve(env.CATALOG_DIR ?? path.join(REPO_ROOT, 'catalog')),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist')),
    webSsrEntry: path.resolve(env.WEB_SSR_ENTRY ?? path.join(REPO_ROOT, 'apps/web/dist-ssr/entry-server.js')),
    seedDemoUsers: !production && env.SEED_DEMO_USERS !== '0',
    // Demo orders need the demo staff; on by default in development only, and never in production whatever is set.
    seedDemoOrders:
      !production &&
      env.SEED_DEMO_USERS !== '0' &&
      (env.SEED_DEMO_ORDERS ?? (nodeEnv === 'development' ? '1' : '0')) === '1',
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    trustProxy: env.TRUST_PROXY === '1',
    cookieSecure: production || publicUrl.startsWith('https://'),
    maxUploadBytes: env.MAX_UPLOAD_BYTES,
    notaSimpleReuseSeconds: env.NOTA_SIMPLE_REUSE_SECONDS,
    uploadRetentionHours: env.UPLOAD_RETENTION_HOURS,
    uploadsPerHour: env.UPLOADS_PER_HOUR,
    mail: parseMailConfig(env, production),
    payments: loadPaymentsConfig(processEnv),
    storePaymentMethods: parseStorePaymentMethods(env.STORE_PAYMENT_METHODS),
    bankTransfer: bankTransferAccount(env),
    sandboxMbWayTimeoutS: env.SANDBOX_MBWAY_TIMEOUT_S,
    sandboxMultibancoExpiryHours: env.SANDBOX_MULTIBANCO_EXPIRY_HOURS,
    legalEntitiesFile: path.resolve(env.LEGAL_ENTITIES_FILE ?? path.join(REPO_ROOT, 'catalog/legal-entities.json')),
    verifactuEnvironment: env.VERIFACTU_ENV ?? (production ? 'production' : 'test'),
    ptSigning: {
      keyFile: env.PT_SIGNING_KEY_FILE ? path.resolve(env.PT_SIGNING_KEY_FILE) : null,
      certificateNumber: env.PT_CERTIFICATE_NUMBER ?? '0000',
      production,
    },
    verifactuSubmission: parseVerifactuSubmission(env, production),
    inboundMail: parseInboundMail(env, production),
    storage: parseStorage(env, path.resolve(env.DATA_DIR ?? path.join(process.cwd(), 'data'))),
    backoffice: { backgroundLockSeconds: env.BACKOFFICE_BACKGROUND_LOCK_SECONDS },
    jobs: { workers: (env.JOB_WORKERS ?? (nodeEnv === 'test' ? '0' : '1')) === '1', pollSeconds: env.JOB_POLL_SECONDS },
    payLinks: { secret: secret('PAY_LINK_SECRET', env.PAY_LINK_SECRET, production), ttlDays: env.PAY_LINK_TTL_DAYS },
    push: vapidKeys(env, production),
    companyReports: loadCompanyReportsConfig(processEnv),
    assistant: loadAssistantConfig(processEnv),
    lookups: parseLookups(env, publicUrl),
    signIn: loadSignInConfig(processEnv, publicUrl, production),
  };
}

function parseLookups(env: Env, publicUrl: string): LookupsConfig {
  if (env.GEOCODER === 'nominatim' && !env.NOMINATIM_URL)
    throw new ConfigError('NOMINATIM_URL is required when GEOCODER=nominatim');
  return {
    cadastre: env.CADASTRE_PROVIDER,
    catastroUrl: (env.CATASTRO_URL ?? 'https://ovc.catastro.meh.es').replace(/\/$/, ''),
    geocoder: env.GEOCODER,
    nominatimUrl: env.NOMINATIM_URL?.replace(/\/$/, '') ?? null,
    timeoutMs: env.LOOKUP_TIMEOUT_MS,
    perMinute: env.LOOKUPS_PER_MINUTE,
    upstreamPerMinute: env.LOOKUP_UPSTREAM_PER_MINUTE,
    userAgent: `Ventanilla/1.0 (+${publicUrl})`,
  };
}

function parseStorage(env: Env, dataDir: string): StorageConfig {
  if ((env.FILE_STORAGE ?? 'local') === 'local') {
    return { kind: 'local', dir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')) };
  }
  if (!env.S3_BUCKET) throw new ConfigError('S3_BUCKET is required when FILE_STORAGE=s3');
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the AWS default chain)');
  }
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    // S3-compatible servers usually want the bucket in the path; AWS itself prefers virtual hosts.
    forcePathStyle: (env.S3_FORCE_PATH_STYLE ?? (env.S3_ENDPOINT ? '1' : '0')) === '1',
    prefix: env.S3_PREFIX ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

/** The AEAT's Veri*Factu SOAP service (certificate of a person or company; "sello" certificates use www10/prewww10). */
export const VERIFACTU_SOAP_ENDPOINTS = {
  production: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  test: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
} as const;

export type VerifactuSubmissionConfig =
  | { submitter: 'log' }
  | {
      submitter: 'aeat';
      endpoint: string;
      /** PKCS#12 (.p12/.pfx) or PEM certificate of the company; absent only for a plain http:// test double. */
      certFile?: string;
      /** The PEM private key, when certFile is a PEM certificate without its key. */
      keyFile?: string;
      certPassword?: string;
      /** Extra CA certificates to trust (PEM), for a test double with its own CA. */
      caFile?: string;
    };

export function parseVerifactuSubmission(env: Env, production: boolean): VerifactuSubmissionConfig {
  if ((env.VERIFACTU_SUBMITTER ?? 'log') === 'log') return { submitter: 'log' };
  const environment = env.VERIFACTU_ENV ?? (production ? 'production' : 'test');
  const endpoint = env.VERIFACTU_ENDPOINT ?? VERIFACTU_SOAP_ENDPOINTS[environment];
  const plain = endpoint.startsWith('http://');
  if (plain && production) throw new ConfigError('VERIFACTU_ENDPOINT must be https:// in production');
  if (!plain && !env.VERIFACTU_CERT_FILE) {
    throw new ConfigError('VERIFACTU_CERT_FILE (PKCS#12 or PEM) is required when VERIFACTU_SUBMITTER=aeat');
  }
  const file = (value: string | undefined) => (value ? path.resolve(value) : undefined);
  return {
    submitter: 'aeat',
    endpoint,
    ...(env.VERIFACTU_CERT_FILE ? { certFile: file(env.VERIFACTU_CERT_FILE) } : {}),
    ...(env.VERIFACTU_KEY_FILE ? { keyFile: file(env.VERIFACTU_KEY_FILE) } : {}),
    ...(env.VERIFACTU_CERT_PASSWORD ? { certPassword: env.VERIFACTU_CERT_PASSWORD } : {}),
    ...(env.VERIFACTU_CA_FILE ? { caFile: file(env.VERIFACTU_CA_FILE) } : {}),
  };
}

function inboundPort(raw: string | undefined, production: boolean): number | null {
  if (raw === undefined) return production ? null : 2525;
  if (raw === 'off') return null;
  const port = Number(raw);
  if (port > 65535) throw new ConfigError(`SMTP_INBOUND_PORT must be a port number (0-65535) or "off", got "${raw}"`);
  return port;
}

function parseInboundMail(env: Env, production: boolean): InboundMailConfig {
  // The shop's own domains by default: those it sends from (MAIL_FROM, MAIL_FROM_STORES).
  const senders = [env.MAIL_FROM ?? 'no-reply@ventanilla.test', ...(env.MAIL_FROM_STORES ?? '').split(',')];
  const fromDomains = senders.map((a) => a.split('@')[1]?.trim().toLowerCase()).filter((d): d is string => !!d);
  const listed = (env.INBOUND_MAIL_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  for (const domain of listed) {
    if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain)) {
      throw new ConfigError(`INBOUND_MAIL_DOMAINS lists domains like "ventanilla.es", got "${domain}"`);
    }
  }
  const secret = env.INBOUND_WEBHOOK_SECRET ?? null;
  if (secret !== null && production && secret.length < 32) {
    throw new ConfigError('INBOUND_WEBHOOK_SECRET must be at least 32 characters in production');
  }
  return {
    smtpPort: inboundPort(env.SMTP_INBOUND_PORT, production),
    smtpHost: env.SMTP_INBOUND_HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    domains: [...new Set(listed.length > 0 ? listed : fromDomains)],
    maxBytes: env.INBOUND_MAIL_MAX_BYTES,
    webhookSecret: secret,
    contactPerHour: env.CONTACT_FORM_PER_HOUR,
    attachmentMaxBytes: env.INBOUND_ATTACHMENT_MAX_BYTES,
    smtpPerIpPerHour: env.INBOUND_SMTP_PER_IP_PER_HOUR,
    smtpPerSenderPerHour: env.INBOUND_SMTP_PER_SENDER_PER_HOUR,
  };
}
