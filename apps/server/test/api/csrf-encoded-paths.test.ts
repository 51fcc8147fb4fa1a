import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../support/registered-routes.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

/**
 * Regression: CSRF and the API's security headers were decided on the raw URL, so `POST /%61pi/backoffice/orders/
 * {id}/confirm-transfer` without the token paid an order (the router decodes the path, the check did not). Every
 * state-changing route is tried with percent-encoded letters and no CSRF token: refused (403), or unroutable (404).
 */

// Routes that authenticate otherwise and opt out of the token (anything new here must be a conscious decision).
const NO_CSRF = new Set([
  'POST /api/payments/:provider/notifications',
  'POST /api/stores/:storeId/products/:urlKey/evaluate',
]);
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let customer: TestClient;
let admin: TestClient;
let orderId: number;
let itemId: number;
let cartItemId: number;
let fileId: string;
beforeAll(async () => {
  t = await createTestApp();
  customer = new TestClient(t.app);
  await customer.start(1);
  expect(
    (await customer.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() }))
      .statusCode,
  ).toBe(201);
  await customer.register(`csrf-${Date.now()}@example.com`);
  const checkout = await customer.post('/api/checkout', {
    payment_method: 'bank',
    accept_terms: true,
    start_now: true,
  });
  expect(checkout.statusCode, checkout.body).toBe(201);
  orderId = checkout.json<{ order_id: number }>().order_id;
  const { rows } = await t.app.ctx.database.pool.query<{ item_id: number }>(
    'select item_id from order_items where order_id = $1',
    [orderId],
  );
  itemId = rows[0]!.item_id;
  expect(
    (await customer.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() }))
      .statusCode,
  ).toBe(201);
  cartItemId = (await customer.get('/api/cart')).json<{ items: Array<{ id: number }> }>().items[0]!.id;
  const boundary = '----vt';
  const upload = await customer.request({
    method: 'POST',
    url: '/api/uploads',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n` +
        '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n' +
        `\r\n--${boundary}--\r\n`,
    ),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  fileId = upload.json<{ file_id: string }>().file_id;
  admin = new TestClient(t.app);
  await admin.login('admin@ventanilla.test', 'admin-demo-2026');
  // From here on both behave like a cross-site form: their cookie is sent, the CSRF token is not.
  customer.csrf = undefined;
  admin.csrf = undefined;
});
afterAll(async () => t?.close());

/** A route pattern with its parameters filled with things that exist (so a forged request would change them). */
function fill(url: string): string {
  const values: Record<string, string> = {
    orderId: String(orderId),
    itemId: String(itemId),
    id: String(cartItemId),
    fileId,
    storeId: '1',
    urlKey: 'nota-simple',
    productId: '1',
    categoryId: '1',
    revisionId: '1',
    provider: 'sandbox',
  };
  return url.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? '1');
}

/** Variants of a path with one letter percent-encoded: in `api`, and in the last literal segment. */
function encodedVariants(path: string): string[] {
  const encode = (s: string, i: number) => `${s.slice(0, i)}%${s.charCodeAt(i).toString(16)}${s.slice(i + 1)}`;
  const variants = [encode(path, 1), encode(path, 3), path.replace('/api/', '/%61%70%69/')];
  const last = path.search(/\/[a-z][^/]*$/);
  if (last > 4) variants.push(encode(path, last + 1), `${path.slice(0, last)}/${path.slice(last + 1).toUpperCase()}`);
  return variants;
}

describe('percent-encoded paths need the CSRF token like any other', () => {
  it('every state-changing API route refuses an encoded path without the token (403, or 404 if unroutable)', async () => {
    const routes = registeredRoutes(t.app).filter(
      (r) => UNSAFE.has(r.method) && r.url.startsWith('/api/') && !NO_CSRF.has(`${r.method} ${r.url}`),
    );
    expect(routes.length).toBeGreaterThan(25);
    const passed: string[] = [];
    for (const route of routes) {
      for (const url of encodedVariants(fill(route.url))) {
        for (const client of [customer, admin]) {
          const res = await client.request({ method: route.method as 'POST', url, payload: {} });
          if (res.statusCode === 404) continue;
          if (res.statusCode !== 403 || res.json().code !== 'CSRF_INVALID')
            passed.push(`${route.method} ${url} -> ${res.statusCode}`);
        }
      }
    }
    expect(passed).toEqual([]);
  });

  it('the reported ones change nothing: the order stays unpaid, the upload and the session stay', async () => {
    const confirm = await admin.post(`/%61pi/backoffice/orders/${orderId}/confirm-transfer`);
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json().code).toBe('CSRF_INVALID');
    const upload = await customer.request({ method: 'POST', url: '/ap%69/uploads', payload: {} });
    expect(upload.statusCode).toBe(403);
    expect((await admin.post('/%61pi/auth/logout')).statusCode).toBe(403);
    expect((await customer.request({ method: 'DELETE', url: `/%61pi/uploads/${fileId}` })).statusCode).toBe(403);

    const { rows } = await t.app.ctx.database.pool.query<{ status: string }>(
      'select status from payments where order_id = $1',
      [orderId],
    );
    expect(rows.map((r) => r.status)).toEqual(['pending']);
    expect((await admin.get('/api/me')).statusCode).toBe(200);
    expect((await customer.get(`/api/uploads/${fileId}`)).statusCode).toBe(200);
    expect((await customer.get('/api/cart')).json().items).toHaveLength(1);
  });

  it('an encoded API path gets the API security headers, not the pages ones', async () => {
    for (const url of ['/%61pi/health', '/ap%69/session', '/%61pi/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });
});
