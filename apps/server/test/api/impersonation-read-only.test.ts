import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { ADMIN, createTestApp, notaSimpleAnswers, signedIn, TestClient, type TestApp } from '../support/test-app.js';

// "Log in as the customer" only looks. The list of state-changing routes is what the app REGISTERED (an onRoute
// hook), not a hand-kept list: a route added tomorrow is refused during an impersonation unless it declares
// `impersonation: 'allowed'`, and this file fails if one is allowed without being in ALLOWED below.

const registered: RouteOptions[] = [];
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The only POST/PUT/PATCH/DELETE routes an impersonating browser may call: the way back, signing out and signing in
 * (which end it), and reads sent as POST to keep their input out of URLs (they change nothing).
 */
const ALLOWED = [
  'DELETE /api/me/impersonation',
  'POST /api/auth/logout',
  'POST /api/auth/login',
  'POST /api/stores/:storeId/products/:urlKey/evaluate',
  'POST /api/auth/check-email',
  'POST /api/auth/identify',
  'POST /api/auth/password/reset-token',
  'POST /api/pay-links/:orderId',
  'POST /api/quote-links/:quoteId',
];

let t: TestApp;
let admin: TestClient;
let customerId: number;

interface Target {
  method: string;
  url: string;
  allowed: boolean;
  /** The payment provider's own page (the sandbox's): not the shop's, its session is not read. */
  providerPage: boolean;
}

function targets(): Target[] {
  return registered.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => UNSAFE.has(method))
      .map((method) => ({
        method,
        url: route.url
          .replace(/:urlKey/g, 'nota-simple')
          .replace(/:\w+/g, '1')
          .replace(/\*$/, 'x'),
        key: `${method} ${route.url}`,
        allowed: route.config?.impersonation === 'allowed',
        providerPage: route.config?.impersonation === 'provider-page',
      })),
  );
}

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => registered.push(route) });
  const customer = new TestClient(t.app);
  await customer.start(1);
  expect((await customer.register('read-only.lucia@example.com')).statusCode).toBe(201);
  customerId = (await t.app.ctx.db.select().from(users).where(eq(users.email, 'read-only.lucia@example.com')))[0]!.id;
  admin = await signedIn(t.app, ADMIN);
  expect((await admin.post(`/api/backoffice/customers/${customerId}/impersonation`)).statusCode).toBe(200);
  await admin.start(1);
  expect((await admin.get('/api/me')).json()).toMatchObject({ user: { id: customerId } });
});
afterAll(async () => t?.close());

describe('while an admin is logged in as a customer', () => {
  it('only the way back, signing out, signing in and reads sent as POST are allowed', () => {
    const allowed = registered.flatMap((route) =>
      route.config?.impersonation === 'allowed' ? [route.method].flat().map((method) => `${method} ${route.url}`) : [],
    );
    expect(allowed.sort()).toEqual([...ALLOWED].sort());
  });

  it('every other state-changing route refuses with IMPERSONATION_READ_ONLY, before its body is looked at', async () => {
    const list = targets().filter((target) => !target.allowed && !target.providerPage);
    // The customer side is in the list: the cart, uploads, the contact form, the account, checkout, saved items.
    const urls = new Set(list.map((target) => `${target.method} ${target.url}`));
    for (const expected of [
      'POST /api/cart/items',
      'POST /api/uploads',
      'POST /api/contact',
      'POST /api/checkout',
      'PUT /api/me/billing',
    ]) {
      expect(urls).toContain(expected);
    }
    const wrong: string[] = [];
    for (const target of list) {
      const res = await admin.request({
        method: target.method as 'POST',
        url: target.url,
        ...(target.method === 'DELETE' ? {} : { payload: { unexpected: ['not', 'valid'] } }),
      });
      const body = res.headers['content-type']?.toString().includes('json') ? res.json() : {};
      if (res.statusCode !== 403 || body.code !== 'IMPERSONATION_READ_ONLY')
        wrong.push(`${target.method} ${target.url}: ${res.statusCode} ${String(body.code)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the payment provider’s own forms (the sandbox’s) are not the shop’s: they answer as the provider would', async () => {
    const providerPages = targets().filter((target) => target.providerPage);
    const sandboxForms = targets().filter((target) => target.url.startsWith('/sandbox-pay/'));
    expect(providerPages.length).toBeGreaterThan(0);
    expect(providerPages).toEqual(sandboxForms);
    // The shop's session is not read: the provider's own answer (a form without its token is refused, in HTML).
    const res = await admin.request({ method: 'POST', url: '/sandbox-pay/checkout/1', payload: { token: 'x' } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('the refusal is in the store language, and the session is still the customer’s (reads work)', async () => {
    const res = await admin.post('/api/cart/items', {
      store_id: 1,
      url_key: 'nota-simple',
      answers: notaSimpleAnswers(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'IMPERSONATION_READ_ONLY',
      message: expect.stringMatching(/.{10,}/),
    });
    expect((await admin.get('/api/cart')).statusCode).toBe(200);
    expect((await admin.get('/api/cart')).json()).toMatchObject({ items: [] });
    expect((await admin.get('/api/me')).json()).toMatchObject({ user: { id: customerId } });
  });

  it('the customer, signed in on their own browser, is not affected', async () => {
    const customer = await signedIn(t.app, ['read-only.lucia@example.com', 'correct-horse-battery'], 1);
    const add = await customer.post('/api/cart/items', {
      store_id: 1,
      url_key: 'nota-simple',
      answers: notaSimpleAnswers(),
    });
    expect(add.statusCode).toBe(201);
  });

  it('the wizard still prices answers (a read sent as POST)', async () => {
    const res = await admin.post('/api/stores/1/products/nota-simple/evaluate', { answers: notaSimpleAnswers() });
    expect(res.statusCode).toBe(200);
  });

  it('the way back is allowed', async () => {
    const back = await admin.request({ method: 'DELETE', url: '/api/me/impersonation' });
    expect(back.statusCode).toBe(200);
  });
});
