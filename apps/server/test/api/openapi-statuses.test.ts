// The OpenAPI document lists every status a route can answer, by construction (plugins/error-statuses.ts): before,
// most operations left out the 400 any request can get (the bad-input check reads every query), the 414/413/415 of
// Fastify's own refusals, the 401/403 of the protected group and the 500/503 every route may give; integer ids in
// paths and queries had no maximum, so 2147483648 reached the database. The error body is one shared component.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { implicitErrorStatuses } from '../../src/plugins/error-statuses.js';
import { MAX_ID } from '../../src/shared/http-schemas.js';
import { ADMIN, createTestApp, signedIn, type TestApp, type TestClient } from '../support/test-app.js';

interface Parameter {
  in: string;
  name: string;
  schema: { type?: string; minimum?: number; maximum?: number };
}
interface Operation {
  parameters?: Parameter[];
  responses: Record<string, { $ref?: string }>;
  security?: unknown[];
}
const DOC_FILE = new URL('../../../../docs/openapi.json', import.meta.url);
const text = readFileSync(DOC_FILE, 'utf8');
const doc = JSON.parse(text) as { paths: Record<string, Record<string, Operation>> };
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op })),
);

describe('the statuses every operation documents', () => {
  it('follow from the route shape', () => {
    expect(implicitErrorStatuses({ method: 'GET', url: '/api/health' })).toEqual([400, 500, 503]);
    expect(implicitErrorStatuses({ method: 'GET', url: '/api/stores/:storeId' })).toEqual([400, 414, 500, 503]);
    expect(implicitErrorStatuses({ method: 'POST', url: '/api/auth/login', config: { rateLimit: {} } })).toEqual([
      400, 403, 413, 415, 429, 500, 503,
    ]);
    expect(implicitErrorStatuses({ method: 'POST', url: '/api/x', config: { csrf: false } })).toEqual([
      400, 413, 415, 500, 503,
    ]);
    expect(implicitErrorStatuses({ method: 'GET', url: '/api/me', config: { permission: 'account.read' } })).toEqual([
      400, 401, 403, 500, 503,
    ]);
  });

  it('every operation of the document lists the statuses its shape implies', () => {
    const missing: string[] = [];
    for (const { path, method, op } of operations) {
      const expected = new Set([400, 500, 503]);
      if (path.includes('{')) expected.add(414);
      if (method !== 'get') expected.add(413).add(415);
      if (op.security) expected.add(401).add(403);
      for (const status of expected) if (!op.responses[status]) missing.push(`${method} ${path} ${status}`);
    }
    expect(missing).toEqual([]);
  });

  it('every error answer points at the shared error body, and the document stays small', () => {
    const inline = operations.flatMap(({ path, method, op }) =>
      Object.entries(op.responses)
        .filter(([status, response]) => Number(status) >= 400 && !response.$ref)
        .map(([status]) => `${method} ${path} ${status}`),
    );
    // Bodies of their own: the health check's 503 ({status, db}), the OAuth 1 exchange's refusals ({ok: false, ...},
    // what its clients read) and the CSV import's 400 (the refused lines). Every other error is the shared one.
    expect(inline.sort()).toEqual([
      'get /api/health 503',
      'post /api/backoffice/config-lists/{list}/import.csv 400',
      'post /api/oauth/authorize 401',
      'post /oauth/initiate 401',
      'post /oauth/token 401',
    ]);
    expect(text.length).toBeLessThan(1_500_000);
  });

  it('answers that are not JSON (files, pages, CSV, event streams) document their own media types', () => {
    // Before, a PDF or a CSV answer was documented as an application/json string.
    const jsonStrings: string[] = [];
    const walk = (path: string, method: string, op: Operation) => {
      for (const [status, response] of Object.entries(op.responses)) {
        const content = (response as { content?: Record<string, { schema?: { type?: string } }> }).content;
        if (content?.['application/json']?.schema?.type === 'string') jsonStrings.push(`${method} ${path} ${status}`);
      }
    };
    for (const { path, method, op } of operations) walk(path, method, op);
    expect(jsonStrings).toEqual([]);
    const invoice = doc.paths['/api/me/invoices/{invoiceId}/pdf']!.get!.responses['200'] as { content: object };
    expect(Object.keys(invoice.content)).toEqual(['application/pdf']);
  });

  it('a nullable enum lists null among its values (OpenAPI 3.0.3: nullable does not widen an enum)', () => {
    const missing: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${where}/${i}`));
      else if (node && typeof node === 'object') {
        const record = node as { nullable?: boolean; enum?: unknown[] };
        if (record.nullable && record.enum && !record.enum.includes(null)) missing.push(where);
        for (const [key, value] of Object.entries(node)) walk(value, `${where}/${key}`);
      }
    };
    walk(doc, '#');
    expect(missing).toEqual([]);
  });

  it('integer path and query parameters are bounded: ids by what the database holds', () => {
    const unbounded: string[] = [];
    for (const { path, method, op } of operations) {
      for (const p of op.parameters ?? []) {
        if (p.schema.type !== 'integer' || (p.in !== 'path' && p.in !== 'query')) continue;
        const isId = /(^id$|Id$|_id$)/.test(p.name);
        if (isId && (p.schema.maximum === undefined || p.schema.maximum > MAX_ID || (p.schema.minimum ?? 0) < 1))
          unbounded.push(`${method} ${path} ${p.name}`);
      }
    }
    expect(unbounded).toEqual([]);
  });
});

describe('an id the database cannot hold', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t.app, ADMIN);
  });
  afterAll(async () => t?.close());

  it('is a 400 on every GET with an integer id in its path, never a 500', async () => {
    const answers: string[] = [];
    let refused = 0;
    for (const { path, method, op } of operations) {
      const ids = (op.parameters ?? []).filter((p) => p.in === 'path' && p.schema.type === 'integer');
      if (method !== 'get' || ids.length === 0) continue;
      for (const id of ids) {
        const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === id.name ? String(MAX_ID + 1) : '1'));
        const res = await admin.get(url);
        if (res.statusCode === 400) refused += 1;
        // 403: a permission the admin lacks is checked before validation.
        else if (res.statusCode !== 403) answers.push(`${url} -> ${res.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
    expect(refused).toBeGreaterThan(30);
  });

  it("impersonating an account that is not a customer's is a documented 409", async () => {
    const res = await admin.post('/api/backoffice/customers/1/impersonation');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IMPERSONATION_REFUSED' });
    expect(doc.paths['/api/backoffice/customers/{customerId}/impersonation']!.post!.responses['409']).toBeDefined();
  });
});
