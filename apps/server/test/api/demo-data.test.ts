import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPrefix, PANEL_STATUS_IDS } from '@ventanilla/domain';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import { addDemoOrders } from '../../src/modules/demo/bulk-orders.js';
import { evaluateProduct } from '../../src/modules/catalog/product-evaluation.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { TestClient } from '../support/test-app.js';

/**
 * Demo data: a fresh development start seeds a living back office once, production never does, and
 * `npm run demo:orders` adds valid orders the back-office list finds. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

const PRODUCTION = {
  NODE_ENV: 'production',
  SANDBOX_WEBHOOK_SECRET: 'x'.repeat(40),
  PAY_LINK_SECRET: 'p'.repeat(40),
  // A test-only VAPID pair (production requires one).
  VAPID_PUBLIC_KEY: 'BKT-swmapHzG6ZmVS7GGEt2mfxLwfszQD0LNw8liU-xjlUQJnMmYCFulUTIC0oNnV8XOmBX3OJ8lNlwqJ-tf50w',
  VAPID_PRIVATE_KEY: 'bJaHU3SLg7JudKL1RG9lvKaFuUNu4PKjiB4m6-hc688',
  PUBLIC_URL: 'https://shop.test',
  LOG_LEVEL: 'silent',
  // Real-looking company data: production refuses the shipped placeholder entities (legal-entities.test.ts).
  LEGAL_ENTITIES_FILE: new URL('../fixtures/legal-entities-real.json', import.meta.url).pathname,
  STRIPE_SECRET_KEY: 'sk_test_demo_check',
  STRIPE_WEBHOOK_SECRET: 'whsec_demo_check',
  REDSYS_MERCHANT_CODE: '999008881',
  REDSYS_TERMINAL: '1',
  REDSYS_SECRET_KEY: Buffer.alloc(24, 7).toString('base64'),
  PAYMENT_ROUTING: JSON.stringify([
    ...['cc', 'bizum'].map((method) => ({ method, provider: 'redsys' })),
    ...['paypal', 'multibanco', 'sibsmb', 'sibsmbway'].map((method) => ({ method, provider: 'stripe' })),
  ]),
};

async function start(database: TestDatabase, dataDir: string, env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://shop.test', ...env });
  return buildApp({ config, database: database.handle, logger: false });
}

async function count(app: FastifyInstance, sql: string): Promise<number> {
  const { rows } = await app.ctx.database.pool.query<{ n: string }>(sql);
  return Number(rows[0]?.n ?? 0);
}

async function agent(app: FastifyInstance): Promise<TestClient> {
  const client = new TestClient(app);
  const res = await client.login('agente@ventanilla.test', 'agente-demo-2026');
  expect(res.statusCode).toBe(200);
  return client;
}

interface ListBody {
  items: Array<{ item_id: number; order_id: number; panel_status_id: number; email: string }>;
  total: number;
}

describe('demo data on a fresh development start', () => {
  let database: TestDatabase;
  let dataDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'ventanilla-demo-'));
    app = await start(database, dataDir, { NODE_ENV: 'development', LOG_LEVEL: 'silent' });
  });

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('has orders in every panel status across stores 1, 16 and 17, numbered with the store prefix', async () => {
    const { rows } = await app.ctx.database.pool.query<{ panel_status_id: number; store_id: number; order_id: string }>(
      `SELECT i.panel_status_id, o.store_id, o.order_id FROM order_items i JOIN orders o USING (order_id)`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((r) => r.panel_status_id))).toEqual(new Set(PANEL_STATUS_IDS));
    expect(new Set(rows.map((r) => r.store_id))).toEqual(new Set([1, 16, 17]));
    for (const r of rows) expect(r.order_id.startsWith(orderPrefix(r.store_id))).toBe(true);
    expect(await count(app, `SELECT count(DISTINCT customer_id) AS n FROM orders`)).toBeGreaterThanOrEqual(10);
  });

  it('has notes (some pinned), history, incidents and the queue work: priority, deadline, postponed, delegated', async () => {
    expect(await count(app, `SELECT count(*) AS n FROM item_notes`)).toBeGreaterThan(20);
    expect(await count(app, `SELECT count(*) AS n FROM item_notes WHERE pinned`)).toBeGreaterThan(2);
    expect(await count(app, `SELECT count(*) AS n FROM item_history`)).toBeGreaterThan(150);
    expect(
      await count(
        app,
        `SELECT count(*) AS n FROM order_items
         WHERE panel_status_id = 60 AND incidencia_status_id IS NOT NULL AND incidencia_text <> ''`,
      ),
    ).toBeGreaterThanOrEqual(4);
    expect(await count(app, `SELECT count(*) AS n FROM order_items WHERE priority > 0`)).toBeGreaterThan(0);
    expect(await count(app, `SELECT count(*) AS n FROM order_items WHERE deadline_at IS NOT NULL`)).toBeGreaterThan(0);
    expect(await count(app, `SELECT count(*) AS n FROM order_items WHERE standby_until > now()`)).toBeGreaterThan(0);
    expect(await count(app, `SELECT count(*) AS n FROM order_items WHERE asignee_id IS NOT NULL`)).toBeGreaterThan(0);
  });

  it('has tickets from the demo customers in es, pt and en: one with an attachment, one linked and answered again', async () => {
    expect(await count(app, `SELECT count(*) AS n FROM tickets`)).toBeGreaterThanOrEqual(5);
    expect(await count(app, `SELECT count(*) AS n FROM ticket_attachments`)).toBeGreaterThanOrEqual(1);
    expect(await count(app, `SELECT count(*) AS n FROM tickets WHERE related_item_id IS NOT NULL`)).toBe(1);
    expect(
      await count(
        app,
        `SELECT count(*) AS n FROM (SELECT ticket_id FROM ticket_messages GROUP BY ticket_id HAVING count(*) >= 2) t`,
      ),
    ).toBeGreaterThanOrEqual(1);
    // Every ticket comes from a customer who has demo orders.
    expect(
      await count(
        app,
        `SELECT count(*) AS n FROM tickets t WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_email = t.email)`,
      ),
    ).toBe(0);
  });

  it('prices every line with the catalogue engine, as checkout would', async () => {
    const { rows } = await app.ctx.database.pool.query<{
      store_id: number;
      product_id: number;
      answers: Record<string, never>;
      total: string;
    }>(`SELECT o.store_id, i.product_id, i.answers, i.total FROM order_items i JOIN orders o USING (order_id)`);
    for (const r of rows) {
      const product = app.ctx.catalog.findProductById(r.store_id, r.product_id)!;
      const evaluation = evaluateProduct(app.ctx.catalog.getStore(r.store_id)!, product, r.answers);
      expect(evaluation.errors).toEqual([]);
      expect(evaluation.price.total).toBe(Number(r.total));
    }
  });

  it('shows the orders, their documents and the demo customer its own orders through the API', async () => {
    const client = await agent(app);
    const list = (await client.get('/api/backoffice/items')).json<ListBody>();
    expect(list.total).toBeGreaterThanOrEqual(60);
    const { rows } = await app.ctx.database.pool.query<{ item_id: number; id: number }>(
      `SELECT item_id, id FROM item_files ORDER BY id LIMIT 1`,
    );
    const file = rows[0]!;
    const download = await client.get(`/api/backoffice/items/${file.item_id}/files/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const detail = (await client.get(`/api/backoffice/items/${file.item_id}`)).json<{
      history: unknown[];
      files: unknown[];
      payments: unknown[];
    }>();
    expect(detail.files.length).toBe(1);
    expect(detail.history.length).toBeGreaterThanOrEqual(3);
    expect(detail.payments.length).toBe(1);

    const customer = new TestClient(app);
    await customer.login('cliente@ventanilla.test', 'cliente-demo-2026');
    const mine = await customer.get('/api/me/orders');
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json()).match(/"order_id"/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
  });

  it('invoices every paid demo order and credits every refunded one, by the code real orders use', async () => {
    const rows = async <T>(sql: string) => (await app.ctx.database.pool.query<T & object>(sql)).rows;
    // Every paid order has exactly one invoice; unpaid ones none.
    expect(
      await count(
        app,
        `SELECT count(*) AS n FROM orders o WHERE o.paid_at IS NOT NULL
           AND (SELECT count(*) FROM invoices i WHERE i.order_id = o.order_id AND i.kind = 'invoice') <> 1`,
      ),
    ).toBe(0);
    expect(
      await count(app, `SELECT count(*) AS n FROM invoices i JOIN orders o USING (order_id) WHERE o.paid_at IS NULL`),
    ).toBe(0);
    // Every refunded (denied) one has a credit note for the whole invoice, with its succeeded refund; in each store.
    const denied = await rows<{ order_id: string; store_id: number; total: string; credited: string | null }>(
      `SELECT o.order_id, o.store_id, i.total, (SELECT sum(c.total) FROM invoices c
          WHERE c.corrects_invoice_id = i.id AND c.kind = 'credit_note') AS credited
         FROM orders o JOIN order_items oi USING (order_id) JOIN invoices i ON i.order_id = o.order_id AND i.kind = 'invoice'
        WHERE oi.panel_status_id = 70 AND o.paid_at IS NOT NULL`,
    );
    expect(new Set(denied.map((d) => d.store_id))).toEqual(new Set([1, 16, 17]));
    for (const d of denied) expect(Number(d.credited)).toBe(-Number(d.total));
    expect(
      await count(
        app,
        `SELECT count(*) AS n FROM refunds r JOIN invoices c ON c.id = r.credit_note_id
          WHERE r.status = 'succeeded' AND c.kind = 'credit_note'`,
      ),
    ).toBe(denied.length);
    // Portugal: every document carries its ATCUD and signature; the hashes chain within each series.
    const pt = await rows<{ kind: string; pt_atcud: string | null; pt_hash: string | null }>(
      `SELECT kind, pt_atcud, pt_hash FROM invoices WHERE store_id = 16`,
    );
    expect(pt.some((r) => r.kind === 'invoice') && pt.some((r) => r.kind === 'credit_note')).toBe(true);
    for (const r of pt) {
      expect(r.pt_atcud).toMatch(/^\S+-\d+$/);
      expect(r.pt_hash).toMatch(/^[A-Za-z0-9+/]+=*$/);
    }
    // Spain: a Veri*Factu record for every Spanish invoice and credit note.
    expect(
      await count(
        app,
        `SELECT count(*) AS n FROM invoices i WHERE i.store_id = 1
           AND NOT EXISTS (SELECT 1 FROM verifactu_records v WHERE v.invoice_id = i.id)`,
      ),
    ).toBe(0);
    expect(await count(app, `SELECT count(*) AS n FROM invoices WHERE store_id = 1`)).toBeGreaterThan(20);
    // The demo customer's "Factura" links answer real PDFs; another customer's answer 404.
    const carmen = new TestClient(app);
    expect((await carmen.login('cliente@ventanilla.test', 'cliente-demo-2026')).statusCode).toBe(200);
    const own = await rows<{ order_id: string; paid: boolean }>(
      `SELECT o.order_id, o.paid_at IS NOT NULL AS paid FROM orders o JOIN users u ON u.id = o.customer_id
        WHERE u.email = 'cliente@ventanilla.test'`,
    );
    expect(own.filter((o) => o.paid).length).toBeGreaterThanOrEqual(4);
    for (const o of own) {
      const res = await carmen.get(`/api/invoice?order_id=${o.order_id}`);
      expect(res.statusCode).toBe(o.paid ? 200 : 404);
      if (o.paid) expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const docs = (await carmen.get('/api/me/invoices')).json<{ items: Array<{ id: number; kind: string }> }>().items;
    expect(docs.some((d) => d.kind === 'credit_note')).toBe(true);
    for (const d of docs) expect((await carmen.get(`/api/me/invoices/${d.id}/pdf`)).statusCode).toBe(200);
    const [other] = await rows<{ order_id: string }>(
      `SELECT o.order_id FROM orders o JOIN users u ON u.id = o.customer_id
        WHERE u.email <> 'cliente@ventanilla.test' AND o.paid_at IS NOT NULL LIMIT 1`,
    );
    expect((await carmen.get(`/api/invoice?order_id=${other!.order_id}`)).statusCode).toBe(404);
    // A Portuguese credit note's PDF, as the back office shows it.
    const [ptNote] = await rows<{ id: number }>(`SELECT id FROM invoices WHERE store_id = 16 AND kind = 'credit_note'`);
    const admin = new TestClient(app);
    expect((await admin.login('admin@ventanilla.test', 'admin-demo-2026')).statusCode).toBe(200);
    const pdf = await admin.get(`/api/backoffice/invoices/${ptNote!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('seeds once: a restart adds nothing', async () => {
    const before = await count(app, `SELECT count(*) AS n FROM order_items`);
    const customers = await count(app, `SELECT count(*) AS n FROM users`);
    await app.close();
    app = await start(database, dataDir, { NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    expect(await count(app, `SELECT count(*) AS n FROM order_items`)).toBe(before);
    expect(await count(app, `SELECT count(*) AS n FROM users`)).toBe(customers);
  });

  it('adds bulk orders (npm run demo:orders) that are valid and found by the list route', async () => {
    const before = await count(app, `SELECT count(*) AS n FROM order_items`);
    const lastItem = await count(app, `SELECT max(item_id) AS n FROM order_items`);
    const result = await addDemoOrders(app.ctx.database.pool, app.ctx.catalog, { count: 500, batchSize: 200, seed: 7 });
    expect(result.orders).toBe(500);
    expect(await count(app, `SELECT count(*) AS n FROM order_items`)).toBe(before + 500);
    // Every order has its item, the customer's e-mail, a counter-made number and a priced line.
    expect(
      await count(
        app,
        `SELECT count(*) AS n FROM orders o JOIN order_items i USING (order_id)
         WHERE i.item_id > ${lastItem} AND o.total = i.total AND o.customer_email LIKE '%@example.%'
           AND o.order_id::text LIKE CASE o.store_id WHEN 1 THEN '10%' ELSE o.store_id::text || '%' END`,
      ),
    ).toBe(500);
    const { rows: counters } = await app.ctx.database.pool.query<{ store_id: number; last_value: number; max: string }>(
      `SELECT c.store_id, c.last_value, (SELECT max(order_id) FROM orders o WHERE o.store_id = c.store_id) AS max
       FROM order_counters c`,
    );
    for (const c of counters) expect(Number(c.max) % 10_000_000).toBe(c.last_value);
    const { rows: sample } = await app.ctx.database.pool.query<{
      store_id: number;
      product_id: number;
      answers: Record<string, never>;
      total: string;
      order_id: string;
      customer_email: string;
      panel_status_id: number;
    }>(
      `SELECT o.store_id, i.product_id, i.answers, i.total, o.order_id, o.customer_email, i.panel_status_id
       FROM order_items i JOIN orders o USING (order_id) ORDER BY i.item_id DESC LIMIT 50`,
    );
    for (const r of sample) {
      const product = app.ctx.catalog.findProductById(r.store_id, r.product_id)!;
      const evaluation = evaluateProduct(app.ctx.catalog.getStore(r.store_id)!, product, r.answers);
      expect(evaluation.errors).toEqual([]);
      expect(evaluation.price.total).toBe(Number(r.total));
    }

    const client = await agent(app);
    const probe = sample[0]!;
    const byId = (await client.get(`/api/backoffice/items?order_id=${probe.order_id}`)).json<ListBody>();
    expect(byId.items.map((i) => i.order_id)).toEqual([Number(probe.order_id)]);
    const part = probe.customer_email.split('@')[0]!.slice(0, -1);
    const byEmail = (await client.get(`/api/backoffice/items?email=${encodeURIComponent(part)}`)).json<ListBody>();
    expect(byEmail.items.some((i) => i.order_id === Number(probe.order_id))).toBe(true);
    const byStatus = (await client.get(`/api/backoffice/items?status=${probe.panel_status_id}`)).json<ListBody>();
    expect(byStatus.total).toBeGreaterThan(0);
    expect(byStatus.items.every((i) => i.panel_status_id === probe.panel_status_id)).toBe(true);

    // The database's triggers kept the search text of bulk rows: customer name, answers and notes are found.
    const { rows: noted } = await app.ctx.database.pool.query<{ order_id: string; text: string; lastname: string }>(
      `SELECT i.order_id, n.text, o.customer_lastname AS lastname
       FROM item_notes n JOIN order_items i USING (item_id) JOIN orders o USING (order_id)
       WHERE i.item_id > ${lastItem} ORDER BY n.id LIMIT 1`,
    );
    const note = noted[0]!;
    for (const text of [note.text.slice(5, 25), note.lastname.split(' ')[0]!]) {
      const found = (
        await client.get(`/api/backoffice/items?order_id=${note.order_id}&text=${encodeURIComponent(text)}`)
      ).json<ListBody>();
      expect(found.items.map((i) => i.order_id)).toEqual([Number(note.order_id)]);
    }
  });
});

describe('demo data never in production', () => {
  let database: TestDatabase;
  let dataDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'ventanilla-demo-prod-'));
    // Asking for demo data explicitly changes nothing in production.
    app = await start(database, dataDir, { ...PRODUCTION, SEED_DEMO_ORDERS: '1', SEED_DEMO_USERS: '1' });
  });

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates no demo order, customer or login', async () => {
    expect(app.ctx.config.seedDemoOrders).toBe(false);
    expect(await count(app, `SELECT count(*) AS n FROM orders`)).toBe(0);
    expect(await count(app, `SELECT count(*) AS n FROM users`)).toBe(0);
    expect(await count(app, `SELECT count(*) AS n FROM app_meta WHERE key = 'demo_orders_seeded'`)).toBe(0);
    expect(await count(app, `SELECT count(*) AS n FROM tickets`)).toBe(0);
  });

  it('is off by default in tests, on by default in development', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemoOrders).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemoOrders).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO_ORDERS: '0' }).seedDemoOrders).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO_USERS: '0' }).seedDemoOrders).toBe(false);
  });
});
