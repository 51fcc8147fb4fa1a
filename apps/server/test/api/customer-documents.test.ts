// The customer panel's documents across orders (list, hasDniUploaded, pushFilesToPedido), the orders list's
// filters and the sign-in page's first step (identify): ownership is 404, bad input 400, the throttle 429.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemFiles, itemHistory, orderItems, users } from '../../src/db/schema.js';
import { MAX_FAILURES_PER_IP, MAX_IDENTIFY_PER_IP } from '../../src/modules/customers/auth.service.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { AGENT, createTestApp, signedIn, type TestApp, TestClient } from '../support/test-app.js';

let t: TestApp;
let customer: TestClient;
let other: TestClient;
let customerId: number;
let otherId: number;
let nextOrderId = 880_000;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const MAX_UPLOAD = 64 * 1024;

async function userId(email: string): Promise<number> {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function order(ownerId: number, overrides: Parameters<typeof insertOrderWithItem>[1]['order'] = {}) {
  const orderId = nextOrderId++;
  return insertOrderWithItem(t.app.ctx.db, {
    orderId,
    customerId: ownerId,
    order: { paidAt: new Date(), ...overrides },
  });
}

/** A multipart push: parts "files", optional field "kind". */
function pushBody(files: Array<{ name: string; bytes: Buffer }>, kind?: string) {
  const boundary = '----vtpush';
  const parts: Buffer[] = [];
  if (kind !== undefined)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function push(client: TestClient, url: string, files: Array<{ name: string; bytes: Buffer }>, kind?: string) {
  return client.request({ method: 'POST', url, ...pushBody(files, kind) });
}

let ipCounter = 1;
/** A browser from its own address (the per-IP throttle of one test does not spill into the next). */
function visitor(): TestClient {
  const ip = `10.9.0.${ipCounter++}`;
  const c = new TestClient(t.app);
  const request = c.request.bind(c);
  c.request = (options) => request({ ...options, remoteAddress: ip });
  return c;
}

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(MAX_UPLOAD) } });
  customer = new TestClient(t.app);
  await customer.start(1);
  expect((await customer.register('docs-customer@example.com')).statusCode).toBe(201);
  other = new TestClient(t.app);
  await other.start(1);
  expect((await other.register('docs-other@example.com')).statusCode).toBe(201);
  customerId = await userId('docs-customer@example.com');
  otherId = await userId('docs-other@example.com');
});
afterAll(async () => t?.close());

describe('pushFilesToPedido and hasDniUploaded', () => {
  it('stores the identity document on the order, after which hasDniUploaded says so', async () => {
    const { orderId, itemId } = await order(customerId);
    const before = await customer.get(`/api/me/order-documents/has-dni?order_id=${orderId}`);
    expect(before.json()).toEqual({ order_id: orderId, has_dni: false });

    const res = await push(customer, `/api/me/orders/${orderId}/files`, [{ name: 'dni.pdf', bytes: PDF }], 'identity');
    expect(res.statusCode).toBe(201);
    const [file] = res.json<{ files: Array<Record<string, unknown>> }>().files;
    expect(file).toMatchObject({
      order_id: orderId,
      item_id: itemId,
      filename: 'dni.pdf',
      content_type: 'application/pdf',
      kind: 'identity',
      uploaded_by_customer: true,
    });
    const after = await customer.get(`/api/me/order-documents/has-dni?order_id=${orderId}`);
    expect(after.json()).toEqual({ order_id: orderId, has_dni: true });
    // The agents' history of the line says the customer sent it, naming the file, as the customer (no agent).
    const agent = await signedIn(t.app, AGENT);
    const detail = (await agent.get(`/api/backoffice/items/${itemId}`)).json<{
      history: Array<{ accion: string; admin_user_id: number | null; details: Record<string, unknown> | null }>;
    }>();
    expect(detail.history).toContainEqual(
      expect.objectContaining({
        accion: 'documento_identidad_cliente',
        details: { customer_id: customerId, files: [{ file_id: file?.id, filename: 'dni.pdf' }] },
      }),
    );
    // The customer downloads it from the order, like any of its documents.
    const download = await customer.get(`/api/me/orders/${orderId}/files/${String(file?.id)}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('a DNI given as a wizard answer counts: the answer to a question marked document "identity"', async () => {
    // Certificado negativo de propiedades (20002) asks "Copia del DNI o NIE" (4703); its line's file answer.
    const answered = async (optionId: number, uploadedBy = customerId) => {
      const { orderId, itemId } = await order(customerId);
      await t.app.ctx.db.update(orderItems).set({ productId: 20002 }).where(eq(orderItems.itemId, itemId));
      await t.app.ctx.db.insert(itemFiles).values({
        itemId,
        filename: 'dni.pdf',
        contentType: 'application/pdf',
        size: PDF.length,
        sha256: 'x'.repeat(64),
        storageKey: `test/${itemId}`,
        uploadedBy,
        uploadId: `upload-${itemId}`,
        optionId,
      });
      return (await customer.get(`/api/me/order-documents/has-dni?order_id=${orderId}`)).json();
    };
    expect(await answered(4703)).toMatchObject({ has_dni: true });
    // Another question's document, or the DNI the staff attached, is not the customer's identity document.
    expect(await answered(4704)).toMatchObject({ has_dni: false });
    expect(await answered(4703, otherId)).toMatchObject({ has_dni: false });
  });

  it('a document of another kind does not count as the identity document', async () => {
    const { orderId, itemId } = await order(customerId);
    expect((await push(customer, `/api/me/orders/${orderId}/files`, [{ name: 'x.pdf', bytes: PDF }])).statusCode).toBe(
      201,
    );
    const res = await customer.get(`/api/me/order-documents/has-dni?order_id=${orderId}`);
    expect(res.json()).toMatchObject({ has_dni: false });
    const [line] = await t.app.ctx.db.select().from(itemHistory).where(eq(itemHistory.itemId, itemId));
    expect(line).toMatchObject({ accion: 'archivo_cliente', adminUserId: null });
  });

  it('another customer’s order is 404 for both, the same answer as an order that does not exist', async () => {
    const { orderId, itemId } = await order(otherId);
    for (const id of [orderId, 999_999_999]) {
      expect((await customer.get(`/api/me/order-documents/has-dni?order_id=${id}`)).statusCode).toBe(404);
      const res = await push(customer, `/api/me/orders/${id}/files`, [{ name: 'dni.pdf', bytes: PDF }], 'identity');
      expect(res.statusCode).toBe(404);
    }
    const rows = await t.app.ctx.db.select().from(itemFiles).where(eq(itemFiles.itemId, itemId));
    expect(rows).toEqual([]);
  });

  it('a line of another order is 404', async () => {
    const mine = await order(customerId);
    const theirs = await order(otherId);
    const res = await push(customer, `/api/me/orders/${mine.orderId}/files?item_id=${theirs.itemId}`, [
      { name: 'a.pdf', bytes: PDF },
    ]);
    expect(res.statusCode).toBe(404);
  });

  it('applies the upload rules: type by content, empty files, size, an unknown kind, no file', async () => {
    const { orderId } = await order(customerId);
    const url = `/api/me/orders/${orderId}/files`;
    const exe = Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'binary');
    expect((await push(customer, url, [{ name: 'dni.pdf', bytes: exe }])).statusCode).toBe(415);
    expect((await push(customer, url, [{ name: 'empty.pdf', bytes: Buffer.alloc(0) }])).statusCode).toBe(400);
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD + 1)]);
    expect((await push(customer, url, [{ name: 'big.pdf', bytes: big }])).statusCode).toBe(413);
    const kind = await push(customer, url, [{ name: 'a.pdf', bytes: PDF }], 'passport-photo');
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toMatchObject({ fields: [{ field: 'kind' }] });
    expect((await push(customer, url, [])).statusCode).toBe(400);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.pdf`, bytes: PDF }));
    expect((await push(customer, url, six)).statusCode).toBe(429);
    const [stored] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const files = await t.app.ctx.db.select().from(itemFiles).where(eq(itemFiles.itemId, stored!.itemId));
    expect(files).toEqual([]);
  });

  it('needs a session and the CSRF token', async () => {
    const { orderId } = await order(customerId);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(`/api/me/order-documents/has-dni?order_id=${orderId}`)).statusCode).toBe(401);
    const res = await customer.request({
      method: 'POST',
      url: `/api/me/orders/${orderId}/files`,
      ...pushBody([{ name: 'a.pdf', bytes: PDF }]),
      headers: { ...pushBody([]).headers, 'x-csrf-token': 'wrong' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('a hostile file name is stored as a plain name; an encoded path, an agent and a NUL byte find nothing', async () => {
    const { orderId } = await order(customerId);
    const res = await push(customer, `/api/me/orders/${orderId}/files`, [
      { name: '../../etc/pa\u0000sswd\u202e.pdf', bytes: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const name = String(res.json<{ files: Array<{ filename: string }> }>().files[0]?.filename);
    for (const forbidden of ['/', '\\', '\u0000', '\u202e']) expect(name).not.toContain(forbidden);
    expect(name.endsWith('.pdf')).toBe(true);
    for (const url of [
      `/api/me/orders/${orderId}%2F..%2F1/files`,
      `/api/me/orders/${orderId}%00/files`,
      `/api/me/order-documents/has-dni?order_id=${orderId}%00`,
    ]) {
      const bad = url.includes('has-dni')
        ? await customer.get(url)
        : await push(customer, url, [{ name: 'a.pdf', bytes: PDF }]);
      expect(bad.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, url).toBeLessThan(500);
    }
    // Staff are not the order's customer: the customer panel's routes answer 404 to them too.
    const agent = await signedIn(t.app, AGENT);
    expect((await agent.get(`/api/me/order-documents/has-dni?order_id=${orderId}`)).statusCode).toBe(404);
    expect((await push(agent, `/api/me/orders/${orderId}/files`, [{ name: 'a.pdf', bytes: PDF }])).statusCode).toBe(
      404,
    );
  });

  it('refuses a malformed order id in the query', async () => {
    for (const bad of ['abc', '0', '-1', '99999999999']) {
      expect((await customer.get(`/api/me/order-documents/has-dni?order_id=${bad}`)).statusCode).toBe(400);
    }
  });
});

describe('the documents list across orders', () => {
  it('lists only the customer’s visible documents, newest first, with the spec’s page shape, and searches', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    expect((await c.register('docs-lister@example.com')).statusCode).toBe(201);
    const id = await userId('docs-lister@example.com');
    const first = await order(id);
    const second = await order(id);
    await t.app.ctx.db
      .update(orderItems)
      .set({ productName: 'Certificado de dominio' })
      .where(eq(orderItems.itemId, second.itemId));
    expect(
      (await push(c, `/api/me/orders/${first.orderId}/files`, [{ name: 'escritura.pdf', bytes: PDF }])).statusCode,
    ).toBe(201);
    expect(
      (await push(c, `/api/me/orders/${second.orderId}/files`, [{ name: 'dni.pdf', bytes: PDF }], 'identity'))
        .statusCode,
    ).toBe(201);
    // A staff-only document of the customer's order and a document of someone else's order stay out.
    await t.app.ctx.db.insert(itemFiles).values({
      itemId: first.itemId,
      filename: 'nota-interna.pdf',
      contentType: 'application/pdf',
      size: 10,
      sha256: 'x',
      storageKey: 'x',
      visibleToCustomer: false,
    });
    const theirs = await order(otherId);
    expect(
      (await push(other, `/api/me/orders/${theirs.orderId}/files`, [{ name: 'ajeno.pdf', bytes: PDF }])).statusCode,
    ).toBe(201);

    const res = await c.get('/api/me/order-documents');
    expect(res.statusCode).toBe(200);
    const list = res.json<{
      items: Array<{ filename: string; order_id: number; product_name: string }>;
      total: number;
      page: number;
      per_page: number;
    }>();
    expect(list).toMatchObject({ total: 2, page: 1, per_page: 10 });
    expect(list.items.map((d) => d.filename)).toEqual(['dni.pdf', 'escritura.pdf']);
    expect(list.items[0]).toMatchObject({ order_id: second.orderId, product_name: 'Certificado de dominio' });

    const paged = (await c.get('/api/me/order-documents?per_page=1&page=2')).json<typeof list>();
    expect(paged.items.map((d) => d.filename)).toEqual(['escritura.pdf']);
    expect(paged.total).toBe(2);
    expect((await c.get('/api/me/order-documents?q=DOMINIO')).json<typeof list>().items.map((d) => d.filename)).toEqual(
      ['dni.pdf'],
    );
    expect((await c.get('/api/me/order-documents?q=%25')).json<typeof list>().total).toBe(0);
    expect((await c.get(`/api/me/order-documents?order_id=${first.orderId}`)).json<typeof list>().total).toBe(1);
    // Another customer's order as the filter: nothing, like an order without documents.
    expect((await c.get(`/api/me/order-documents?order_id=${theirs.orderId}`)).json<typeof list>().total).toBe(0);
    expect((await c.get('/api/me/order-documents?per_page=101')).statusCode).toBe(400);
  });
});

describe('the orders list filters', () => {
  it('filters by what the customer sees, the Madrid day and text', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    expect((await c.register('orders-filter@example.com')).statusCode).toBe(201);
    const id = await userId('orders-filter@example.com');
    const unpaid = await order(id, { paidAt: null, status: 'pending', createdAt: new Date('2026-03-01T10:00:00Z') });
    const working = await order(id, { createdAt: new Date('2026-03-02T23:30:00Z') }); // 3 March in Madrid
    const ready = await order(id, { createdAt: new Date('2026-04-10T10:00:00Z') });
    await t.app.ctx.db
      .update(orderItems)
      .set({ panelStatusId: 110, productName: 'Certificado de dominio' })
      .where(eq(orderItems.itemId, ready.itemId));
    const incident = await order(id, { createdAt: new Date('2026-04-11T10:00:00Z') });
    await t.app.ctx.db
      .update(orderItems)
      .set({ panelStatusId: 60, referencia: 'REF-778' })
      .where(eq(orderItems.itemId, incident.itemId));

    const ids = async (query: string) =>
      (await c.get(`/api/me/orders${query}`))
        .json<{ items: Array<{ order_id: number }> }>()
        .items.map((o) => o.order_id);
    expect(await ids('')).toEqual([incident.orderId, ready.orderId, working.orderId, unpaid.orderId]);
    expect(await ids('?status=pending')).toEqual([unpaid.orderId]);
    expect(await ids('?status=processing')).toEqual([working.orderId]);
    expect(await ids('?status=ready')).toEqual([ready.orderId]);
    expect(await ids('?status=incidence')).toEqual([incident.orderId]);
    expect(await ids('?from=2026-03-03&to=2026-03-03')).toEqual([working.orderId]);
    expect(await ids('?from=2026-04-01')).toEqual([incident.orderId, ready.orderId]);
    expect(await ids('?q=dominio')).toEqual([ready.orderId]);
    expect(await ids('?q=ref-778')).toEqual([incident.orderId]);
    expect(await ids(`?q=${unpaid.orderId}`)).toEqual([unpaid.orderId]);
    expect((await c.get('/api/me/orders?status=lost')).statusCode).toBe(400);
    expect((await c.get('/api/me/orders?from=3%2F3%2F2026')).statusCode).toBe(400);
  });
});

describe('identify: the sign-in page’s first step', () => {
  it('says sign in for a known address and register for a new one, nothing more', async () => {
    const c = visitor();
    await c.start();
    const known = await c.post('/api/auth/identify', { email: '  Docs-Customer@Example.com ' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ next: 'sign_in' });
    expect(known.headers['cache-control']).toBe('no-store');
    expect((await c.post('/api/auth/identify', { email: 'nadie-aqui@example.com' })).json()).toEqual({
      next: 'register',
    });
    const bad = await c.post('/api/auth/identify', { email: 'no-es-un-correo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: [{ field: 'email' }] });
  });

  it('is throttled per IP like the login, and a successful sign-in gives a lookup back', async () => {
    expect(MAX_IDENTIFY_PER_IP).toBe(MAX_FAILURES_PER_IP);
    const c = visitor();
    await c.start();
    for (let i = 0; i < MAX_IDENTIFY_PER_IP - 1; i++) {
      expect((await c.post('/api/auth/identify', { email: `probe${i}@example.com` })).statusCode).toBe(200);
    }
    expect((await c.post('/api/auth/identify', { email: 'docs-customer@example.com' })).statusCode).toBe(200);
    // The owner signing in from that address frees one lookup (as the login's own counter does).
    expect(
      (await c.post('/api/auth/login', { email: 'docs-customer@example.com', password: 'correct-horse-battery' }))
        .statusCode,
    ).toBe(200);
    await c.start();
    expect((await c.post('/api/auth/identify', { email: 'one-more@example.com' })).statusCode).toBe(200);
    const refused = await c.post('/api/auth/identify', { email: 'two-more@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    // Another address is not affected.
    const d = visitor();
    await d.start();
    expect((await d.post('/api/auth/identify', { email: 'one-more@example.com' })).statusCode).toBe(200);
  });

  it('lookups sent at once from one address never pass the limit together', async () => {
    const c = visitor();
    await c.start();
    const answers = await Promise.all(
      Array.from({ length: MAX_IDENTIFY_PER_IP + 6 }, (_, i) =>
        c.post('/api/auth/identify', { email: `burst${i}@example.com` }),
      ),
    );
    const passed = answers.filter((r) => r.statusCode === 200).length;
    expect(passed).toBeLessThanOrEqual(MAX_IDENTIFY_PER_IP);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
  });

  it('needs the CSRF token like every POST', async () => {
    const c = visitor();
    await c.start();
    const res = await c.post('/api/auth/identify', { email: 'a@example.com' }, { 'x-csrf-token': 'wrong' });
    expect(res.statusCode).toBe(403);
  });
});
