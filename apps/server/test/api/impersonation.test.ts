import { cents, IMPERSONATION_TTL_MS, rateBp } from '@ventanilla/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerImpersonations, orders, users } from '../../src/db/schema.js';
import { acceptInvitation } from '../support/invitations.js';
import { ADMIN, AGENT, createTestApp, NOTARY, signedIn, type TestApp, TestClient } from '../support/test-app.js';

// "Log in as the customer" (docs/backoffice.md, "Customers"): admin only, audited, 30 minutes, read-only, a way back.
// The clock is injected, so expiry is tested without waiting. Runs on both databases (TEST_DATABASE_URL).

let t: TestApp;
let clock = new Date('2026-06-01T09:00:00Z');
let lucia: number;
let adminId: number;
let agentId: number;
let secondAdminId: number;
const ORDER_ID = 109_500_001;

const SECOND_ADMIN = ['otra.admin@ventanilla.test', 'tres-tristes-tigres-2026'] as const;

const signIn = (account: readonly [string, string]) => signedIn(t.app, account);

/** Every key of a JSON value, recursively. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}
/** No response an impersonating admin gets may carry a password, its hash or a payment token. */
const SECRET_KEY = /hash|password|secret|card|iban|pan$|payment_token|token_hash/i;

async function impersonate(admin: TestClient, customerId = lucia) {
  const res = await admin.post(`/api/backoffice/customers/${customerId}/impersonation`);
  if (res.statusCode === 200) await admin.start();
  return res;
}

async function lastAudit() {
  const [row] = await t.app.ctx.db
    .select()
    .from(customerImpersonations)
    .orderBy(desc(customerImpersonations.id))
    .limit(1);
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const customer = new TestClient(t.app);
  expect((await customer.register('imp.lucia@example.com')).statusCode).toBe(201);
  const db = t.app.ctx.db;
  const find = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!.id;
  lucia = await find('imp.lucia@example.com');
  adminId = await find(ADMIN[0]);
  agentId = await find(AGENT[0]);
  const admin = await signIn(ADMIN);
  const created = await admin.post('/api/backoffice/staff', {
    email: SECOND_ADMIN[0],
    firstname: 'Olga',
    lastname: 'Admin',
    role: 'admin',
  });
  expect(created.statusCode).toBe(201);
  expect((await acceptInvitation(t.app, SECOND_ADMIN[0], SECOND_ADMIN[1])).statusCode).toBe(200);
  secondAdminId = await find(SECOND_ADMIN[0]);
  await db.insert(orders).values({
    orderId: ORDER_ID,
    storeId: 1,
    customerId: lucia,
    status: 'complete',
    taxRateBp: rateBp(2100),
    subtotal: cents(1000),
    taxAmount: cents(210),
    total: cents(1210),
    customerEmail: 'imp.lucia@example.com',
    customerFirstname: 'Lucía',
    customerLastname: 'Pérez',
  });
});
afterAll(async () => t?.close());

describe('who may log in as a customer', () => {
  it.each([
    ['an agent', AGENT],
    ['a notary', NOTARY],
  ])('%s may not (403)', async (_name, login) => {
    const client = await signIn(login);
    expect((await impersonate(client)).statusCode).toBe(403);
  });

  it('a customer may not, not even into themselves; anonymous callers get 401', async () => {
    const customer = new TestClient(t.app);
    await customer.login('imp.lucia@example.com', 'correct-horse-battery');
    expect((await impersonate(customer)).statusCode).toBe(403);
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    expect((await impersonate(anonymous)).statusCode).toBe(401);
  });

  it('an admin may not become another admin, an agent, themselves (409), or an unknown account (404)', async () => {
    const admin = await signIn(ADMIN);
    for (const id of [secondAdminId, agentId, adminId]) {
      const res = await impersonate(admin, id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'IMPERSONATION_REFUSED' });
    }
    expect((await impersonate(admin, 999_999)).statusCode).toBe(404);
    // Still the admin.
    expect((await admin.get('/api/me')).json()).toMatchObject({ user: { id: adminId } });
  });

  it('needs the CSRF token', async () => {
    const admin = await signIn(ADMIN);
    const res = await admin.request({
      method: 'POST',
      url: `/api/backoffice/customers/${lucia}/impersonation`,
      headers: { 'x-csrf-token': 'forged' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF_INVALID' });
  });
});

describe('an admin logged in as the customer', () => {
  it('sees the shop as the customer, is audited, cannot change anything, and goes back', async () => {
    const admin = await signIn(ADMIN);
    const start = await impersonate(admin);
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({
      customer_id: lucia,
      email: 'imp.lucia@example.com',
      expires_at: new Date(clock.getTime() + IMPERSONATION_TTL_MS).toISOString(),
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ adminId, customerId: lucia, endedAt: null, endReason: null });
    expect(audit.startedAt.toISOString()).toBe(clock.toISOString());
    expect(audit.ip).toBeTruthy();

    expect((await admin.get('/api/me')).json()).toMatchObject({ user: { id: lucia, role: 'customer' } });
    expect((await admin.get('/api/me/impersonation')).json()).toEqual({
      impersonation: {
        customer_email: 'imp.lucia@example.com',
        admin_email: ADMIN[0],
        expires_at: audit.expiresAt.toISOString(),
      },
    });
    const list = await admin.get('/api/me/orders');
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(String(ORDER_ID));

    // Every customer-facing read: no passwords, hashes or payment tokens.
    for (const url of [
      '/api/session',
      '/api/me',
      '/api/me/impersonation',
      '/api/me/orders',
      `/api/me/orders/${ORDER_ID}`,
      '/api/me/invoices',
      '/api/me/billing',
      '/api/me/drafts',
    ]) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.headers['content-type']?.toString().includes('json')) {
        expect(
          keysOf(res.json()).filter((k) => SECRET_KEY.test(k)),
          url,
        ).toEqual([]);
        expect(res.body, url).not.toMatch(/\$argon2/);
      }
    }

    // Read-only: no account, billing or payment changes, no back office.
    const billing = await admin.request({
      method: 'PUT',
      url: '/api/me/billing',
      payload: { name: 'X', tax_id: '12345678Z', address: 'Y', country: 'ES' },
    });
    expect(billing.statusCode).toBe(403);
    expect(billing.json()).toMatchObject({ code: 'IMPERSONATION_READ_ONLY' });
    expect((await admin.post('/api/checkout', {})).statusCode).toBe(403);
    expect((await admin.get('/api/backoffice/customers')).statusCode).toBe(403);
    expect((await impersonate(admin)).statusCode).toBe(403);

    // Back to the back office: a fresh admin session.
    const back = await admin.request({ method: 'DELETE', url: '/api/me/impersonation' });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ user: { id: adminId, email: ADMIN[0] } });
    await admin.start();
    expect((await admin.get('/api/me')).json()).toMatchObject({ user: { id: adminId, role: 'admin' } });
    expect((await admin.get('/api/backoffice/customers')).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ endReason: 'returned' });
    expect((await admin.get('/api/me/impersonation')).json()).toEqual({ impersonation: null });
    // Not impersonating any more: "back" again is a 409.
    expect((await admin.request({ method: 'DELETE', url: '/api/me/impersonation' })).statusCode).toBe(409);
  });

  it("the admin's previous session cookie is dead once the impersonation starts", async () => {
    const admin = await signIn(ADMIN);
    const stolen = new TestClient(t.app);
    // A copy of the admin's cookie from before.
    Object.assign(stolen, { cookie: (admin as unknown as { cookie: string }).cookie, csrf: admin.csrf });
    expect((await stolen.get('/api/me')).statusCode).toBe(200);
    await impersonate(admin);
    expect((await stolen.get('/api/me')).statusCode).toBe(401);
    await admin.request({ method: 'DELETE', url: '/api/me/impersonation' });
  });

  it('cannot outlive 30 minutes (injected clock)', async () => {
    const admin = await signIn(ADMIN);
    await impersonate(admin);
    const started = clock;
    clock = new Date(started.getTime() + IMPERSONATION_TTL_MS - 1);
    expect((await admin.get('/api/me')).statusCode).toBe(200);
    clock = new Date(started.getTime() + IMPERSONATION_TTL_MS);
    expect((await admin.get('/api/me')).statusCode).toBe(401);
    expect(await lastAudit()).toMatchObject({ endReason: 'expired' });
    expect((await admin.request({ method: 'DELETE', url: '/api/me/impersonation' })).statusCode).toBe(403);
    // The way back after expiry is signing in again.
    const again = await signIn(ADMIN);
    expect((await again.get('/api/me')).json()).toMatchObject({ user: { id: adminId } });
    clock = new Date(started.getTime() + 2 * IMPERSONATION_TTL_MS);
  });

  it('logging out ends both the impersonation and the admin session', async () => {
    const admin = await signIn(ADMIN);
    await impersonate(admin);
    expect((await admin.post('/api/auth/logout')).statusCode).toBe(204);
    expect(await lastAudit()).toMatchObject({ endReason: 'logout' });
    expect((await admin.get('/api/me')).statusCode).toBe(401);
  });

  it('signing in as someone else on that browser ends it', async () => {
    const admin = await signIn(ADMIN);
    await impersonate(admin);
    const res = await admin.post('/api/auth/login', { email: AGENT[0], password: AGENT[1] });
    expect(res.statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ endReason: 'replaced' });
  });

  it('dies at once when the admin is deactivated or loses the admin role', async () => {
    const second = await signIn(SECOND_ADMIN);
    await impersonate(second);
    expect((await second.get('/api/me')).json()).toMatchObject({ user: { id: lucia } });
    const admin = await signIn(ADMIN);
    const staff = (await admin.get('/api/backoffice/staff')).json<{ items: { id: number; version: string }[] }>();
    const row = staff.items.find((a) => a.id === secondAdminId)!;
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/backoffice/staff/${secondAdminId}`,
      payload: { version: row.version, role: 'agent' },
    });
    expect(res.statusCode).toBe(200);
    expect((await second.get('/api/me')).statusCode).toBe(401);
    expect(await lastAudit()).toMatchObject({ endReason: 'admin_deactivated' });
  });

  it('the customer page lists the audit', async () => {
    const admin = await signIn(ADMIN);
    const res = await admin.get(`/api/backoffice/customers/${lucia}`);
    const body = res.json<{ impersonations: { admin_email: string; end_reason: string | null }[] }>();
    expect(body.impersonations.length).toBeGreaterThanOrEqual(5);
    expect(body.impersonations.map((i) => i.end_reason)).toContain('expired');
  });
});
