import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sandboxPayments } from '../../src/db/schema.js';
import { createTestApp, placedCardOrder, type TestApp } from '../support/test-app.js';

// Pages opened under another host than their store's are sent to it before any form is shown (a 3-D Secure
// challenge's form posts back to the canonical origin, which the pages' `form-action 'self'` allows only there).
let stores: TestApp;
let publicUrl: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  stores = await createTestApp({ env: { CANONICAL_HOST: 'store-host', STORE_HOSTS: 'staging.shop.test=16' } });
  proxied = await createTestApp({ env: { CANONICAL_HOST: 'store-host', TRUST_PROXY: '1' } });
  publicUrl = await createTestApp({ env: { CANONICAL_HOST: 'public-url' } });
});
afterAll(async () => {
  await stores?.close();
  await publicUrl?.close();
  await proxied?.close();
});

const get = (t: TestApp, url: string, host: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...extra } });

describe('CANONICAL_HOST=store-host', () => {
  it('sends a store’s second host to its first, over https, keeping the path and query', async () => {
    const res = await get(stores, '/customer/checkout?step=2', 'www.ventanilla.pt');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('https://ventanilla.pt/customer/checkout?step=2');
  });

  it('sends ?store= to that store’s host', async () => {
    const res = await get(stores, '/tienda/servicios?store=16', 'ventanilla.es');
    expect(res.headers.location).toBe('https://ventanilla.pt/tienda/servicios?store=16');
  });

  it('leaves the canonical host, an operator’s host, the API and POSTs alone', async () => {
    expect((await get(stores, '/api/health', 'www.ventanilla.es')).statusCode).toBe(200);
    expect((await get(stores, '/robots.txt', 'staging.shop.test')).statusCode).not.toBe(301);
    const post = await stores.app.inject({ method: 'POST', url: '/api/cart', headers: { host: 'www.ventanilla.es' } });
    expect(post.statusCode).not.toBe(301);
  });

  it('without TRUST_PROXY the scheme is unknown: the canonical host over http is left alone (no loop)', async () => {
    expect((await get(stores, '/', 'ventanilla.es')).statusCode).not.toBe(301);
  });

  it('behind a trusted proxy, http is sent to https; https is served', async () => {
    const res = await get(proxied, '/tienda/servicios', 'ventanilla.es', { 'x-forwarded-proto': 'http' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('https://ventanilla.es/tienda/servicios');
    expect(
      (await get(proxied, '/tienda/servicios', 'ventanilla.es', { 'x-forwarded-proto': 'https' })).statusCode,
    ).not.toBe(301);
  });

  it('a payment started in store 1 returns to https://ventanilla.es, where its pages and cookie are', async () => {
    const { order_id } = await placedCardOrder(stores.app, 'canonical-host@example.com');
    const [payment] = await stores.app.ctx.db
      .select({ returnUrl: sandboxPayments.returnUrl, threeDsReturnUrl: sandboxPayments.threeDsReturnUrl })
      .from(sandboxPayments)
      .where(eq(sandboxPayments.merchantReference, String(order_id)));
    expect(payment?.returnUrl).toMatch(/^https:\/\/ventanilla\.es\//);
    expect(payment?.threeDsReturnUrl).toBe(`https://ventanilla.es/checkout/3ds?order_id=${order_id}`);
  });
});

describe('CANONICAL_HOST=public-url (the development default)', () => {
  it('sends another host to PUBLIC_URL with a temporary redirect', async () => {
    const res = await get(publicUrl, '/tienda/servicios', '127.0.0.1:3000');
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe('http://shop.test/tienda/servicios');
    expect((await get(publicUrl, '/api/health', '127.0.0.1:3000')).statusCode).toBe(200);
  });
});
