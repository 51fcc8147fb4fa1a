import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

/**
 * The total price of answer combinations across the real catalogue, checked through the API
 * against the spec's figures. The table (fixtures/catalog-combinations.json) gives, per case, what it covers (with the
 * arithmetic in its name), the store, the product, the answers, the price parts from the spec (shop-and-customer.md
 * section 9, before VAT) and the documented choices (docs/catalogue.md, docs/catalogue-forms.md), the outcome and the
 * total. The figures were worked out by hand, not by running the engine; the first test re-derives each total from its
 * price parts with plain integer arithmetic, so a typo in the table cannot hide behind a matching engine bug.
 */

/** `{"file_id": "@upload"}` in the table stands for a document uploaded by the test's session (file questions). */
type Answer = string | number[] | { file_id: string };

interface RelatedLine {
  product_id: number;
  price: string;
  /** Whether the fee line carries VAT (at the store's rate). */
  vat: boolean;
}

interface Combination {
  name: string;
  store: number;
  url_key: string;
  answers: Record<string, Answer>;
  /**
   * base and add (the chosen supplements) before VAT, vat in % of the store's country, fee = official fee without
   * VAT, related = fee lines (related_product: trademark fees) added with the line, each with its own tax rule.
   */
  price: { base: string; add: string[]; vat: number; fee: string; related?: RelatedLine[] };
  outcome:
    | { type: 'continue' }
    | { type: 'exit'; message: string; rule: { index: number; options: Array<{ option_id: number; value: string }> } }
    | { type: 'redirect'; product_id: number; url_key: string; step_saved: number };
  total: string;
  /** Expected validation errors; none when absent. */
  errors?: Array<{ option_id: number; message: string }>;
  /** Answers given that the rules drop (auto-unset): neither kept nor priced. */
  unset?: number[];
  /** Also add it to the cart: the server re-prices the line, which must cost the same. */
  cart?: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const TABLE = JSON.parse(readFileSync(path.resolve(here, '../fixtures/catalog-combinations.json'), 'utf8')) as {
  cases: Combination[];
};
const CASES = TABLE.cases;

/** "12.34" -> 1234, exact (no floating point). */
function toCents(amount: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not a money string: ${amount}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

const fromCents = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const vatOf = (amount: number, vat: number) => Math.floor((amount * vat + 50) / 100);

/** A fee line's total: its price, plus VAT rounded half-up when it carries VAT. */
const relatedTotal = (line: RelatedLine, vat: number) =>
  toCents(line.price) + (line.vat ? vatOf(toCents(line.price), vat) : 0);

/**
 * The spec's price rule: (base + supplements) + VAT rounded half-up to the cent + official fee without VAT + each fee
 * line with its own tax rule.
 */
function specPrice(price: Combination['price']) {
  const subtotal = toCents(price.base) + price.add.reduce((sum, a) => sum + toCents(a), 0);
  const tax = vatOf(subtotal, price.vat);
  const related = (price.related ?? []).reduce((sum, line) => sum + relatedTotal(line, price.vat), 0);
  return { subtotal: fromCents(subtotal), total: fromCents(subtotal + tax + toCents(price.fee) + related) };
}

interface Evaluation {
  errors: Array<{ option_id: number; message: string }>;
  outcome: { type: string } & Record<string, unknown>;
  answers: Record<string, unknown>;
  price: {
    base: string;
    subtotal: string;
    fees: string;
    total: string;
    related: Array<RelatedLine & { total: string }>;
  };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let t: TestApp;
/** A session that uploaded a tiny real PDF: its reference answers the table's file questions. */
let uploader: TestClient;
let document: { file_id: string };
beforeAll(async () => {
  t = await createTestApp();
  uploader = new TestClient(t.app);
  await uploader.start(1);
  const boundary = '----vtcombinations';
  const res = await uploader.request({
    method: 'POST',
    url: '/api/uploads',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="escritura.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  document = res.json<{ file_id: string }>();
});
afterAll(async () => t?.close());

/** The case's answers with "@upload" replaced by the uploaded document's reference. */
function answersOf(c: Combination): Record<string, Answer> {
  return Object.fromEntries(
    Object.entries(c.answers).map(([id, v]) => [
      id,
      typeof v === 'object' && !Array.isArray(v) && v.file_id === '@upload' ? document : v,
    ]),
  );
}

async function evaluate(c: Combination): Promise<Evaluation> {
  const res = await uploader.post(`/api/stores/${c.store}/products/${c.url_key}/evaluate`, { answers: answersOf(c) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Evaluation>();
}

describe('the combination table', () => {
  it('spans the catalogue: at least 45 cases over at least 20 products, names unique', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(45);
    expect(new Set(CASES.map((c) => c.url_key)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  it("each total is its price parts' arithmetic (base + supplements, VAT half-up, fee)", () => {
    for (const c of CASES) expect(specPrice(c.price).total, c.name).toBe(c.total);
  });
});

describe('POST /api/stores/{store}/products/{url_key}/evaluate on the real catalogue', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const body = await evaluate(c);
    expect(body.errors).toEqual(c.errors ?? []);
    if (c.outcome.type === 'redirect') expect(body.outcome).toMatchObject(c.outcome);
    else expect(body.outcome).toEqual(c.outcome);
    expect(body.price).toMatchObject({
      base: c.price.base,
      subtotal: specPrice(c.price).subtotal,
      fees: c.price.fee,
      total: c.total,
    });
    // Fee lines come with the main line, each priced with its own tax rule.
    expect(body.price.related.map(({ product_id, price, vat, total }) => ({ product_id, price, vat, total }))).toEqual(
      (c.price.related ?? []).map((line) => ({ ...line, total: fromCents(relatedTotal(line, c.price.vat)) })),
    );
    for (const id of c.unset ?? []) expect(body.answers[String(id)], `answer ${id} is dropped`).toBeUndefined();
  });
});

describe('add to cart: the server re-prices the line to the same total', () => {
  const inCart = CASES.filter((c) => c.cart);

  it('a handful of continue cases in several stores are added to the cart', () => {
    expect(inCart.length).toBeGreaterThanOrEqual(5);
    expect(inCart.every((c) => c.outcome.type === 'continue')).toBe(true);
  });

  it.each(inCart.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const evaluated = await evaluate(c);
    // The uploading session adds it (a document answer must be the caller's own upload); one line per fresh cart.
    await uploader.start(c.store);
    const before = (await uploader.get('/api/cart')).json<{ items: Array<{ id: number }> }>();
    for (const line of before.items) await uploader.delete(`/api/cart/items/${line.id}`);
    const res = await uploader.post('/api/cart/items', {
      store_id: c.store,
      url_key: c.url_key,
      answers: answersOf(c),
    });
    expect(res.statusCode, res.body).toBe(201);
    const cart = res.json<{
      items: Array<{ valid: boolean; price: { total: string; related: Array<{ product_id: number }> } }>;
      totals: { total: string; fees: string };
    }>();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ valid: true, price: { total: evaluated.price.total } });
    expect(cart.items[0]!.price.total).toBe(c.total);
    expect(cart.totals.total).toBe(c.total);
    // The fee lines go into the cart with the main line; those without VAT count as fees in the totals.
    const related = c.price.related ?? [];
    expect(cart.items[0]!.price.related.map((r) => r.product_id)).toEqual(related.map((r) => r.product_id));
    const untaxed = related.filter((r) => !r.vat).reduce((sum, r) => sum + toCents(r.price), 0);
    expect(cart.totals.fees).toBe(fromCents(toCents(c.price.fee) + untaxed));
  });
});
