// The API answers inside its contract, whatever it is sent: every public operation of docs/openapi.json (and, signed in
// as a customer, every /api/me and /api/cart one) gets seeded generated requests, valid and invalid (path, query and
// body from the schemas: boundary and huge numbers, text with NUL or a lone surrogate, undecodable and encoded paths,
// wrong types, missing fields, wrong content types). The test fails on any 5xx, any status the document does not list
// for the operation, and any JSON body that does not match the document's schema for that status (Ajv).
// CONTRACT_FUZZ_SEED and CONTRACT_FUZZ_CASES change the seed and the number of cases per operation.
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

type Json = Record<string, unknown>;
interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  const?: unknown;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }>;
  security?: unknown[];
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Operation['responses'][string]> };
}

const SEED = Number(process.env.CONTRACT_FUZZ_SEED ?? 20261128);
const CASES = Number(process.env.CONTRACT_FUZZ_CASES ?? 24);
const MAX_ID = 2_147_483_647;

const doc = JSON.parse(readFileSync(new URL('../../../../docs/openapi.json', import.meta.url), 'utf8')) as OpenApi;

// ajv-formats is CommonJS: its default export arrives wrapped under some module settings.
const addFormats = ((addFormatsModule as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
ajv.addSchema({ components: doc.components }, 'openapi');
const validators = new Map<string, ValidateFunction>();

/** Ajv's validator for a response body schema of the document (its `#/components` refs resolved in the document). */
function validatorFor(schema: Schema): ValidateFunction {
  const text = JSON.stringify(schema);
  let validate = validators.get(text);
  if (!validate) {
    validate = ajv.compile(JSON.parse(text.replaceAll('"#/components/', '"openapi#/components/')) as object);
    validators.set(text, validate);
  }
  return validate;
}

function resolve(schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 10; depth++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = doc.components.schemas[name] ?? {};
  }
  return current;
}

/** A small seeded PRNG (mulberry32): the same seed sends the same requests. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof prng>;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Values that exist (the customer's order, a product): a valid request then reaches more than a 404. */
const hints: Record<string, unknown[]> = {
  storeId: [1, 16, 9],
  store: [1, 16],
  store_id: [1],
  urlKey: ['nota-simple'],
  url_key: ['nota-simple'],
  audience: ['customer'],
  provider: ['sandbox'],
  answers: [notaSimpleAnswers()],
  payment_method: ['bank', 'cc'],
  email: ['fuzz@example.com'],
};

/** A value the schema accepts (hints first, sometimes), or undefined for an optional part left out. */
function validValue(schema: Schema, random: Random, name = '', depth = 0): unknown {
  const s = resolve(schema);
  if (hints[name] && random.chance(0.6)) return random.pick(hints[name]);
  if (s.nullable && random.chance(0.1)) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum) return random.pick(s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return validValue(random.pick(branches), random, name, depth);
  if (s.allOf) return validValue(s.allOf[0] ?? {}, random, name, depth);
  switch (s.type) {
    case 'integer':
    case 'number': {
      const min = s.minimum ?? 0;
      const max = s.maximum ?? Math.max(min, 1000);
      return random.pick([min, max, random.int(min, Math.min(max, min + 100))]);
    }
    case 'boolean':
      return random.chance(0.5);
    case 'string':
      return validString(s, random);
    case 'array': {
      if (depth > 4) return [];
      const count = Math.max(s.minItems ?? 0, random.int(0, 2));
      return Array.from({ length: count }, () => validValue(s.items ?? {}, random, '', depth + 1));
    }
    case 'object':
    case undefined:
    default: {
      if (!s.properties && !s.additionalProperties) return s.type === 'object' ? {} : 'x';
      const out: Json = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (depth > 4 && !s.required?.includes(key)) continue;
        if (s.required?.includes(key) || random.chance(0.5)) out[key] = validValue(prop, random, key, depth + 1);
      }
      if (typeof s.additionalProperties === 'object' && random.chance(0.5)) {
        out[String(random.int(1, 500))] = validValue(s.additionalProperties, random, '', depth + 1);
      }
      return out;
    }
  }
}

function validString(s: Schema, random: Random): string {
  switch (s.format) {
    case 'date-time':
      return new Date(Date.UTC(2026, random.int(0, 11), random.int(1, 28), 10)).toISOString();
    case 'date':
      return `2026-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
    case 'email':
      return `fuzz${random.int(1, 1e6)}@example.com`;
    case 'uri':
      return 'https://example.com/x';
    case undefined:
      break;
  }
  if (s.pattern) {
    const [sample] = fc.sample(fc.stringMatching(new RegExp(s.pattern), { size: 'xsmall' }), {
      seed: random.int(0, 2 ** 31),
      numRuns: 1,
    });
    return sample ?? '';
  }
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 24, Math.max(min, 24));
  const length = random.pick([min, max, random.int(min, max)]);
  const alphabet = 'abcdefghijklmnopqrstuvwxyzÁñ0123456789 -_';
  return Array.from({ length }, () => random.pick([...alphabet])).join('');
}

/** Things a client may send where a schema expects something else (or its limits). */
function invalidValue(schema: Schema, random: Random): unknown {
  const s = resolve(schema);
  const type = s.type ?? (s.enum ? typeof s.enum[0] : 'string');
  const common = [null, true, [], {}, '', 'a\u0000b', '\ud800', 1e308, -1];
  if (type === 'integer' || type === 'number') {
    return random.pick([
      ...common,
      (s.maximum ?? MAX_ID) + 1,
      (s.minimum ?? 0) - 1,
      MAX_ID + 1,
      2 ** 53 + 2,
      1.5,
      '12abc',
      '1e400',
      'Infinity',
    ]);
  }
  if (type === 'string') {
    return random.pick([...common, 0, 12345, 'x'.repeat((s.maxLength ?? 10_000) + 1), 'é'.repeat(3000)]);
  }
  return random.pick([...common, 'text', 42]);
}

/** Raw path segments a client may send: undecodable, encoded, out of range, too long. */
const BAD_SEGMENTS = [
  '0',
  '-1',
  String(MAX_ID + 1),
  '99999999999999999999',
  '1.5',
  '1e3',
  'abc',
  '%FF',
  '%ED%A0%80',
  '%00',
  'a%2Fb',
  '%C3%A9',
  ' ',
  'x'.repeat(2000),
];

/** Percent-encoded as a client would send it, lone surrogates included (as the bytes of their UTF-8-like form). */
function encodeSegment(value: unknown): string {
  return String(value).replace(/[\s\S]/gu, (ch) => {
    const code = ch.codePointAt(0)!;
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(ch);
  });
}

interface Case {
  label: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  payload?: string;
}

/** A request for an operation: valid, or valid with one part broken. */
function buildCase(path: string, method: string, op: Operation, random: Random, index: number): Case {
  const params = op.parameters ?? [];
  const mutations = ['valid'];
  if (index > 1) {
    if (params.some((p) => p.in === 'path')) mutations.push('path', 'path');
    if (params.some((p) => p.in === 'query')) mutations.push('query', 'query-unknown', 'query-repeat');
    if (method !== 'get') mutations.push('body', 'body', 'body-missing', 'body-shape', 'content-type');
    if (mutations.length > 1) mutations.shift();
  }
  const mutation = random.pick(mutations);
  const labels: string[] = [mutation];

  const pathParams = params.filter((p) => p.in === 'path');
  const broken = mutation === 'path' ? random.pick(pathParams) : undefined;
  const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const p = pathParams.find((q) => q.name === name);
    if (p === broken) {
      const raw = random.chance(0.7) ? random.pick(BAD_SEGMENTS) : encodeSegment(invalidValue(p!.schema, random));
      labels.push(`${name}=${raw.slice(0, 30)}`);
      return raw;
    }
    return encodeSegment(validValue(p?.schema ?? { type: 'string' }, random, name));
  });

  const query: Array<[string, string]> = [];
  const queryParams = params.filter((p) => p.in === 'query');
  const brokenQuery = mutation === 'query' ? random.pick(queryParams) : undefined;
  for (const p of queryParams) {
    if (p === brokenQuery) {
      const value = invalidValue(p.schema, random);
      labels.push(`${p.name}=${JSON.stringify(value)?.slice(0, 30)}`);
      query.push([p.name, typeof value === 'string' ? value : JSON.stringify(value)]);
    } else if (p.required || random.chance(0.5)) {
      const value = validValue(p.schema, random, p.name);
      if (value !== undefined && value !== null) query.push([p.name, String(value)]);
    }
  }
  if (mutation === 'query-unknown') query.push([random.pick(['zzz', '__proto__', 'constructor']), 'x\u0000']);
  if (mutation === 'query-repeat' && queryParams[0]) {
    const p = random.pick(queryParams);
    query.push([p.name, String(validValue(p.schema, random, p.name))]);
    query.push([p.name, String(validValue(p.schema, random, p.name))]);
  }

  const headers: Record<string, string> = {};
  for (const p of params.filter((q) => q.in === 'header')) {
    if (p.required || random.chance(0.5)) headers[p.name.toLowerCase()] = `fuzz-${random.int(1, 1e9)}`;
  }

  let payload: string | undefined;
  const json = op.requestBody?.content['application/json']?.schema;
  if (method !== 'get') {
    let body: unknown = json ? validValue(json, random) : random.chance(0.5) ? {} : undefined;
    const shape = json ? resolve(json) : undefined;
    if (mutation === 'body' && body && typeof body === 'object' && !Array.isArray(body) && shape?.properties) {
      const key = random.pick(Object.keys(shape.properties));
      (body as Json)[key] = invalidValue(shape.properties[key] ?? {}, random);
      labels.push(`${key}=${JSON.stringify((body as Json)[key])?.slice(0, 30)}`);
    } else if (mutation === 'body-missing' && shape?.required?.length) {
      const key = random.pick(shape.required);
      delete (body as Json)[key];
      labels.push(`without ${key}`);
    } else if (mutation === 'body-shape') {
      body = random.pick([[], 'text', 42, null, { [`k\u0000`]: 1 }]);
      labels.push(JSON.stringify(body));
    }
    if (mutation === 'content-type') {
      const [type, text] = random.pick([
        ['text/xml', '<a/>'],
        ['application/json', '{"a":'],
        ['application/json', ''],
        ['application/x-www-form-urlencoded', 'a=1'],
        ['multipart/form-data; boundary=x', '--x\r\nbroken'],
      ] as const);
      headers['content-type'] = type;
      payload = text;
      labels.push(type);
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }
  const search = query.map(([name, value]) => `${encodeSegment(name)}=${encodeSegment(value)}`).join('&');
  return {
    label: labels.join(' '),
    method: method.toUpperCase(),
    url: search ? `${url}?${search}` : url,
    headers,
    payload,
  };
}

/** What is wrong with an answer for this operation, if anything. */
function contractProblem(op: Operation, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `5xx: ${res.body.slice(0, 200)}`;
  let documented = op.responses[String(res.statusCode)];
  if (!documented) return `status ${res.statusCode} not documented: ${res.body.slice(0, 160)}`;
  if (documented.$ref) documented = doc.components.responses[documented.$ref.replace('#/components/responses/', '')]!;
  if (res.statusCode === 204 || res.statusCode === 302 || !documented.content) return undefined;
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const media = documented.content[type];
  if (!media) return `content-type ${type}, documented ${Object.keys(documented.content).join(', ')}`;
  const schema = media.schema;
  if (type !== 'application/json' || !schema) return undefined;
  const validate = validatorFor(schema);
  if (!validate(res.json())) {
    return `body does not match: ${ajv.errorsText(validate.errors).slice(0, 200)} in ${res.body.slice(0, 160)}`;
  }
  return undefined;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ path, method, op })),
);
const isPublic = (op: Operation) => !op.security;
const forCustomer = (path: string) => /^\/api\/(me|cart)(\/|$)/.test(path);

let t: TestApp;
let customer: TestClient;
let customerCount = 0;
const started = Date.now();

async function newCustomer() {
  customerCount += 1;
  customer = new TestClient(t.app);
  await customer.start(1);
  const res = await customer.register(`fuzz-${customerCount}-${SEED}@example.com`);
  expect(res.statusCode, res.body).toBe(201);
  const add = await customer.post('/api/cart/items', {
    store_id: 1,
    url_key: 'nota-simple',
    answers: notaSimpleAnswers(),
  });
  expect(add.statusCode, add.body).toBe(201);
  const checkout = await customer.post('/api/checkout', {
    payment_method: 'bank',
    accept_terms: true,
    start_now: true,
  });
  expect(checkout.statusCode, checkout.body).toBe(201);
  const orderId = checkout.json<{ order_id: number }>().order_id;
  const { rows } = await t.app.ctx.database.pool.query<{ item_id: number }>(
    'select item_id from order_items where order_id = $1',
    [orderId],
  );
  hints.orderId = [orderId];
  hints.order_id = [orderId];
  hints.itemId = rows.map((r) => r.item_id);
  await customer.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() });
  hints.id = (await customer.get('/api/cart')).json<{ items: Array<{ id: number }> }>().items.map((i) => i.id);
}

beforeAll(async () => {
  t = await createTestApp();
  await newCustomer();
});
afterAll(async () => {
  console.log(`contract fuzz: ${operations.length} operations in the document, ${Date.now() - started} ms`);
  await t?.close();
});

async function fuzz(path: string, method: string, op: Operation, client: () => TestClient): Promise<string[]> {
  const random = prng(SEED ^ hash(`${method} ${path}`));
  const problems = new Set<string>();
  for (let i = 0; i < CASES; i++) {
    const c = buildCase(path, method, op, random, i);
    const res = await client().request({
      method: c.method as 'GET',
      url: c.url,
      headers: c.headers,
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    });
    if (process.env.CONTRACT_FUZZ_LOG) console.log('FUZZ', res.statusCode, c.method, c.url.slice(0, 100), c.label);
    const problem = contractProblem(op, res);
    if (problem) problems.add(`${c.method} ${c.url.slice(0, 120)} [${c.label}] -> ${res.statusCode} ${problem}`);
  }
  return [...problems];
}

describe('every answer is inside the API contract', () => {
  const publicOps = operations.filter(({ op }) => isPublic(op));
  it('the document has public and customer operations to try', () => {
    expect(publicOps.length).toBeGreaterThan(40);
    expect(operations.filter(({ path }) => forCustomer(path)).length).toBeGreaterThan(40);
  });

  it.each(publicOps.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    'anonymous: %s',
    async (_name, { path, method, op }) => {
      const anonymous = new TestClient(t.app);
      await anonymous.start(1);
      expect(await fuzz(path, method, op, () => anonymous)).toEqual([]);
    },
  );

  it.each(
    operations.filter(({ path }) => forCustomer(path)).map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const),
  )('customer: %s', async (_name, { path, method, op }) => {
    const problems = await fuzz(path, method, op, () => customer);
    // A case may have signed the customer out or deleted the account: the next operation gets a new one.
    if ((await customer.get('/api/me')).statusCode !== 200) await newCustomer();
    expect(problems).toEqual([]);
  });

  // Opt-in, not in `npm test` (slower, and staff operations are not this test's brief): CONTRACT_FUZZ_STAFF=1 also
  // tries every other protected operation as the admin.
  if (process.env.CONTRACT_FUZZ_STAFF) {
    let admin: TestClient | undefined;
    let admins = 0;
    // The document assistant calls an outside language model (503 ASSISTANT_NOT_CONFIGURED without one).
    const staffOps = operations.filter(
      ({ path, op }) => op.security && !forCustomer(path) && !path.includes('/assistant/'),
    );
    it.each(staffOps.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
      'admin: %s',
      async (_name, { path, method, op }) => {
        // A case may have signed the admin out or into a customer's account (impersonation): signed in again.
        const me = admin && (await admin.get('/api/me'));
        if (!admin || me?.statusCode !== 200 || me.json<{ user: { role: string } }>().user.role !== 'admin') {
          admins += 1;
          admin = new TestClient(t.app);
          await admin.start(1);
          // From an address of its own: the sign-in rate limit counts per address.
          const login = await admin.request({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: ADMIN[0], password: ADMIN[1] },
            remoteAddress: `10.9.${admins >> 8}.${admins & 255}`,
          });
          expect(login.statusCode, `${method} ${path}: ${login.body}`).toBe(200);
          await admin.start();
        }
        const signedInAdmin = admin;
        expect(await fuzz(path, method, op, () => signedInAdmin)).toEqual([]);
      },
    );
  }
});
