import { cifControlDigit } from '@ventanilla/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemFiles, itemHistory, users } from '../../src/db/schema.js';
import { COMPANY_REPORT_JOB, REPORT_HISTORY } from '../../src/modules/company-reports/company-reports.service.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { pdfText } from '../support/pdf-text.js';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

// Company reports by CIF (docs/integrations.md, "Company reports"): the staff lookup over the sandbox adapter, and the
// report attached to a paid report line by its background job. Embedded database, and PostgreSQL with
// TEST_DATABASE_URL.

let t: TestApp;
let agent: TestClient;
let admin: TestClient;
let customer: TestClient;
let other: TestClient;
let customerId: number;

const CIF = 'B86670460';
/** A valid CIF the sandbox does not know (its number starts with 999). */
const UNKNOWN = `B9991234${cifControlDigit('9991234')}`;

beforeAll(async () => {
  t = await createTestApp({ env: { COMPANY_REPORTS_LOOKUPS_PER_HOUR: '12' } });
  agent = new TestClient(t.app);
  await agent.login('agente@ventanilla.test', 'agente-demo-2026');
  admin = new TestClient(t.app);
  await admin.login('admin@ventanilla.test', 'admin-demo-2026');
  customer = new TestClient(t.app);
  expect((await customer.register('informes@example.com')).statusCode).toBe(201);
  other = new TestClient(t.app);
  expect((await other.register('otro-informes@example.com')).statusCode).toBe(201);
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'informes@example.com'));
  customerId = row!.id;
});
afterAll(async () => t?.close());

const lookup = (client: TestClient, query: string) => client.get(`/api/lookups/company-report?${query}`);

describe('GET /api/lookups/company-report', () => {
  it('answers an economic report of the sandbox, marked as such, the same every time', async () => {
    const res = await lookup(agent, `cif=${CIF.toLowerCase()}&kind=economic`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ kind: 'economic', sandbox: true, source: 'sandbox', company: { cif: CIF } });
    expect(body.company.name).toMatch(/S\.L\.$/);
    expect(body.company.registered_office.province).toBe('Madrid');
    expect(body.company.cnae.code).toMatch(/^\d{4}$/);
    expect(body.years).toHaveLength(3);
    expect(body.years[0].year).toBeGreaterThan(body.years[1].year);
    expect(body.years[0].turnover).toMatch(/^-?\d+\.\d{2}$/);
    expect(body.rating.score).toBeGreaterThanOrEqual(1);
    expect((await lookup(agent, `cif=${CIF}&kind=economic`)).json()).toEqual(body);
  });

  it('answers a solvency report with the same company', async () => {
    const economic = (await lookup(admin, `cif=${CIF}&kind=economic`)).json();
    const solvency = (await lookup(admin, `cif=${CIF}&kind=solvency`)).json();
    expect(solvency.kind).toBe('solvency');
    expect(solvency.company).toEqual(economic.company);
  });

  it('an invalid CIF is a 400 naming the field; an unknown company is "Registro no encontrado"', async () => {
    for (const cif of ['B86670461', '12345678Z', 'B-86670460', '', 'B8667046%00', '%E2%80%AE' + CIF]) {
      const res = await lookup(agent, `cif=${cif}&kind=economic`);
      expect(res.statusCode, cif).toBe(400);
    }
    const bad = (await lookup(agent, 'cif=B86670461&kind=economic')).json();
    expect(bad.fields).toEqual([expect.objectContaining({ field: 'cif', code: 'check' })]);
    const unknown = await lookup(agent, `cif=${UNKNOWN}&kind=solvency`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Registro no encontrado');
  });

  it('refuses other kinds, missing and extra parameters, and very long values', async () => {
    expect((await lookup(agent, `cif=${CIF}&kind=credit`)).statusCode).toBe(400);
    expect((await lookup(agent, `cif=${CIF}`)).statusCode).toBe(400);
    expect((await lookup(agent, `kind=economic`)).statusCode).toBe(400);
    expect((await lookup(agent, `cif=${CIF}&kind=economic&x=1`)).statusCode).toBe(400);
    expect((await lookup(agent, `cif=${'B'.repeat(5000)}&kind=economic`)).statusCode).toBe(400);
  });

  it('customers and notaries are refused; anonymous callers must sign in', async () => {
    expect((await lookup(customer, `cif=${CIF}&kind=economic`)).statusCode).toBe(403);
    const notary = new TestClient(t.app);
    await notary.login('notario@ventanilla.test', 'notario-demo-2026');
    expect((await lookup(notary, `cif=${CIF}&kind=economic`)).statusCode).toBe(403);
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    expect((await lookup(anonymous, `cif=${CIF}&kind=economic`)).statusCode).toBe(401);
  });

  it('is rate-limited per account (429), other accounts unaffected', async () => {
    const heavy = new TestClient(t.app);
    await heavy.login('admin@ventanilla.test', 'admin-demo-2026');
    const statuses: number[] = [];
    // The admin used 2 of its 12 above; parallel calls cannot go past the limit.
    const results = await Promise.all(Array.from({ length: 14 }, () => lookup(heavy, `cif=${CIF}&kind=economic`)));
    for (const r of results) statuses.push(r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    expect((await lookup(agent, `cif=${CIF}&kind=economic`)).statusCode).toBe(200);
  });
});

describe('the report of a paid report line is attached to the order', () => {
  let orderId: number;
  let itemId: number;

  beforeAll(async () => {
    await customer.start(1);
    const add = await customer.post('/api/cart/items', {
      store_id: 1,
      url_key: 'informe-economico',
      answers: { '5501': 'Ejemplo Servicios SL', '5502': CIF },
    });
    expect(add.statusCode).toBe(201);
    const checkout = await customer.post('/api/checkout', {
      payment_method: 'cc',
      accept_terms: true,
      start_now: true,
    });
    expect(checkout.statusCode).toBe(201);
    orderId = checkout.json().order_id;
    const pay = await payOnSandbox(t.app, checkout.json().redirect_url, { number: '4242 4242 4242 4242' });
    expect(pay.status).toBe(303);
    await waitFor(async () => (await customer.get(`/api/orders/${orderId}/payment`)).json<{ paid: boolean }>().paid);
    itemId = (await customer.get(`/api/me/orders/${orderId}`)).json().items[0].id;
  });

  it('payment queued one job for the line, in the paying transaction', async () => {
    const { rows } = await t.app.ctx.database.pool.query(
      'select state from pgboss.job where name = $1 and singleton_key = $2',
      [COMPANY_REPORT_JOB, String(itemId)],
    );
    expect(rows).toEqual([{ state: 'created' }]);
  });

  it('the job attaches the sandbox PDF once, with a history line; the customer sees and downloads it', async () => {
    // Two runs at once (a retried job beside the first one) attach one file.
    const outcomes = await Promise.all([
      t.app.ctx.companyReports.attach(itemId),
      t.app.ctx.companyReports.attach(itemId),
    ]);
    expect(outcomes.sort()).toEqual(['already_attached', 'attached']);
    expect(await t.app.ctx.companyReports.attach(itemId)).toBe('already_attached');

    const files = await t.app.ctx.db.select().from(itemFiles).where(eq(itemFiles.itemId, itemId));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      filename: `informe-economico-${CIF}.pdf`,
      contentType: 'application/pdf',
      visibleToCustomer: true,
      uploadedBy: null,
    });
    const history = await t.app.ctx.db
      .select()
      .from(itemHistory)
      .where(and(eq(itemHistory.itemId, itemId), eq(itemHistory.accion, REPORT_HISTORY.attached)));
    expect(history).toHaveLength(1);
    expect(history[0]!.details).toMatchObject({ kind: 'economic', cif: CIF, sandbox: true, file_id: files[0]!.id });

    const order = (await customer.get(`/api/me/orders/${orderId}`)).json();
    expect(order.items[0].files).toEqual([
      expect.objectContaining({ id: files[0]!.id, filename: `informe-economico-${CIF}.pdf` }),
    ]);
    const download = await customer.get(`/api/me/orders/${orderId}/files/${files[0]!.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(download.rawPayload);
    expect(text).toContain('SANDBOX / datos ficticios');
    expect(text).toContain('Informe económico de empresa');
    expect(text).toContain(CIF);
  });

  it("another customer's order and file are not found", async () => {
    const [file] = await t.app.ctx.db.select().from(itemFiles).where(eq(itemFiles.itemId, itemId));
    expect((await other.get(`/api/me/orders/${orderId}`)).statusCode).toBe(404);
    expect((await other.get(`/api/me/orders/${orderId}/files/${file!.id}`)).statusCode).toBe(404);
  });

  it('unpaid lines, lines of other products and missing items get nothing', async () => {
    const unpaid = await insertOrderWithItem(t.app.ctx.db, {
      orderId: 990000001,
      customerId,
      order: { status: 'pending', paidAt: null },
      item: { productId: 18506, productName: 'Informe económico', answers: { '5502': CIF }, panelStatusId: 0 },
    });
    expect(await t.app.ctx.companyReports.attach(unpaid.itemId)).toBe('unpaid');
    const ns = await insertOrderWithItem(t.app.ctx.db, {
      orderId: 990000002,
      customerId,
      order: { paidAt: new Date() },
    });
    expect(await t.app.ctx.companyReports.attach(ns.itemId)).toBe('not_a_report');
    expect(await t.app.ctx.companyReports.attach(2_000_000_000)).toBe('missing');
    const files = await t.app.ctx.db.select().from(itemFiles).where(eq(itemFiles.itemId, unpaid.itemId));
    expect(files).toEqual([]);
  });

  it('a line with no CIF or an unknown company is noted once for the agents, with no file', async () => {
    const noCif = await insertOrderWithItem(t.app.ctx.db, {
      orderId: 990000003,
      customerId,
      order: { paidAt: new Date() },
      item: { productId: 18507, productName: 'Informe de solvencia', answers: { '5601': 'Sin CIF SL' } },
    });
    expect(await t.app.ctx.companyReports.attach(noCif.itemId)).toBe('no_cif');
    expect(await t.app.ctx.companyReports.attach(noCif.itemId)).toBe('no_cif');
    const unknown = await insertOrderWithItem(t.app.ctx.db, {
      orderId: 990000004,
      customerId,
      order: { paidAt: new Date() },
      item: { productId: 18507, productName: 'Informe de solvencia', answers: { '5602': UNKNOWN } },
    });
    expect(await t.app.ctx.companyReports.attach(unknown.itemId)).toBe('not_found');
    const notes = await t.app.ctx.db
      .select({ itemId: itemHistory.itemId, accion: itemHistory.accion })
      .from(itemHistory)
      .where(eq(itemHistory.itemId, noCif.itemId));
    expect(notes).toEqual([{ itemId: noCif.itemId, accion: REPORT_HISTORY.noCif }]);
    const unknownNotes = await t.app.ctx.db.select().from(itemHistory).where(eq(itemHistory.itemId, unknown.itemId));
    expect(unknownNotes.map((n) => n.accion)).toEqual([REPORT_HISTORY.notFound]);
    expect(await t.app.ctx.db.select().from(itemFiles).where(eq(itemFiles.itemId, unknown.itemId))).toEqual([]);
  });
});
