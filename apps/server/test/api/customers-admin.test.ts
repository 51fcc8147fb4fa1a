import { cents, rateBp } from '@ventanilla/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerBilling, orderItems, orders, tickets, users } from '../../src/db/schema.js';
import { acceptInvitation } from '../support/invitations.js';
import { ADMIN, AGENT, createTestApp, NOTARY, signedIn, type TestApp, TestClient } from '../support/test-app.js';

// The back office's customers and the agents admin (docs/backoffice.md, "Customers", "Agents"). Runs on the embedded
// database, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let agent: TestClient;
let admin: TestClient;
let notary: TestClient;
let customer: TestClient;
let anonymous: TestClient;
let lucia: number;
let other: number;
let adminId: number;
const ORDER_ID = 109_000_001;

const signIn = (account: readonly [string, string]) => signedIn(t.app, account);

interface SearchBody {
  items: { customer_id: number; email: string; tax_id: string | null; phone: string | null }[];
  total: number;
  page: number;
  per_page: number;
}
const search = async (client: TestClient, q: string, extra = '') => {
  const res = await client.get(`/api/backoffice/customers?search=${encodeURIComponent(q)}${extra}`);
  return res;
};
const ids = (res: { json: () => unknown }) => (res.json() as SearchBody).items.map((i) => i.customer_id);

/** Every key of a JSON value, recursively: no response may carry a password hash or a token. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}
const SECRET_KEY = /hash|token|password|secret|csrf|card|iban/i;

beforeAll(async () => {
  t = await createTestApp();
  customer = new TestClient(t.app);
  expect((await customer.register('lucia.perez@example.com')).statusCode).toBe(201);
  const other1 = new TestClient(t.app);
  expect(
    (await other1.register('otro@example.net', 'correct-horse-battery', { firstname: 'Óscar', lastname: 'Ruiz' }))
      .statusCode,
  ).toBe(201);
  anonymous = new TestClient(t.app);
  await anonymous.start();
  agent = await signIn(AGENT);
  admin = await signIn(ADMIN);
  notary = await signIn(NOTARY);
  const db = t.app.ctx.db;
  const [l] = await db.select().from(users).where(eq(users.email, 'lucia.perez@example.com'));
  const [o] = await db.select().from(users).where(eq(users.email, 'otro@example.net'));
  const [a] = await db.select().from(users).where(eq(users.email, ADMIN[0]));
  lucia = l!.id;
  other = o!.id;
  adminId = a!.id;
  await db.update(users).set({ phone: '+34600112233' }).where(eq(users.id, lucia));
  await db.insert(customerBilling).values({
    userId: lucia,
    name: 'Lucía Pérez',
    taxId: '12345678Z',
    address: 'Calle Mayor 1, Madrid',
    country: 'ES',
  });
  await db.insert(orders).values({
    orderId: ORDER_ID,
    storeId: 1,
    customerId: lucia,
    status: 'complete',
    taxRateBp: rateBp(2100),
    subtotal: cents(1000),
    taxAmount: cents(210),
    total: cents(1210),
    customerEmail: 'lucia.perez@example.com',
    customerFirstname: 'Lucía',
    customerLastname: 'Pérez',
  });
  // A ticket written from her e-mail (not linked to the account) and another customer's.
  await db.insert(tickets).values([
    { status: 2, email: 'lucia.perez@example.com', subject: 'Mi nota simple', storeId: 1, source: 'mail' },
    { status: 2, email: 'someone.else@example.com', subject: 'Otro', storeId: 1, source: 'mail' },
  ]);
  await db.insert(orderItems).values({
    orderId: ORDER_ID,
    productId: 1,
    productName: 'Nota simple',
    answers: {},
    productOptions: [],
    basePrice: cents(1000),
    optionsPrice: cents(0),
    subtotal: cents(1000),
    taxAmount: cents(210),
    total: cents(1210),
    panelStatusId: 40,
  });
});
afterAll(async () => t?.close());

describe('GET /api/backoffice/customers (search)', () => {
  it.each([
    ['e-mail part', 'lucia.perez@'],
    ['e-mail, other case', 'LUCIA.PEREZ@EXAMPLE.COM'],
    ['name', 'lucía pérez'],
    ['surname', 'Pérez'],
    ['name without accents, as agents type', 'lucia perez'],
    ['surname in capitals without accents', 'PEREZ'],
    ['tax id', '12345678z'],
    ['tax id with separators', '12.345.678-Z'],
    ['phone', '600 11 22 33'],
    ['phone with prefix', '+34 600112233'],
    ['order id', String(ORDER_ID)],
  ])('finds the customer by %s', async (_name, q) => {
    const res = await search(agent, q);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([lucia]);
    expect((res.json() as SearchBody).items[0]).toMatchObject({
      customer_id: lucia,
      email: 'lucia.perez@example.com',
      tax_id: '12345678Z',
      phone: '+34600112233',
    });
  });

  it('finds by customer id and lists only customers (never staff accounts)', async () => {
    expect(ids(await search(admin, String(other)))).toEqual([other]);
    expect(ids(await search(admin, 'agente@ventanilla.test'))).toEqual([]);
    expect(ids(await search(admin, 'admin@ventanilla'))).toEqual([]);
    expect(ids(await search(admin, 'Notaria'))).toEqual([]);
    expect(ids(await search(admin, String(adminId)))).toEqual([]);
  });

  it('pages, newest first; blank lists everyone', async () => {
    const all = (await search(agent, '')).json() as SearchBody;
    // The two registered here and the demo customer (cliente@ventanilla.test).
    expect(all.total).toBe(3);
    expect(all.items.map((i) => i.customer_id).slice(0, 2)).toEqual([other, lucia]);
    const page2 = (await search(agent, '', '&size=1&page=2')).json() as SearchBody;
    expect(page2).toMatchObject({ total: 3, page: 2, per_page: 1 });
    expect(page2.items.map((i) => i.customer_id)).toEqual([lucia]);
  });

  it('takes % and _ literally', async () => {
    expect(ids(await search(agent, '%'))).toEqual([]);
    expect(ids(await search(agent, '_'))).toEqual([]);
  });

  it.each([
    ['NUL byte', 'a\u0000b'],
    ['line break', 'a\nb'],
    ['too long', 'x'.repeat(201)],
  ])('refuses %s with 400 naming the field', async (_name, q) => {
    const res = await search(agent, q);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ field: 'search' }] });
  });

  it.each([
    ['size', '&size=101'],
    ['page', '&page=0'],
    ['size not a number', '&size=1e3'],
  ])('refuses a bad %s', async (_name, extra) => {
    expect((await search(agent, '', extra)).statusCode).toBe(400);
  });

  it('a huge number is text, not an order id', async () => {
    const res = await search(agent, '9'.repeat(30));
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([]);
  });

  it('is refused to notaries and customers, and anonymous callers', async () => {
    expect((await search(notary, 'lucia')).statusCode).toBe(403);
    expect((await search(customer, 'lucia')).statusCode).toBe(403);
    expect((await search(anonymous, 'lucia')).statusCode).toBe(401);
  });
});

describe('customer detail', () => {
  it('shows account, billing, orders, invoices and no secrets', async () => {
    const res = await agent.get(`/api/backoffice/customers/${lucia}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      customer: { customer_id: lucia, email: 'lucia.perez@example.com', newsletter: false, active: true },
      billing: { tax_id: '12345678Z' },
      orders: [{ order_id: ORDER_ID, total: '12.10', items: 1 }],
      invoices: [],
      tickets: [{ status: 2, subject: 'Mi nota simple' }],
    });
    expect(keysOf(body).filter((k) => SECRET_KEY.test(k))).toEqual([]);
    expect(res.body).not.toMatch(/argon2/);
  });

  it('staff accounts and unknown ids are 404; encoded and huge ids are refused', async () => {
    expect((await agent.get(`/api/backoffice/customers/${adminId}`)).statusCode).toBe(404);
    expect((await agent.get('/api/backoffice/customers/999999')).statusCode).toBe(404);
    expect((await agent.get('/api/backoffice/customers/99999999999999999999')).statusCode).toBe(400);
    expect((await agent.get('/api/backoffice/customers/1%00')).statusCode).toBe(400);
    expect((await agent.get(`/api/backoffice/%63ustomers/${lucia}`)).statusCode).toBe(200);
    expect((await notary.get(`/api/backoffice/customers/${lucia}`)).statusCode).toBe(403);
    expect((await customer.get(`/api/backoffice/customers/${lucia}`)).statusCode).toBe(403);
  });
});

describe('customer edit, newsletter, create', () => {
  const load = async () =>
    (await admin.get(`/api/backoffice/customers/${other}`)).json() as {
      customer: { version: string; email: string; firstname: string };
    };

  it('edits with the version; a stale version is 409', async () => {
    const { customer: before } = await load();
    const body = { email: before.email, firstname: 'Óscar', lastname: 'Ruiz Gil', phone: '611 22 33 44' };
    const res = await agent.request({
      method: 'PUT',
      url: `/api/backoffice/customers/${other}`,
      payload: { ...body, version: before.version },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ customer: { lastname: 'Ruiz Gil', phone: '611223344' } });
    const stale = await agent.request({
      method: 'PUT',
      url: `/api/backoffice/customers/${other}`,
      payload: { ...body, lastname: 'Otro', version: before.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CUSTOMER_CHANGED' });
  });

  it('only admins change the e-mail; a taken e-mail is 409; bad fields are 400', async () => {
    const { customer: c } = await load();
    const base = { firstname: 'Óscar', lastname: 'Ruiz', version: c.version };
    const put = (client: TestClient, payload: object) =>
      client.request({ method: 'PUT', url: `/api/backoffice/customers/${other}`, payload });
    expect((await put(agent, { ...base, email: 'nuevo@example.net' })).statusCode).toBe(403);
    expect((await put(admin, { ...base, email: 'lucia.perez@example.com' })).statusCode).toBe(409);
    const bad = await put(admin, { ...base, email: 'x', firstname: '', phone: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: { field: string }[] }>().fields.map((f) => f.field)).toEqual([
      'email',
      'firstname',
      'phone',
    ]);
    const ok = await put(admin, { ...base, email: 'Nuevo@Example.net' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ customer: { email: 'nuevo@example.net' } });
    // The staff accounts are not editable here.
    expect((await put(admin, { ...base, email: 'x@example.com' })).statusCode).toBe(409);
    const staff = await admin.request({
      method: 'PUT',
      url: `/api/backoffice/customers/${adminId}`,
      payload: { ...base, email: 'hijack@example.com' },
    });
    expect(staff.statusCode).toBe(404);
  });

  it('switches the newsletter', async () => {
    const on = await agent.post(`/api/backoffice/customers/${lucia}/newsletter`, { subscribed: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ customer: { newsletter: true } });
    const again = await agent.post(`/api/backoffice/customers/${lucia}/newsletter`, { subscribed: true });
    expect(again.json()).toMatchObject({ customer: { newsletter: true } });
    expect((await agent.post(`/api/backoffice/customers/${lucia}/newsletter`, { subscribed: 'yes' })).statusCode).toBe(
      400,
    );
    expect((await notary.post(`/api/backoffice/customers/${lucia}/newsletter`, { subscribed: false })).statusCode).toBe(
      403,
    );
  });

  it('admins create customers; agents cannot; the new account has no usable password', async () => {
    const payload = { email: 'Nueva@Example.org', firstname: 'Nuria', lastname: 'Nueva', phone: '+351 912 345 678' };
    expect((await agent.post('/api/backoffice/customers', payload)).statusCode).toBe(403);
    const res = await admin.post('/api/backoffice/customers', payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ customer: { email: 'nueva@example.org', phone: '+351912345678' } });
    expect(keysOf(res.json()).filter((k) => SECRET_KEY.test(k))).toEqual([]);
    expect((await admin.post('/api/backoffice/customers', payload)).statusCode).toBe(409);
    expect((await admin.post('/api/backoffice/customers', { ...payload, role: 'admin' })).statusCode).toBe(400);
    const login = new TestClient(t.app);
    await login.start();
    expect((await login.post('/api/auth/login', { email: 'nueva@example.org', password: '' })).statusCode).toBe(401);
  });
});

describe('agents admin', () => {
  interface Agent {
    id: number;
    email: string;
    role: string;
    active: boolean;
    version: string;
    settings: object;
  }
  const list = async () => (await admin.get('/api/backoffice/staff')).json<{ items: Agent[] }>().items;

  it('is for admins only', async () => {
    expect((await agent.get('/api/backoffice/staff')).statusCode).toBe(403);
    expect((await notary.get('/api/backoffice/staff')).statusCode).toBe(403);
    expect((await customer.get('/api/backoffice/staff')).statusCode).toBe(403);
    expect((await anonymous.get('/api/backoffice/staff')).statusCode).toBe(401);
    const items = await list();
    expect(items.map((a) => a.role).sort()).toEqual(['admin', 'agent', 'notary']);
    expect(keysOf(items).filter((k) => SECRET_KEY.test(k))).toEqual([]);
  });

  it('creates an agent without a password: the invitation sets it', async () => {
    const base = { email: 'nuevo.agente@ventanilla.test', firstname: 'Nico', lastname: 'Nuevo', role: 'agent' };
    // Staff never set another person's password: the field is refused.
    const withPassword = await admin.post('/api/backoffice/staff', { ...base, password: 'tres-tristes-tigres-2026' });
    expect(withPassword.statusCode).toBe(400);
    expect((await admin.post('/api/backoffice/staff', { ...base, role: 'customer' })).statusCode).toBe(400);
    const res = await admin.post('/api/backoffice/staff', { ...base, settings: { default_queue: 'portugal' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      agent: { role: 'agent', active: true, settings: { default_queue: 'portugal' } },
    });
    expect((await acceptInvitation(t.app, base.email, 'tres-tristes-tigres-2026')).statusCode).toBe(200);
    const signedIn = new TestClient(t.app);
    expect((await signedIn.login(base.email, 'tres-tristes-tigres-2026')).statusCode).toBe(200);
  });

  it('deactivating ends the sessions, releases the locks and refuses sign-in', async () => {
    const email = 'baja@ventanilla.test';
    await admin.post('/api/backoffice/staff', {
      email,
      firstname: 'Bea',
      lastname: 'Baja',
      role: 'agent',
    });
    expect((await acceptInvitation(t.app, email, 'tres-tristes-tigres-2026')).statusCode).toBe(200);
    const leaving = await signIn([email, 'tres-tristes-tigres-2026']);
    const [item] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, ORDER_ID));
    expect((await leaving.post(`/api/backoffice/items/${item!.itemId}/lock`)).statusCode).toBe(200);
    const target = (await list()).find((a) => a.email === email)!;
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/backoffice/staff/${target.id}`,
      payload: { version: target.version, active: false },
    });
    expect(res.statusCode).toBe(200);
    expect((await leaving.get('/api/backoffice/workspace')).statusCode).toBe(401);
    const [after] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, ORDER_ID));
    expect(after!.lockedBy).toBeNull();
    const again = new TestClient(t.app);
    expect((await again.login(email, 'tres-tristes-tigres-2026')).statusCode).toBe(401);
    // Stale version
    const stale = await admin.request({
      method: 'PATCH',
      url: `/api/backoffice/staff/${target.id}`,
      payload: { version: target.version, active: true },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('changes role and configuration; refuses self-lockout and customers', async () => {
    const items = await list();
    const notaryRow = items.find((a) => a.role === 'notary')!;
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/backoffice/staff/${notaryRow.id}`,
      payload: { version: notaryRow.version, settings: { languages: ['es', 'pt'] } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ agent: { role: 'notary', settings: { languages: ['es', 'pt'] } } });
    const agentRow = items.find((a) => a.role === 'agent')!;
    const pt = await admin.request({
      method: 'PATCH',
      url: `/api/backoffice/staff/${agentRow.id}`,
      payload: { version: agentRow.version, panel_role: 'portugal' },
    });
    expect(pt.statusCode).toBe(200);
    expect(pt.json()).toMatchObject({ agent: { panel_role: 'portugal' } });
    const badPanel = await admin.request({
      method: 'PATCH',
      url: `/api/backoffice/staff/${agentRow.id}`,
      payload: { version: agentRow.version, panel_role: 'spain' },
    });
    expect(badPanel.statusCode).toBe(400);
    const me = items.find((a) => a.id === adminId)!;
    for (const change of [{ active: false }, { role: 'agent' }]) {
      const refused = await admin.request({
        method: 'PATCH',
        url: `/api/backoffice/staff/${adminId}`,
        payload: { version: me.version, ...change },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'AGENT_CHANGE_REFUSED' });
    }
    const customerRow = await admin.request({
      method: 'PATCH',
      url: `/api/backoffice/staff/${lucia}`,
      payload: { version: me.version, role: 'admin' },
    });
    expect(customerRow.statusCode).toBe(404);
    const byAgent = await agent.request({
      method: 'PATCH',
      url: `/api/backoffice/staff/${adminId}`,
      payload: { version: me.version, active: false },
    });
    expect(byAgent.statusCode).toBe(403);
  });
});
