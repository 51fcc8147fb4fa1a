// Regression: Fastify's own refusals answered outside the API contract: an undecodable path (`%FF`, a lone surrogate
// `%ED%A0%80`) or a path parameter over the router's maxParamLength got Fastify's `{error, code: "FST_ERR_...",
// statusCode}` with no security headers (they are answered before routing, where no hook runs); an unsupported content
// type, a body too large or malformed JSON got a code that said "file" or nothing specific. A product url key of its
// documented 120 characters was a 414 (the router's default limit is 100).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PATH_PARAM_LENGTH } from '../../src/shared/http-schemas.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

interface Parameter {
  in: string;
  name: string;
  schema: { type?: string; enum?: unknown[]; anyOf?: Array<{ enum?: unknown[] }>; maxLength?: number };
}
interface OpenApi {
  paths: Record<string, Record<string, { parameters?: Parameter[]; responses: Record<string, unknown> }>>;
}

let t: TestApp;
let doc: OpenApi;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject('/api/openapi.json')).json<OpenApi>();
});
afterAll(async () => t?.close());

/** The answer is the contract's error: the code, a message in the language, the API's security headers. */
function expectContractError(res: LightMyRequestResponse, status: number, code: string, message: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ code: string; message: string }>();
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(body.code).toBe(code);
  expect(t.app.errorRegistry.codes).toContain(body.code);
  expect(body.message).toMatch(message);
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

const PT_BAD_REQUEST = /^Pedido incorreto/;
const EN_BAD_REQUEST = /^Bad request/;
const ES_BAD_REQUEST = /^Solicitud incorrecta/;

describe('refusals before routing', () => {
  it.each([
    ['%FF', '/api/stores/16/products/%FF'],
    ['a lone surrogate', '/api/stores/16/products/%ED%A0%80'],
    ['%FF in a store-scoped list', '/api/stores/16/products/a%FFb'],
  ])('an undecodable path parameter (%s) is a 400 BAD_REQUEST in the store language', async (_name, url) => {
    expectContractError(await t.app.inject({ method: 'GET', url }), 400, 'BAD_REQUEST', PT_BAD_REQUEST);
  });

  it("an undecodable path without a store speaks the session's store language (es by default)", async () => {
    expectContractError(
      await t.app.inject({ method: 'GET', url: '/api/me/orders/%FF' }),
      400,
      'BAD_REQUEST',
      ES_BAD_REQUEST,
    );
    const english = new TestClient(t.app);
    await english.start(9);
    expectContractError(await english.get('/api/me/orders/%ED%A0%80'), 400, 'BAD_REQUEST', EN_BAD_REQUEST);
  });

  it('a path parameter longer than the router allows is a 414 URI_TOO_LONG', async () => {
    const url = `/api/stores/9/products/${'a'.repeat(MAX_PATH_PARAM_LENGTH + 1)}`;
    expectContractError(await t.app.inject({ method: 'GET', url }), 414, 'URI_TOO_LONG', /too long/);
  });

  it('the longest documented path parameter fits the router, however it is encoded', async () => {
    const lengths: number[] = [];
    const unbounded: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const p of op.parameters ?? []) {
          if (p.in !== 'path' || p.schema.type === 'integer' || p.schema.enum || p.schema.anyOf) continue;
          if (p.schema.maxLength === undefined) unbounded.push(`${method} ${path} ${p.name}`);
          else lengths.push(p.schema.maxLength);
        }
      }
    }
    // Every text path parameter says how long it may be, so the router's limit can cover them all.
    expect(unbounded).toEqual([]);
    const longest = Math.max(...lengths);
    expect(longest).toBe(120);
    // Percent-encoded (as the router counts), a character of 3 UTF-8 bytes is 9 characters.
    expect(MAX_PATH_PARAM_LENGTH).toBe(longest * 9);
    const plain = await t.app.inject(`/api/stores/1/products/${'a'.repeat(longest)}`);
    expectContractError(plain, 404, 'NOT_FOUND', /./);
    const encoded = await t.app.inject(`/api/stores/1/products/${encodeURIComponent('€'.repeat(longest))}`);
    expectContractError(encoded, 404, 'NOT_FOUND', /./);
  });
});

describe('body refusals', () => {
  let c: TestClient;
  beforeAll(async () => {
    c = new TestClient(t.app);
    await c.start(16);
  });
  const login = (headers: Record<string, string>, payload: string) =>
    c.request({ method: 'POST', url: '/api/auth/login', headers, payload });

  it('an unsupported content type is a 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    expectContractError(
      await login({ 'content-type': 'text/xml' }, '<login/>'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      /não é suportado/,
    );
  });

  it('a body over the limit is a 413 REQUEST_TOO_LARGE (not a file message)', async () => {
    const huge = JSON.stringify({ email: 'a'.repeat(1_100_000), password: 'x' });
    expectContractError(
      await login({ 'content-type': 'application/json' }, huge),
      413,
      'REQUEST_TOO_LARGE',
      /demasiado grande/,
    );
  });

  it.each([
    ['malformed JSON', '{"email":'],
    ['an empty JSON body', ''],
    ['a JSON body with __proto__', '{"__proto__":{"admin":true},"email":"a@b.c","password":"x"}'],
    ['a JSON body with constructor.prototype', '{"constructor":{"prototype":{"x":1}},"email":"a@b.c"}'],
  ])('%s is a 400 BAD_REQUEST', async (_name, payload) => {
    expectContractError(
      await login({ 'content-type': 'application/json' }, payload),
      400,
      'BAD_REQUEST',
      PT_BAD_REQUEST,
    );
  });

  it('a Content-Length that does not match the body is a 400 BAD_REQUEST', async () => {
    const res = await login({ 'content-type': 'application/json', 'content-length': '5' }, '{"email":"a@b.c"}');
    expectContractError(res, 400, 'BAD_REQUEST', PT_BAD_REQUEST);
  });

  it('every one of these statuses is documented for the operation', () => {
    const login = doc.paths['/api/auth/login']!.post!;
    const product = doc.paths['/api/stores/{storeId}/products/{urlKey}']!.get!;
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['400', '403', '413', '415', '429']));
    expect(Object.keys(product.responses)).toEqual(expect.arrayContaining(['400', '404', '414']));
  });
});
