import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { cents, FINISHED_STATUSES, rateBp, type OrderStatusValue, type PanelStatusId } from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemHistory, orderItems, orders, users } from '../../src/db/schema.js';
import { ADMIN, AGENT, createTestApp, NOTARY, signedIn, type TestApp, TestClient } from '../support/test-app.js';

// Back-office statistics, GET /api/backoffice/statistics/... (docs/backoffice.md, "Statistics"): known orders, exact
// sums per day (Madrid days), store, product and status, queue age with an injected clock, agents' throughput, refunds
// with penalty, roles and refusals. Runs on the embedded database, and on PostgreSQL with TEST_DATABASE_URL.

// March 2031, Madrid is UTC+1 (summer time starts on the 30th): far from any other row.
const NOW = new Date('2031-03-10T10:00:00.000Z');
const RANGE = 'from=2031-03-01&to=2031-03-03';

let t: TestApp;
let agent: TestClient;
let admin: TestClient;
let notary: TestClient;
let customer: TestClient;
let agentId: number;
let customerId: number;
let nextOrderId = 109_000_000;

interface SeedLine {
  productId: number;
  total: number;
  panelStatusId?: PanelStatusId;
  createdAt?: Date;
}

async function seedOrder(o: {
  storeId: number;
  status: OrderStatusValue;
  paid: boolean;
  createdAt: string;
  lines: SeedLine[];
}) {
  const db = t.app.ctx.db;
  const orderId = nextOrderId++;
  const createdAt = new Date(o.createdAt);
  const total = o.lines.reduce((n, l) => n + l.total, 0);
  await db.insert(orders).values({
    orderId,
    storeId: o.storeId,
    customerId,
    status: o.status,
    taxRateBp: rateBp(2100),
    subtotal: cents(total),
    taxAmount: cents(0),
    total: cents(total),
    customerEmail: 'stats@example.com',
    customerFirstname: 'Ana',
    customerLastname: 'Gil',
    paidAt: o.paid ? createdAt : null,
    createdAt,
    updatedAt: createdAt,
  });
  const itemIds: number[] = [];
  for (const line of o.lines) {
    const [item] = await db
      .insert(orderItems)
      .values({
        orderId,
        productId: line.productId,
        productName: `Producto ${line.productId}`,
        answers: {},
        productOptions: [],
        basePrice: cents(line.total),
        optionsPrice: cents(0),
        subtotal: cents(line.total),
        taxAmount: cents(0),
        total: cents(line.total),
        panelStatusId: line.panelStatusId ?? 70,
        createdAt: line.createdAt ?? createdAt,
        updatedAt: line.createdAt ?? createdAt,
      })
      .returning();
    if (!item) throw new Error('no item');
    itemIds.push(item.itemId);
  }
  return { orderId, itemIds };
}

const invoiceOf = new Map<number, { rows: Array<{ id: number }> }>();

async function seedRefund(
  orderId: number,
  storeId: number,
  amount: number,
  penalty: number,
  at: string,
  status: string,
) {
  const db = t.app.ctx.db;
  const existing = invoiceOf.get(orderId);
  const invoice =
    existing ??
    (await db.execute<{ id: number }>(sql`
    INSERT INTO invoices (kind, number, series_key, sequence, entity_id, order_id, store_id, customer_id, invoice_type,
      language, issue_date, issuer, recipient, lines, breakdown, base_total, tax_total, not_subject_total, total)
    VALUES ('invoice', ${`T-${orderId}`}, 'T', 1, 'test', ${orderId}, ${storeId}, ${customerId}, 'F1', 'es',
      '2031-03-01', '{}'::jsonb, '{}'::jsonb, '[]'::jsonb, '[]'::jsonb, 0, 0, 0, 0)
    RETURNING id`));
  invoiceOf.set(orderId, invoice);
  const invoiceId = Number(invoice.rows[0]!.id);
  await db.execute(sql`
    INSERT INTO refunds (order_id, invoice_id, provider, amount, penalty, reason, status, idempotency_key, agent_user_id,
      created_at, updated_at)
    VALUES (${orderId}, ${invoiceId}, 'manual', ${amount}, ${penalty}, 'test', ${status}, ${`k-${orderId}-${at}`},
      ${agentId}, ${at}::timestamptz, ${at}::timestamptz)`);
}

const signIn = (account: readonly [string, string], store?: number) => signedIn(t.app, account, store);

async function stats<T = Record<string, unknown>>(path: string, query = RANGE, client = agent): Promise<T> {
  const res = await client.get(`/api/backoffice/statistics/${path}${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<T>();
}

async function refused(query: string, client = agent, path = 'orders') {
  const res = await client.get(`/api/backoffice/statistics/${path}?${query}`);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ code: string; fields: Array<{ field: string; code: string; message: string }> }>();
  expect(body.code).toBe('VALIDATION_ERROR');
  return body.fields;
}

let refundable: { orderId: number; itemIds: number[] };
let portuguese: { orderId: number; itemIds: number[] };
let unpaid: { orderId: number; itemIds: number[] };

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  customer = new TestClient(t.app);
  await customer.start(1);
  expect((await customer.register('stats@example.com')).statusCode).toBe(201);
  agent = await signIn(AGENT);
  admin = await signIn(ADMIN);
  notary = await signIn(NOTARY);
  const db = t.app.ctx.db;
  const idOf = async (email: string) => {
    const [u] = await db.select().from(users).where(eq(users.email, email));
    if (!u) throw new Error(`${email} missing`);
    return u.id;
  };
  agentId = await idOf(AGENT[0]);
  customerId = await idOf('stats@example.com');

  // Day 1 (Madrid): a paid order of store 1, and an unpaid one created at 00:30 Madrid (23:30 UTC the day before).
  refundable = await seedOrder({
    storeId: 1,
    status: 'complete',
    paid: true,
    createdAt: '2031-03-01T10:00:00Z',
    lines: [{ productId: 10, total: 1210 }],
  });
  unpaid = await seedOrder({
    storeId: 1,
    status: 'pending',
    paid: false,
    createdAt: '2031-02-28T23:30:00Z',
    lines: [{ productId: 10, total: 2000, panelStatusId: 0 }],
  });
  // Day 2 (Madrid): 23:30 UTC on day 1 is 00:30 on day 2; two lines, 15.00 + 10.12 = 25.12.
  portuguese = await seedOrder({
    storeId: 16,
    status: 'complete',
    paid: true,
    createdAt: '2031-03-01T23:30:00Z',
    lines: [
      { productId: 20, total: 1500 },
      { productId: 10, total: 1012 },
    ],
  });
  // Outside the range: midnight after day 3 in Madrid, and 23:59 Madrid on the day before day 1.
  await seedOrder({
    storeId: 16,
    status: 'complete',
    paid: true,
    createdAt: '2031-03-03T23:00:00Z',
    lines: [{ productId: 20, total: 9999 }],
  });
  await seedOrder({
    storeId: 1,
    status: 'complete',
    paid: true,
    createdAt: '2031-02-28T22:59:00Z',
    lines: [{ productId: 10, total: 7777 }],
  });

  // Queue: work waiting (statuses 40, 80, 20) of various ages at NOW; not work (60) is not counted.
  const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
  await seedOrder({
    storeId: 1,
    status: 'complete',
    paid: true,
    createdAt: '2031-01-01T00:00:00Z',
    lines: [
      { productId: 30, total: 100, panelStatusId: 40, createdAt: hoursAgo(1) },
      { productId: 30, total: 100, panelStatusId: 40, createdAt: hoursAgo(24) },
      { productId: 30, total: 100, panelStatusId: 80, createdAt: hoursAgo(100) },
      { productId: 30, total: 100, panelStatusId: 40, createdAt: hoursAgo(800) },
      { productId: 30, total: 100, panelStatusId: 60, createdAt: hoursAgo(1) },
    ],
  });
  await seedOrder({
    storeId: 16,
    status: 'complete',
    paid: true,
    createdAt: '2031-01-01T00:00:00Z',
    lines: [{ productId: 30, total: 100, panelStatusId: 20, createdAt: hoursAgo(200) }],
  });

  // Refunds: two that went through on day 2 (one with a penalty), one failed; one of store 16 on day 3.
  await seedRefund(refundable.orderId, 1, 500, 0, '2031-03-02T09:00:00Z', 'succeeded');
  await seedRefund(refundable.orderId, 1, 410, 300, '2031-03-02T22:30:00Z', 'succeeded');
  await seedRefund(refundable.orderId, 1, 99, 0, '2031-03-02T10:00:00Z', 'failed');
  await seedRefund(portuguese.orderId, 16, 1000, 112, '2031-03-03T12:00:00Z', 'succeeded');

  // History: the agent's actions, one of them finishing an item (40 -> 100); user 1 ("Sistema"); a line without an
  // agent (a payment) is not throughput.
  const [first, second] = portuguese.itemIds as [number, number];
  await db.insert(itemHistory).values([
    {
      itemId: first,
      accion: 'cambio_estado',
      oldStatus: 40,
      newStatus: 100,
      adminUserId: agentId,
      createdAt: new Date('2031-03-01T09:00:00Z'),
    },
    { itemId: first, accion: 'nota_fijada', adminUserId: agentId, createdAt: new Date('2031-03-01T09:05:00Z') },
    {
      itemId: second,
      accion: 'cambio_estado',
      oldStatus: 100,
      newStatus: 100,
      adminUserId: agentId,
      createdAt: new Date('2031-03-02T09:00:00Z'),
    },
    {
      itemId: refundable.itemIds[0]!,
      accion: 'cambio_estado',
      oldStatus: 40,
      newStatus: 110,
      adminUserId: 1,
      createdAt: new Date('2031-03-02T09:00:00Z'),
    },
    {
      itemId: refundable.itemIds[0]!,
      accion: 'pago_confirmado',
      oldStatus: 0,
      newStatus: 40,
      adminUserId: null,
      createdAt: new Date('2031-03-02T09:00:00Z'),
    },
    { itemId: first, accion: 'nota_fijada', adminUserId: agentId, createdAt: new Date('2031-03-04T09:00:00Z') },
  ]);
});
afterAll(async () => t?.close());

describe('who may read the statistics', () => {
  const paths = ['orders', 'products', 'queue-age', 'agents', 'refunds'];

  it('anonymous: 401; customer and notary: 403; agent and admin: 200', async () => {
    const anonymous = new TestClient(t.app);
    await anonymous.start(1);
    for (const path of paths) {
      const url = `/api/backoffice/statistics/${path}`;
      expect([path, (await anonymous.get(url)).statusCode]).toEqual([path, 401]);
      expect([path, (await customer.get(url)).statusCode]).toEqual([path, 403]);
      expect([path, (await notary.get(url)).statusCode]).toEqual([path, 403]);
      expect([path, (await agent.get(url)).statusCode]).toEqual([path, 200]);
      expect([path, (await admin.get(url)).statusCode]).toEqual([path, 200]);
    }
  });

  it('a refused role gets 403 before its query is read (no 400 for a bad filter)', async () => {
    expect((await customer.get('/api/backoffice/statistics/orders?from=nope')).statusCode).toBe(403);
  });
});

describe('orders and revenue', () => {
  it('per Madrid day, store and status, with exact sums', async () => {
    const body = await stats('orders');
    expect(body).toEqual({
      from: '2031-03-01',
      to: '2031-03-03',
      stores: [],
      totals: { orders: 3, paid_orders: 2, revenue: '37.22' },
      by_day: [
        { day: '2031-03-01', orders: 2, paid_orders: 1, revenue: '12.10' },
        { day: '2031-03-02', orders: 1, paid_orders: 1, revenue: '25.12' },
        { day: '2031-03-03', orders: 0, paid_orders: 0, revenue: '0.00' },
      ],
      by_store: [
        { store_id: 1, orders: 2, paid_orders: 1, revenue: '12.10' },
        { store_id: 16, orders: 1, paid_orders: 1, revenue: '25.12' },
      ],
      by_status: [
        { status: 'complete', orders: 2, paid_orders: 2, revenue: '37.22' },
        { status: 'pending', orders: 1, paid_orders: 0, revenue: '0.00' },
      ],
    });
  });

  it('the store filter', async () => {
    const body = await stats<{ totals: unknown; by_store: unknown[]; stores: number[] }>('orders', `${RANGE}&store=16`);
    expect(body.stores).toEqual([16]);
    expect(body.totals).toEqual({ orders: 1, paid_orders: 1, revenue: '25.12' });
    expect(body.by_store).toEqual([{ store_id: 16, orders: 1, paid_orders: 1, revenue: '25.12' }]);
    const none = await stats<{ totals: unknown; by_day: unknown[] }>('orders', `${RANGE}&store=99`);
    expect(none.totals).toEqual({ orders: 0, paid_orders: 0, revenue: '0.00' });
    expect(none.by_day).toHaveLength(3);
  });

  it('one day; the default range is the 30 days ending today (Madrid)', async () => {
    const day = await stats<{ totals: unknown }>('orders', 'from=2031-03-02&to=2031-03-02');
    expect(day.totals).toEqual({ orders: 1, paid_orders: 1, revenue: '25.12' });
    const byDefault = await stats<{ from: string; to: string; by_day: unknown[] }>('orders', '');
    expect([byDefault.from, byDefault.to, byDefault.by_day.length]).toEqual(['2031-02-09', '2031-03-10', 30]);
  });

  it('a full year (366 days) is answered', async () => {
    const body = await stats<{ by_day: unknown[]; totals: { orders: number } }>(
      'orders',
      'from=2030-03-10&to=2031-03-10',
    );
    expect(body.by_day).toHaveLength(366);
    // Every seeded order: the five of the range and around it, and the two queue orders of January.
    expect(body.totals.orders).toBe(7);
  });
});

describe('products', () => {
  it('lines of the range per product, paid lines and their revenue', async () => {
    const body = await stats<{ by_product: unknown[] }>('products');
    expect(body.by_product).toEqual([
      { product_id: 10, product_name: 'Producto 10', items: 3, paid_items: 2, revenue: '22.22' },
      { product_id: 20, product_name: 'Producto 20', items: 1, paid_items: 1, revenue: '15.00' },
    ]);
    const portugal = await stats<{ by_product: unknown[] }>('products', `${RANGE}&store=16`);
    expect(portugal.by_product).toEqual([
      { product_id: 10, product_name: 'Producto 10', items: 1, paid_items: 1, revenue: '10.12' },
      { product_id: 20, product_name: 'Producto 20', items: 1, paid_items: 1, revenue: '15.00' },
    ]);
  });
});

describe('queue age (injected clock)', () => {
  it('work statuses waiting now, by age bucket: exactly 24 h is "1-3 days"', async () => {
    const body = await stats<{
      now: string;
      buckets: Array<{ bucket: string; items: number }>;
      by_status: Array<{
        panel_status_id: number;
        status_text: string;
        buckets: Array<{ bucket: string; items: number }>;
      }>;
    }>('queue-age', '');
    expect(body.now).toBe(NOW.toISOString());
    expect(body.buckets).toEqual([
      { bucket: 'lt_1d', items: 1 },
      { bucket: '1_3d', items: 1 },
      { bucket: '3_7d', items: 1 },
      { bucket: '7_14d', items: 1 },
      { bucket: '14_30d', items: 0 },
      { bucket: 'gt_30d', items: 1 },
    ]);
    const s40 = body.by_status.find((s) => s.panel_status_id === 40);
    expect(s40?.buckets.filter((b) => b.items > 0)).toEqual([
      { bucket: 'lt_1d', items: 1 },
      { bucket: '1_3d', items: 1 },
      { bucket: 'gt_30d', items: 1 },
    ]);
    expect(body.by_status.map((s) => s.panel_status_id)).toEqual([20, 40, 80, 99, 103]);
  });

  it('per store', async () => {
    const body = await stats<{ buckets: Array<{ bucket: string; items: number }> }>('queue-age', 'store=16');
    expect(body.buckets.filter((b) => b.items > 0)).toEqual([{ bucket: '7_14d', items: 1 }]);
  });
});

describe('agents', () => {
  it('actions and finished items per agent and day; user 1 is "Sistema"; lines without an agent are not counted', async () => {
    const body = await stats<{ by_agent: unknown[]; by_day: unknown[] }>('agents');
    expect(body.by_agent).toEqual([
      { admin_user_id: agentId, name: expect.any(String), actions: 3, finished: 1 },
      { admin_user_id: 1, name: 'Sistema', actions: 1, finished: 1 },
    ]);
    expect(body.by_day).toEqual(
      [
        { day: '2031-03-01', admin_user_id: agentId, actions: 2, finished: 1 },
        { day: '2031-03-02', admin_user_id: agentId, actions: 1, finished: 0 },
        { day: '2031-03-02', admin_user_id: 1, actions: 1, finished: 1 },
      ].sort((a, b) => a.day.localeCompare(b.day) || a.admin_user_id - b.admin_user_id),
    );
    const onlyPortugal = await stats<{ by_agent: Array<{ admin_user_id: number; actions: number }> }>(
      'agents',
      `${RANGE}&store=16`,
    );
    expect(onlyPortugal.by_agent.map((a) => [a.admin_user_id, a.actions])).toEqual([[agentId, 3]]);
  });

  it('"System" for an English session', async () => {
    const english = await signIn(AGENT, 17);
    const body = await stats<{ by_agent: Array<{ admin_user_id: number; name: string }> }>('agents', RANGE, english);
    expect(body.by_agent.find((a) => a.admin_user_id === 1)?.name).toBe('System');
  });
});

describe('refunds', () => {
  it('count, amount and penalty per Madrid day; failed refunds are not counted', async () => {
    const body = await stats('refunds');
    expect(body).toEqual({
      from: '2031-03-01',
      to: '2031-03-03',
      stores: [],
      // 22:30 UTC on day 2 is 23:30 in Madrid: still day 2.
      totals: { refunds: 3, amount: '19.10', penalty: '4.12' },
      by_day: [
        { day: '2031-03-01', refunds: 0, amount: '0.00', penalty: '0.00' },
        { day: '2031-03-02', refunds: 2, amount: '9.10', penalty: '3.00' },
        { day: '2031-03-03', refunds: 1, amount: '10.00', penalty: '1.12' },
      ],
    });
    const store1 = await stats<{ totals: unknown }>('refunds', `${RANGE}&store=1`);
    expect(store1.totals).toEqual({ refunds: 2, amount: '9.10', penalty: '3.00' });
  });
});

describe('refusals: 400 in the caller’s language, every problem at once', () => {
  it('bad ranges in Spanish, English and Portuguese', async () => {
    expect(await refused('from=2031-03-05&to=2031-03-01')).toEqual([
      { field: 'to', code: 'end_before_start', message: 'La fecha final (to) no puede ser anterior a la inicial' },
    ]);
    const english = await signIn(AGENT, 17);
    expect(await refused('from=2031-03-05&to=2031-03-01', english)).toEqual([
      { field: 'to', code: 'end_before_start', message: 'The end date (to) cannot be before the start date' },
    ]);
    const portuguese = await signIn(AGENT, 16);
    expect(await refused('from=2031-03-05&to=2031-03-01', portuguese)).toEqual([
      { field: 'to', code: 'end_before_start', message: 'A data final (to) não pode ser anterior à inicial' },
    ]);
    expect(await refused('from=2031-02-30', portuguese, 'refunds')).toEqual([
      { field: 'from', code: 'bad_date', message: 'O filtro from deve ser uma data AAAA-MM-DD' },
    ]);
  });

  it('huge ranges are bounded (366 days at most), on every route', async () => {
    for (const path of ['orders', 'products', 'queue-age', 'agents', 'refunds']) {
      expect(await refused('from=0001-01-01&to=9999-12-31', agent, path)).toEqual([
        { field: 'to', code: 'range_too_long', message: 'El periodo abarca como máximo 366 días' },
      ]);
    }
    expect((await refused('from=2030-03-09&to=2031-03-10'))[0]).toMatchObject({ code: 'range_too_long' });
  });

  it('NUL bytes, control characters, repeated and unknown parameters, bad stores', async () => {
    expect(await refused('from=2031-03-01%00')).toEqual([
      expect.objectContaining({ field: 'from', code: 'invalid_characters' }),
    ]);
    expect(await refused('store=1%00')).toEqual([
      expect.objectContaining({ field: 'store', code: 'invalid_characters' }),
    ]);
    expect(await refused('a%00b=1')).toEqual([expect.objectContaining({ field: 'a?b', code: 'unknown_param' })]);
    expect(await refused('from=2031-03-01&from=2031-03-02')).toEqual([
      expect.objectContaining({ field: 'from', code: 'repeated_param' }),
    ]);
    expect(await refused('store=99999999999999999999')).toEqual([expect.objectContaining({ code: 'bad_store' })]);
    expect(await refused('store=1;DROP TABLE orders')).toEqual([expect.objectContaining({ code: 'bad_store' })]);
    expect(await refused('zzz=1&to=x&store=-1')).toEqual([
      expect.objectContaining({ field: 'to', code: 'bad_date' }),
      expect.objectContaining({ field: 'store', code: 'bad_store' }),
      expect.objectContaining({ field: 'zzz', code: 'unknown_param' }),
    ]);
    // Bytes that are not UTF-8 cannot be decoded: a 400, never a 500.
    expect((await agent.get('/api/backoffice/statistics/orders?from=%ED%A0%80')).statusCode).toBe(400);
  });
});

/** The products' rollup equals a fresh count of the lines (per day, store and product). */
async function rollupsMatch() {
  const db = t.app.ctx.db;
  const rollup = await db.execute(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, store_id, product_id, sum(items)::int AS items,
      sum(paid_items)::int AS paid_items, sum(revenue)::text AS revenue
    FROM product_stats_daily GROUP BY day, store_id, product_id HAVING sum(items) <> 0 ORDER BY 1, 2, 3`);
  const fresh = await db.execute(sql`
    SELECT to_char((o.created_at AT TIME ZONE 'Europe/Madrid')::date, 'YYYY-MM-DD') AS day, o.store_id, i.product_id,
      count(*)::int AS items, count(*) FILTER (WHERE o.paid_at IS NOT NULL)::int AS paid_items,
      coalesce(sum(i.total) FILTER (WHERE o.paid_at IS NOT NULL), 0)::text AS revenue
    FROM order_items i JOIN orders o ON o.order_id = i.order_id GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
  const norm = (rows: Record<string, unknown>[]) =>
    rows.map((r) => ({
      ...r,
      store_id: Number(r.store_id),
      product_id: Number(r.product_id),
      items: Number(r.items),
      paid_items: Number(r.paid_items),
    }));
  expect(norm(rollup.rows)).toEqual(norm(fresh.rows));
}

describe('the daily rollup follows every change to the orders (triggers)', () => {
  const rollupMatchesOrders = async () => {
    const db = t.app.ctx.db;
    const fromRollup = await db.execute(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, store_id, status, sum(orders)::int AS orders,
        sum(paid_orders)::int AS paid_orders, sum(revenue)::text AS revenue
      FROM order_stats_daily GROUP BY day, store_id, status HAVING sum(orders) <> 0 ORDER BY 1, 2, 3`);
    const fromOrders = await db.execute(sql`
      SELECT to_char((created_at AT TIME ZONE 'Europe/Madrid')::date, 'YYYY-MM-DD') AS day, store_id, status,
        count(*)::int AS orders, count(paid_at)::int AS paid_orders,
        coalesce(sum(total) FILTER (WHERE paid_at IS NOT NULL), 0)::text AS revenue
      FROM orders GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
    expect(
      fromRollup.rows.map((r) => ({ ...r, orders: Number(r.orders), paid_orders: Number(r.paid_orders) })),
    ).toEqual(fromOrders.rows.map((r) => ({ ...r, orders: Number(r.orders), paid_orders: Number(r.paid_orders) })));
  };

  it('a payment moves an order from pending to complete and adds its total to the revenue', async () => {
    const db = t.app.ctx.db;
    await rollupMatchesOrders();
    await rollupsMatch();
    await db
      .update(orders)
      .set({ status: 'complete', paidAt: new Date('2031-03-05T10:00:00Z') })
      .where(eq(orders.orderId, unpaid.orderId));
    const body = await stats<{ totals: unknown; by_status: unknown[] }>('orders');
    expect(body.totals).toEqual({ orders: 3, paid_orders: 3, revenue: '57.22' });
    // The pending row is left with zeros: not shown.
    expect(body.by_status).toEqual([{ status: 'complete', orders: 3, paid_orders: 3, revenue: '57.22' }]);
    await rollupMatchesOrders();
  });

  it('updates of other columns, several rows at once, and deletes keep it exact', async () => {
    const db = t.app.ctx.db;
    await db.execute(sql`UPDATE orders SET updated_at = now(), customer_firstname = 'Eva'`);
    await db.execute(sql`UPDATE orders SET total = total + 1, store_id = 25 WHERE store_id = 16`);
    await rollupMatchesOrders();
    const moved = await stats<{ by_store: unknown[] }>('orders');
    expect(moved.by_store).toEqual([
      { store_id: 1, orders: 2, paid_orders: 2, revenue: '32.10' },
      { store_id: 25, orders: 1, paid_orders: 1, revenue: '25.13' },
    ]);
    const [order] = await db
      .insert(orders)
      .values({
        orderId: nextOrderId++,
        storeId: 1,
        customerId,
        status: 'canceled',
        taxRateBp: rateBp(0),
        subtotal: cents(5),
        taxAmount: cents(0),
        total: cents(5),
        customerEmail: 'x@example.com',
        customerFirstname: 'X',
        customerLastname: 'Y',
        createdAt: new Date('2031-03-03T10:00:00Z'),
      })
      .returning();
    await db.insert(orderItems).values({
      orderId: order!.orderId,
      productId: 40,
      productName: 'Producto 40',
      answers: {},
      productOptions: [],
      basePrice: cents(5),
      optionsPrice: cents(0),
      subtotal: cents(5),
      taxAmount: cents(0),
      total: cents(5),
    });
    await rollupsMatch();
    await db.execute(sql`UPDATE order_items SET total = 7, product_id = 41 WHERE order_id = ${order!.orderId}`);
    await db.execute(sql`UPDATE order_items SET referencia = 'R-1' WHERE order_id = ${order!.orderId}`);
    await db
      .update(orders)
      .set({ paidAt: new Date('2031-03-03T11:00:00Z') })
      .where(eq(orders.orderId, order!.orderId));
    await rollupsMatch();
    await db.delete(orderItems).where(eq(orderItems.orderId, order!.orderId));
    await db.delete(orders).where(eq(orders.orderId, order!.orderId));
    await rollupMatchesOrders();
    await rollupsMatch();
  });
});

describe("the agents' daily rollup follows the history (triggers)", () => {
  it('finished statuses are the ones the triggers of migration 0020 count', () => {
    expect(FINISHED_STATUSES).toEqual([70, 100, 101, 110, 120]);
  });

  it('inserts, updates and deletes of history lines keep it equal to a fresh count', async () => {
    const db = t.app.ctx.db;
    const matches = async () => {
      const rollup = await db.execute(sql`
        SELECT to_char(day, 'YYYY-MM-DD') AS day, admin_user_id, sum(actions)::int AS actions,
          sum(finished)::int AS finished
        FROM agent_stats_daily GROUP BY 1, 2 HAVING sum(actions) <> 0 ORDER BY 1, 2`);
      const fresh = await db.execute(sql`
        SELECT to_char((h.created_at AT TIME ZONE 'Europe/Madrid')::date, 'YYYY-MM-DD') AS day, h.admin_user_id,
          count(*)::int AS actions,
          count(*) FILTER (WHERE h.new_status IN (70, 100, 101, 110, 120)
            AND h.old_status IS DISTINCT FROM h.new_status)::int AS finished
        FROM item_history h JOIN order_items i ON i.item_id = h.item_id JOIN orders o ON o.order_id = i.order_id
        WHERE h.admin_user_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`);
      // Compared per day and agent: a line's store is its order's when it was written (an earlier test moved an
      // order to another store, which the app never does).
      const norm = (rows: Record<string, unknown>[]) =>
        rows.map((r) => ({
          ...r,
          admin_user_id: Number(r.admin_user_id),
          actions: Number(r.actions),
          finished: Number(r.finished),
        }));
      expect(norm(rollup.rows)).toEqual(norm(fresh.rows));
    };
    await matches();
    const [line] = await db
      .insert(itemHistory)
      .values({
        itemId: refundable.itemIds[0]!,
        accion: 'cambio_estado',
        oldStatus: 40,
        newStatus: 120,
        adminUserId: agentId,
        createdAt: new Date('2031-03-03T09:00:00Z'),
      })
      .returning();
    await matches();
    await db.execute(sql`UPDATE item_history SET new_status = 50 WHERE id = ${line!.id}`);
    await matches();
    await db.execute(sql`UPDATE item_history SET admin_user_id = NULL WHERE id = ${line!.id}`);
    await matches();
    await db.delete(itemHistory).where(eq(itemHistory.id, line!.id));
    await matches();
  });
});

describe('striped rollups (migration 0034) and their nightly compaction', () => {
  const rows = async (table: 'order_stats_daily' | 'product_stats_daily', day: string) =>
    (
      await t.app.ctx.db.execute(sql`SELECT slot FROM ${sql.identifier(table)} WHERE day = ${day}::date ORDER BY slot`)
    ).rows.map((r) => Number(r.slot));

  it('orders written by separate transactions go to their own slots; compaction folds past days into slot 0, sums kept', async () => {
    const day = '2031-02-10';
    // Three orders of one day, store and status, each written by a transaction of its own.
    for (let i = 0; i < 3; i++) {
      await seedOrder({
        storeId: 1,
        status: 'complete',
        paid: true,
        createdAt: `${day}T1${i}:00:00Z`,
        lines: [{ productId: 1, total: 1000 + i }],
      });
    }
    expect((await rows('order_stats_daily', day)).length).toBeGreaterThan(1);
    const before = await stats<{ totals: unknown; by_day: unknown[] }>('orders', 'from=2031-02-10&to=2031-02-10');
    const productsBefore = await stats<{ by_product: unknown[] }>('products', 'from=2031-02-10&to=2031-02-10');
    expect(before.totals).toEqual({ orders: 3, paid_orders: 3, revenue: '30.03' });

    const { compactStatsRollups } = await import('../../src/modules/statistics/rollup-compaction.js');
    expect(await compactStatsRollups(t.app.ctx.db, '2031-02-11')).toBeGreaterThan(0);
    expect(await rows('order_stats_daily', day)).toEqual([0]);
    expect(await rows('product_stats_daily', day)).toEqual([0]);
    expect(await stats('orders', 'from=2031-02-10&to=2031-02-10')).toEqual(before);
    expect(await stats('products', 'from=2031-02-10&to=2031-02-10')).toEqual(productsBefore);
    // A later change to that day's orders adds to a slot again, and the next run folds it too. The slot is the
    // transaction id modulo 64: a transaction that would write to slot 0 itself (1 in 64) is rolled back and the
    // change made by the next one, so that there is something to fold.
    for (;;) {
      const wroteToSlot = await t.app.ctx.db
        .transaction(async (tx) => {
          const slot = Number(
            (await tx.execute(sql`SELECT (pg_current_xact_id()::text::bigint % 64)::int AS slot`)).rows[0]!.slot,
          );
          if (slot === 0) tx.rollback();
          await tx.execute(sql`UPDATE orders SET total = total + 1 WHERE created_at::date = ${day}::date`);
          return slot;
        })
        .catch((error: unknown) => {
          if (error instanceof TransactionRollbackError) return 0;
          throw error;
        });
      if (wroteToSlot !== 0) break;
    }
    expect(await compactStatsRollups(t.app.ctx.db, '2031-02-11')).toBeGreaterThan(0);
    expect(await rows('order_stats_daily', day)).toEqual([0]);
    expect((await stats<{ totals: unknown }>('orders', 'from=2031-02-10&to=2031-02-10')).totals).toEqual({
      orders: 3,
      paid_orders: 3,
      revenue: '30.06',
    });
    // Days from `beforeDay` on are left alone.
    expect(await compactStatsRollups(t.app.ctx.db, day)).toBe(0);
  });
});

describe('changes the rollups do not count run no rollup trigger (migration 0052)', () => {
  // Every paid order moves its lines to the work queue (a status change) and writes history lines without an agent:
  // neither changes a rollup. Their statement triggers ran an upsert anyway (which locks its table); the row triggers'
  // WHEN clauses now queue nothing. The rollups' sums stay exact (the tests above).
  it('a line’s status change and a history line without an agent lock no rollup table; changes that count do', async () => {
    const itemId = refundable.itemIds[0]!;
    let quiet: unknown[] = [];
    let counted: unknown[] = [];
    await t.app.ctx.db
      .transaction(async (tx) => {
        const lockedRollups = async () =>
          (
            await tx.execute(sql`
              SELECT c.relname FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
              WHERE l.pid = pg_backend_pid() AND c.relname IN ('product_stats_daily', 'agent_stats_daily')
              ORDER BY 1`)
          ).rows.map((r) => r.relname);
        await tx.execute(
          sql`UPDATE order_items SET panel_status_id = 40, updated_at = now() WHERE item_id = ${itemId}`,
        );
        await tx.insert(itemHistory).values({ itemId, accion: 'cambio_estado', oldStatus: 70, newStatus: 40 });
        quiet = await lockedRollups();
        await tx.execute(sql`UPDATE order_items SET total = total + 1 WHERE item_id = ${itemId}`);
        await tx
          .insert(itemHistory)
          .values({ itemId, accion: 'cambio_estado', oldStatus: 40, newStatus: 70, adminUserId: agentId });
        counted = await lockedRollups();
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(quiet).toEqual([]);
    expect(counted).toEqual(['agent_stats_daily', 'product_stats_daily']);
  });

  it('several lines changed in one statement keep the products’ rollup exact', async () => {
    const db = t.app.ctx.db;
    await db.execute(
      sql`UPDATE order_items SET total = total + 3, product_id = product_id + 100 WHERE order_id = ${portuguese.orderId}`,
    );
    await rollupsMatch();
    await db.execute(
      sql`UPDATE order_items SET total = total - 3, product_id = product_id - 100 WHERE order_id = ${portuguese.orderId}`,
    );
    await rollupsMatch();
  });
});
