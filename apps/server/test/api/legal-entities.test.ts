import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { legalEntities } from '../../src/db/schema.js';
import {
  ADMIN,
  AGENT,
  createTestApp,
  placedCardOrder,
  signedIn,
  type TestApp,
  TestClient,
} from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

// The legal entities' one source (docs/legal-entities.md): the public seller of each store, the admins'
// edits with their history, validation and abuse, the refresh of another instance's edit, and production's refusal
// of the shipped placeholder data. Runs on the embedded database, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let admin: TestClient;
let agent: TestClient;
let customer: TestClient;
let anonymous: TestClient;
const BASE = '/api/backoffice/legal-entities';

const patch = (client: TestClient, id: string, payload: unknown) =>
  client.request({ method: 'PATCH', url: `${BASE}/${id}`, payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  customer = new TestClient(t.app);
  await customer.start(1);
  expect((await customer.register('legal-entities-customer@example.com')).statusCode).toBe(201);
  admin = await signedIn(t.app, ADMIN);
  agent = await signedIn(t.app, AGENT);
  anonymous = new TestClient(t.app);
  await anonymous.start(1);
});
afterAll(async () => t?.close());

describe("a store's seller", () => {
  it('is the entity of the store, seeded from catalog/legal-entities.json', async () => {
    const es = await anonymous.get('/api/stores/1/seller');
    expect(es.statusCode).toBe(200);
    expect(es.json()).toMatchObject({ entity_id: 'es', tax_id: 'B12345674', country: 'ES' });
    expect(es.json().phone).not.toBe('');
    expect(es.json().privacy_email).toMatch(/@/);
    expect((await anonymous.get('/api/stores/16/seller')).json()).toMatchObject({ entity_id: 'pt', country: 'PT' });
    expect((await anonymous.get('/api/stores/17/seller')).json()).toMatchObject({ entity_id: 'ie', country: 'IE' });
  });

  it('is on the cart answer (the checkout\'s "who sells" line)', async () => {
    const pt = new TestClient(t.app);
    await pt.start(16);
    const cart = (await pt.get('/api/cart')).json();
    expect(cart.store_id).toBe(16);
    const seller = (await anonymous.get('/api/stores/16/seller')).json();
    expect(cart.seller).toEqual({ legal_name: seller.legal_name, tax_id: seller.tax_id, address: seller.address });
    expect((await customer.get('/api/cart')).json().seller.tax_id).toBe('B12345674');
  });

  it("is in every e-mail's footer (the brand of the store's e-mails)", async () => {
    const seller = (await anonymous.get('/api/stores/17/seller')).json();
    expect(t.app.ctx.email.brand(17).seller).toMatchObject({
      legal_name: seller.legal_name,
      tax_id: seller.tax_id,
      address: seller.address,
    });
  });

  it("is who the sandbox provider's hosted page says is paid", async () => {
    const { redirect_url } = await placedCardOrder(t.app, 'legal-entities-payer@example.com');
    const page = await t.app.inject({ method: 'GET', url: new URL(redirect_url, 'http://x').pathname });
    expect(page.statusCode).toBe(200);
    const seller = (await anonymous.get('/api/stores/1/seller')).json();
    expect(page.body).toContain(`Pago a ${seller.legal_name}`);
  });

  it('answers 404 for a store that does not exist', async () => {
    expect((await anonymous.get('/api/stores/98/seller')).statusCode).toBe(404);
  });
});

describe('who may see and edit the entities', () => {
  it('admins only: agents 403, customers 403, nobody signed in 401', async () => {
    expect((await admin.get(BASE)).statusCode).toBe(200);
    expect((await agent.get(BASE)).statusCode).toBe(403);
    expect((await customer.get(BASE)).statusCode).toBe(403);
    expect((await anonymous.get(BASE)).statusCode).toBe(401);
    for (const client of [agent, customer]) {
      expect((await patch(client, 'es', { phone: '+34 912 345 678' })).statusCode).toBe(403);
      expect((await client.get(`${BASE}/es/history`)).statusCode).toBe(403);
    }
    expect((await patch(anonymous, 'es', { phone: '+34 912 345 678' })).statusCode).toBe(401);
  });

  it('lists every entity with its stores and the fields still carrying placeholder data', async () => {
    const items = (await admin.get(BASE)).json().items as Array<{
      entity_id: string;
      stores: number[];
      placeholder_fields: string[];
    }>;
    expect(items.map((i) => i.entity_id).sort()).toEqual(['es', 'ie', 'pt', 'uk']);
    expect(items.find((i) => i.entity_id === 'pt')?.stores).toEqual(expect.arrayContaining([16, 26, 28]));
    expect(items.find((i) => i.entity_id === 'ie')?.placeholder_fields).toEqual(
      expect.arrayContaining(['legal_name', 'tax_id', 'registry_note']),
    );
  });
});

describe("an admin's edit", () => {
  it('shows at once in the seller, the invoices’ issuer, and in the history (who, when, old → new)', async () => {
    const before = (await anonymous.get('/api/stores/16/seller')).json();
    const res = await patch(admin, 'pt', {
      legal_name: '  Exemplo   Real, Lda. ',
      tax_id: '508123453',
      phone: '213 456 789',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      legal_name: 'Exemplo Real, Lda.',
      tax_id: 'PT508123453',
      phone: '+351213456789',
    });
    expect(res.json().placeholder_fields).not.toContain('legal_name');
    const seller = (await anonymous.get('/api/stores/26/seller')).json();
    expect(seller).toMatchObject({ legal_name: 'Exemplo Real, Lda.', tax_id: 'PT508123453' });
    expect(t.app.ctx.legalEntities.forStore(28).entity.legal_name).toBe('Exemplo Real, Lda.');
    const history = (await admin.get(`${BASE}/pt/history`)).json().items;
    expect(history[0]).toMatchObject({ user_name: expect.any(String) as string });
    expect(history[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'legal_name', old: before.legal_name, new: 'Exemplo Real, Lda.' },
        { field: 'tax_id', old: before.tax_id, new: 'PT508123453' },
      ]),
    );
    expect(Date.now() - Date.parse(history[0].changed_at)).toBeLessThan(24 * 3600 * 1000);
    // The same values again change nothing and write no history.
    await patch(admin, 'pt', { legal_name: 'Exemplo Real, Lda.' });
    expect((await admin.get(`${BASE}/pt/history`)).json().items).toHaveLength(history.length);
  });

  it("checks the tax id by the entity's country, the e-mails and the phone", async () => {
    const refused = async (id: string, body: object, field: string) => {
      const res = await patch(admin, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields.map((f: { field: string }) => f.field)).toContain(field);
    };
    await refused('es', { tax_id: 'B12345670' }, 'tax_id'); // wrong control digit
    await refused('pt', { tax_id: '508123450' }, 'tax_id');
    await refused('ie', { tax_id: 'IE1234567X' }, 'tax_id');
    await refused('uk', { tax_id: 'GB12' }, 'tax_id');
    await refused('es', { email: 'not-an-address' }, 'email');
    await refused('es', { privacy_email: 'a@b' }, 'privacy_email');
    await refused('es', { phone: '12345' }, 'phone');
    await refused('es', { legal_name: '   ' }, 'legal_name');
    // A valid Spanish tax id written with the ES prefix is kept without it (it is IDEmisorFactura).
    const ok = await patch(admin, 'es', { tax_id: 'esB12345674' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().tax_id).toBe('B12345674');
    // A new Spanish tax id gets its Veri*Factu chain head at once (the next invoice links to it).
    const changed = await patch(admin, 'es', { tax_id: 'B86670460' });
    expect(changed.statusCode, changed.body).toBe(200);
    const heads = await t.app.ctx.database.pool.query('select issuer_tax_id from verifactu_chains');
    expect(heads.rows.map((r: { issuer_tax_id: string }) => r.issuer_tax_id)).toContain('B86670460');
    expect((await patch(admin, 'es', { tax_id: 'B12345674' })).statusCode).toBe(200);
  });

  it('refuses NUL bytes, control characters, huge strings, unknown fields and an empty edit; 404 for an unknown id', async () => {
    const nul = await patch(admin, 'es', { address: 'Calle\u0000Mayor 1' });
    expect(nul.statusCode).toBe(400);
    expect((await patch(admin, 'es', { address: 'Calle\u001bMayor 1' })).statusCode).toBe(400);
    const huge = await patch(admin, 'es', { registry_note: 'x'.repeat(5_000) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().fields[0].field).toBe('registry_note');
    expect((await patch(admin, 'es', { registry_note: 'x'.repeat(50_000) })).statusCode).toBe(400);
    expect((await patch(admin, 'es', { country: 'PT' })).statusCode).toBe(400);
    expect((await patch(admin, 'es', { verifactu: false })).statusCode).toBe(400);
    expect((await patch(admin, 'es', {})).statusCode).toBe(400);
    expect((await patch(admin, 'zz', { phone: '+34 912 345 678' })).statusCode).toBe(404);
    expect((await admin.get(`${BASE}/zz/history`)).statusCode).toBe(404);
    expect((await patch(admin, '..%2Fes', { phone: '+34 912 345 678' })).statusCode).toBe(400);
    // Nothing of it was written.
    expect((await anonymous.get('/api/stores/1/seller')).json().address).toBe(
      'Calle de Alcalá 100, 3.º, 28009 Madrid, España',
    );
  });

  it("another instance's edit (the row changed in the database) is read once the copy is stale", async () => {
    const store = t.app.ctx.legalEntitiesStore;
    const ie = (await t.app.ctx.db.select().from(legalEntities).where(eq(legalEntities.entityId, 'ie')))[0]!;
    await t.app.ctx.db
      .update(legalEntities)
      .set({ data: { ...ie.data, address: 'Another instance wrote this' }, version: sql`${legalEntities.version} + 1` })
      .where(eq(legalEntities.entityId, 'ie'));
    // Made stale by hand (no clock in the assertion): the next read starts the refresh, a later one sees it.
    (store as unknown as { loadedAt: number }).loadedAt = 1;
    t.app.ctx.legalEntities.forStore(17);
    await store.idle();
    expect(t.app.ctx.legalEntities.forStore(17).entity.address).toBe('Another instance wrote this');
  });
});

describe('production and the shipped placeholder data', () => {
  it('refuses to start, naming each entity and its fields; development only warns', async () => {
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ventanilla-legal-'));
    try {
      const build = (env: Record<string, string>) =>
        buildApp({
          config: loadConfig({
            NODE_ENV: 'production',
            SANDBOX_WEBHOOK_SECRET: 'x'.repeat(40),
            PAY_LINK_SECRET: 'p'.repeat(40),
            VAPID_PUBLIC_KEY: 'BKT-swmapHzG6ZmVS7GGEt2mfxLwfszQD0LNw8liU-xjlUQJnMmYCFulUTIC0oNnV8XOmBX3OJ8lNlwqJ-tf50w',
            VAPID_PRIVATE_KEY: 'bJaHU3SLg7JudKL1RG9lvKaFuUNu4PKjiB4m6-hc688',
            PUBLIC_URL: 'https://shop.test',
            LOG_LEVEL: 'silent',
            STRIPE_SECRET_KEY: 'sk_test_legal_check',
            STRIPE_WEBHOOK_SECRET: 'whsec_legal_check',
            REDSYS_MERCHANT_CODE: '999008881',
            REDSYS_TERMINAL: '1',
            REDSYS_SECRET_KEY: Buffer.alloc(24, 7).toString('base64'),
            PAYMENT_ROUTING: JSON.stringify([
              ...['cc', 'bizum'].map((method) => ({ method, provider: 'redsys' })),
              ...['paypal', 'multibanco', 'sibsmb', 'sibsmbway'].map((method) => ({ method, provider: 'stripe' })),
            ]),
            DATA_DIR: dataDir,
            ...env,
          }),
          database: database.handle,
          logger: false,
          startJobWorkers: false,
        });
      const refusal = build({}).then(
        () => null,
        (err: unknown) => err,
      );
      const err = await refusal;
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as Error).message;
      expect(message).toMatch(/placeholder data/);
      expect(message).toMatch(/"es" \(legal_name, tax_id, address/);
      expect(message).toMatch(/"ie" \(/);
      expect(message).toMatch(/"pt" \(/);
    } finally {
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('in development and tests the app starts with them (this file’s app did)', () => {
    expect(t.app.ctx.legalEntities.placeholders().length).toBeGreaterThan(0);
  });
});
