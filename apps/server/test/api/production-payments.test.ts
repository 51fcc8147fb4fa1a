import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

// Regression: with NODE_ENV=production and no real provider routed, the sandbox took (pretend) payments and its
// hosted pages were served.
const PRODUCTION = {
  NODE_ENV: 'production',
  SANDBOX_WEBHOOK_SECRET: 'x'.repeat(40),
  PAY_LINK_SECRET: 'p'.repeat(40),
  // A test-only VAPID pair (production requires one).
  VAPID_PUBLIC_KEY: 'BKT-swmapHzG6ZmVS7GGEt2mfxLwfszQD0LNw8liU-xjlUQJnMmYCFulUTIC0oNnV8XOmBX3OJ8lNlwqJ-tf50w',
  VAPID_PRIVATE_KEY: 'bJaHU3SLg7JudKL1RG9lvKaFuUNu4PKjiB4m6-hc688',
  PUBLIC_URL: 'https://shop.test',
  // Injected over http under any host: the canonical-host redirect (canonical-host.test.ts) would answer first.
  CANONICAL_HOST: 'off',
  LOG_LEVEL: 'silent',
  // Real-looking company data: production refuses the shipped placeholder entities (legal-entities.test.ts).
  LEGAL_ENTITIES_FILE: new URL('../fixtures/legal-entities-real.json', import.meta.url).pathname,
};
const REAL_PROVIDERS = {
  STRIPE_SECRET_KEY: 'sk_test_production_check',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_check',
  REDSYS_MERCHANT_CODE: '999008881',
  REDSYS_TERMINAL: '1',
  REDSYS_SECRET_KEY: Buffer.alloc(24, 7).toString('base64'),
  PAYMENT_ROUTING: JSON.stringify([
    { method: 'cc', provider: 'redsys' },
    { method: 'bizum', provider: 'redsys' },
    { method: 'paypal', provider: 'stripe' },
    { method: 'multibanco', provider: 'stripe' },
    { method: 'sibsmb', provider: 'stripe' },
    { method: 'sibsmbway', provider: 'stripe' },
  ]),
};

let db: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ventanilla-prod-'));
});
afterAll(async () => {
  await db?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

const build = (env: Record<string, string>) =>
  buildApp({
    config: loadConfig({ ...PRODUCTION, DATA_DIR: dataDir, ...env }),
    database: db.handle,
    logger: false,
    startJobWorkers: false,
  });

describe('production never pays through the sandbox', () => {
  it('refuses to start while a method is left on the sandbox, naming it', async () => {
    await expect(build({})).rejects.toThrow(ConfigError);
    await expect(build({})).rejects.toThrow(/sandbox provider would take real payments \(cc in store 1/);
    // One method forgotten in the routing is enough.
    const routing = JSON.parse(REAL_PROVIDERS.PAYMENT_ROUTING) as Array<{ method: string }>;
    const withoutBizum = JSON.stringify(routing.filter((r) => r.method !== 'bizum'));
    await expect(build({ ...REAL_PROVIDERS, PAYMENT_ROUTING: withoutBizum })).rejects.toThrow(/bizum in store 1\b/);
    // A rule sending a method to the sandbox explicitly is refused the same way.
    const toSandbox = JSON.stringify([{ method: 'paypal', provider: 'sandbox' }, ...routing]);
    await expect(build({ ...REAL_PROVIDERS, PAYMENT_ROUTING: toSandbox })).rejects.toThrow(/paypal in store 1\b/);
  });

  it('starts with every method on a real provider, and serves no sandbox page', async () => {
    const app = await build(REAL_PROVIDERS);
    try {
      expect((await app.inject({ method: 'GET', url: '/sandbox-pay/assets/sandbox.css' })).statusCode).toBe(404);
      for (const url of ['/sandbox-pay/multibanco', '/sandbox-pay/mbway', '/sandbox-pay/checkout/abc']) {
        // Unknown page paths get the web app's 404 page (or a 404 when it is not built), never a sandbox page.
        const res = await app.inject({ method: 'GET', url });
        expect(res.body, url).not.toContain('/sandbox-pay/assets/sandbox.css');
      }
      const post = await app.inject({ method: 'POST', url: '/sandbox-pay/multibanco', payload: { action: 'pay' } });
      expect(post.statusCode).toBe(404);
      for (const store of app.ctx.catalog.listStores()) {
        expect(app.ctx.routing.methodsFor(store.storeId).map((m) => m.provider)).not.toContain('sandbox');
      }
    } finally {
      await app.close();
    }
  });
});
