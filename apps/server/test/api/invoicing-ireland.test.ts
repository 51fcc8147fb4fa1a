import { isoDate, zonedDateTime } from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../support/pdf-text.js';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../support/test-app.js';

// Irish invoices (VAT Regulations 2010, reg. 20, and s.66 VATCA 2010): the invoice PDF of the Irish entity
// shows the supplier's name, address and VAT number; the customer's name and address and, for a business customer,
// its VAT number; the date of issue and of supply; a unique sequential number; the description and quantity (with the
// unit price exclusive of VAT); the VAT rate and amount per rate; and the total. The issuer printed is the one stored
// on the invoice when it was issued, not the entity as edited later.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const YEAR = zonedDateTime(new Date(), 'Europe/Dublin').year;
const TODAY = isoDate(zonedDateTime(new Date(), 'Europe/Dublin'));
const DISPLAY = TODAY.split('-').reverse().join('/');
const pool = () => t.app.ctx.database.pool;
const FOLIO = {
  store_id: 17,
  url_key: 'folio-request',
  answers: { '3801': '380101', '3802': '380206', '3803': 'DN1234F', '3806': '380601', '3808': '380801' },
};

async function paidIrishOrder(email: string, billing?: object, qty = 1): Promise<{ c: TestClient; orderId: number }> {
  const c = new TestClient(t.app);
  await c.start(17);
  await c.register(email);
  if (billing) {
    const res = await c.request({ method: 'PUT', url: '/api/me/billing', payload: billing });
    expect(res.statusCode, res.body).toBe(200);
  }
  const added = await c.post('/api/cart/items', FOLIO);
  expect(added.statusCode, added.body).toBe(201);
  if (qty > 1) {
    const line = added.json<{ items: Array<{ id: number; version: number }> }>().items[0]!;
    const res = await c.request({
      method: 'PATCH',
      url: `/api/cart/items/${line.id}`,
      payload: { qty, version: line.version },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const checkout = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
  expect(checkout.statusCode, checkout.body).toBe(201);
  const { order_id: orderId, redirect_url } = checkout.json<{ order_id: number; redirect_url: string }>();
  await payOnSandbox(t.app, redirect_url, { number: '4242424242424242' });
  await waitFor(
    async () => (await pool().query('select 1 from invoices where order_id = $1', [orderId])).rowCount === 1,
  );
  return { c, orderId };
}

describe('an Irish VAT invoice shows what regulation 20 requires', () => {
  it('for a business customer: supplier and customer names, addresses and VAT numbers, dates, number, rate and VAT', async () => {
    const { c, orderId } = await paidIrishOrder('ie-business@example.com', {
      name: 'Byrne Conveyancing Limited',
      tax_id: '6388047V',
      address: '5 Merrion Square, Dublin 2',
      country: 'IE',
    });
    const text = await pdfText((await c.get(`/api/invoice?order_id=${orderId}`)).rawPayload);
    const { rows } = await pool().query('select number from invoices where order_id = $1', [orderId]);
    for (const expected of [
      // Supplier: name, address, VAT number.
      'Ventanilla Ireland Limited',
      '1 Grand Canal Square, Dublin 2',
      'VAT no.: IE1234567T',
      // Customer: name, address, VAT number (with its IE prefix).
      'Byrne Conveyancing Limited',
      '5 Merrion Square, Dublin 2',
      'VAT no.: IE6388047V',
      // Date of issue and of supply, unique sequential number.
      `Issue date: ${DISPLAY}`,
      `Date of supply (payment received): ${DISPLAY}`,
      `Number: ${rows[0].number}`,
      // Rate and VAT per rate, total.
      '23 %',
      '€3.44',
      '€18.39',
    ])
      expect(text, expected).toContain(expected);
  });

  it('numbers are sequential in the Irish series and the unit price exclusive of VAT is shown for several units', async () => {
    const { c, orderId } = await paidIrishOrder('ie-two@example.com', undefined, 2);
    const { rows } = await pool().query(
      "select number from invoices where entity_id = 'ie' and kind = 'invoice' order by id",
    );
    const numbers = rows.map((r: { number: string }) => r.number);
    expect(numbers.at(-1)).toBe(`F17-${YEAR}-${String(numbers.length).padStart(6, '0')}`);
    const text = await pdfText((await c.get(`/api/invoice?order_id=${orderId}`)).rawPayload);
    const [line] = (await pool().query('select lines from invoices where order_id = $1', [orderId])).rows[0]
      .lines as Array<{
      qty: number;
      base: number;
    }>;
    expect(line!.qty).toBe(2);
    const unit = (Math.round(line!.base / 2) / 100).toFixed(2);
    expect(text).toContain(`2 × €${unit} excl. VAT`);
  });

  it('prints the issuer stored on the invoice, not the entity as an admin edited it later', async () => {
    const { c, orderId } = await paidIrishOrder('ie-edited@example.com');
    const admin = await signedIn(t.app, ADMIN);
    const res = await admin.request({
      method: 'PATCH',
      url: '/api/backoffice/legal-entities/ie',
      payload: { legal_name: 'Renamed Later Limited', address: '2 Other Street, Cork' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const old = await pdfText((await c.get(`/api/invoice?order_id=${orderId}`)).rawPayload);
    expect(old).toContain('Ventanilla Ireland Limited');
    expect(old).not.toContain('Renamed Later Limited');
    // A new invoice carries the new data.
    const next = await paidIrishOrder('ie-after-edit@example.com');
    const text = await pdfText((await next.c.get(`/api/invoice?order_id=${next.orderId}`)).rawPayload);
    expect(text).toContain('Renamed Later Limited');
    expect(text).toContain('2 Other Street, Cork');
  });
});
