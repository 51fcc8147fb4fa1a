import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp } from '../../src/app.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/connection.js';
import { loadConfig } from '../../src/config/env.js';
import type { NotificationSender } from '../../src/modules/payments/sandbox/sandbox-gateway.js';
import type { FetchFn } from '../../src/modules/payments/stripe/stripe-client.js';
import { expect } from 'vitest';
import { seedsLikeTemplate, TEMPLATE_ENV } from './template-databases.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  /** Webhook deliveries the sandbox made, in order (body and whether we acknowledged it). */
  deliveries: Array<{ url: string; body: string; status: number }>;
  /** Connection string of its database (PostgreSQL mode only). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database (embedded in memory, or a new PostgreSQL database when TEST_DATABASE_URL is set).
 * The sandbox provider's webhooks are delivered in-process through app.inject, as HTTP would deliver them.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    deliverWebhooks?: boolean;
    /** Awaited before each webhook is delivered: a test holds the provider's notifications until it is ready. */
    webhookGate?: () => Promise<void>;
    paymentFetch?: FetchFn;
    logger?: object;
    onRoute?: (route: RouteOptions) => void;
    /** The app's clock (lock leases); the real one by default. */
    now?: () => Date;
    /** Puts something between the app and its database (SwitchableDatabase: an outage on demand). */
    database?: (handle: DatabaseHandle) => DatabaseHandle;
    /** Another instance on that app's database (PostgreSQL only): its own pool; the database stays with the first. */
    sameDatabaseAs?: TestApp;
    /** Where the sandbox's webhooks go: this app by default, another instance when given. */
    webhookTarget?: () => FastifyInstance;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ventanilla-test-'));
  const config = loadConfig({ ...TEMPLATE_ENV, DATA_DIR: dataDir, ...options.env });
  // A copy of the run's seeded template when this app seeds the same data at boot (its boot then finds it there).
  const template = seedsLikeTemplate(config, loadConfig({ ...TEMPLATE_ENV, DATA_DIR: dataDir }))
    ? 'seeded'
    : 'migrated';
  const testDb = options.sameDatabaseAs
    ? await existingDatabase(options.sameDatabaseAs)
    : await createTestDatabase({ template });
  const deliveries: TestApp['deliveries'] = [];
  const ref: { app?: FastifyInstance } = {};
  const sender: NotificationSender = async (url, body, headers) => {
    if (options.deliverWebhooks === false || !ref.app) return false;
    await options.webhookGate?.();
    const target = options.webhookTarget?.() ?? ref.app;
    const res = await target.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers });
    deliveries.push({ url, body, status: res.statusCode });
    return res.statusCode >= 200 && res.statusCode < 300;
  };
  const app = await buildApp({
    config,
    database: options.database ? options.database(testDb.handle) : testDb.handle,
    notificationSender: sender,
    logger: options.logger ?? false,
    paymentFetch: options.paymentFetch,
    onRoute: options.onRoute,
    now: options.now,
  });
  ref.app = app;
  return {
    app,
    deliveries,
    ...(testDb.url ? { databaseUrl: testDb.url } : {}),
    async close() {
      await app.close();
      await testDb.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function existingDatabase(other: TestApp): Promise<TestDatabase> {
  if (!other.databaseUrl) throw new Error('a second instance needs PostgreSQL (TEST_DATABASE_URL)');
  const handle = await openDatabase({ databaseUrl: other.databaseUrl, dataDir: 'memory://', poolSize: 3 });
  return { handle, url: other.databaseUrl, dispose: () => handle.close() };
}

/** A browser-like client: keeps the session cookie and sends the CSRF token on state-changing requests. */
export class TestClient {
  private cookie: string | undefined;
  csrf: string | undefined;
  /** Other cookies this browser keeps (by name), sent with every request; `keep` names those it stores when set. */
  readonly jar: Record<string, string> = {};
  keep: string[] = [];

  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    const cookies = [this.cookie, ...Object.entries(this.jar).map(([name, value]) => `${name}=${value}`)];
    if (cookies.some(Boolean)) headers.cookie = cookies.filter(Boolean).join('; ');
    const method = (options.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && this.csrf && headers['x-csrf-token'] === undefined) headers['x-csrf-token'] = this.csrf;
    const res = await this.app.inject({ ...options, headers });
    const set = res.cookies.find((c) => c.name === 'vt_sid');
    if (set) this.cookie = set.value ? `vt_sid=${set.value}` : undefined;
    for (const kept of res.cookies.filter((c) => this.keep.includes(c.name))) {
      if (kept.value) this.jar[kept.name] = kept.value;
      else delete this.jar[kept.name];
    }
    return res;
  }

  /** The Cookie header this client sends (its session), for a request made outside it. */
  get cookieHeader(): string | undefined {
    return this.cookie;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }

  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }

  /** Opens the session (optionally choosing a store) and keeps its CSRF token. */
  async start(store?: number) {
    const res = await this.get(store ? `/api/session?store=${store}` : '/api/session');
    this.csrf = res.json<{ csrf_token: string }>().csrf_token;
    return res;
  }

  async login(email: string, password: string) {
    if (!this.csrf) await this.start();
    const res = await this.post('/api/auth/login', { email, password });
    await this.start();
    return res;
  }

  async register(email: string, password = 'correct-horse-battery', names = { firstname: 'Lucía', lastname: 'Pérez' }) {
    if (!this.csrf) await this.start();
    const res = await this.post('/api/auth/register', { email, password, ...names });
    await this.start();
    return res;
  }
}

/** The seeded demo staff accounts, as [e-mail, password]. */
export const AGENT = ['agente@ventanilla.test', 'agente-demo-2026'] as const;
export const ADMIN = ['admin@ventanilla.test', 'admin-demo-2026'] as const;
export const NOTARY = ['notario@ventanilla.test', 'notario-demo-2026'] as const;

/** A new client signed in as `[email, password]` (in `store` when given); the sign-in must succeed. */
export async function signedIn(
  app: FastifyInstance,
  [email, password]: readonly [string, string],
  store?: number,
): Promise<TestClient> {
  const client = new TestClient(app);
  if (store) await client.start(store);
  expect((await client.login(email, password)).statusCode).toBe(200);
  return client;
}

/** The nota simple answers of the walking skeleton (Madrid; urgent when asked). */
export function notaSimpleAnswers(urgent = false) {
  return {
    '78': '5028',
    '79': '28005',
    '80': 'Calle Mayor 1, 2º B',
    '77': 'Juan Español',
    '411': urgent ? '3782' : '3781',
  };
}

/** A new customer's card order of one nota simple, placed and waiting at the sandbox provider's page. */
export async function placedCardOrder(app: FastifyInstance, email: string) {
  const c = new TestClient(app);
  await c.start(1);
  await c.register(email);
  const add = await c.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() });
  if (add.statusCode !== 201) throw new Error(`add to cart: ${add.statusCode} ${add.body}`);
  const checkout = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
  if (checkout.statusCode !== 201) throw new Error(`checkout: ${checkout.statusCode} ${checkout.body}`);
  return { c, ...checkout.json<{ order_id: number; redirect_url: string }>() };
}
