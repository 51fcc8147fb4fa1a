import { BILLING_COUNTRIES, isoDate, zonedDateTime } from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BillingCountry } from '../../src/modules/invoicing/invoicing.schema.js';
import { VerifactuService } from '../../src/modules/invoicing/verifactu.service.js';
import { sendSandboxNotification } from '../support/payment-state.js';
import { pdfText } from '../support/pdf-text.js';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let agent: TestClient;
let notary: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  agent = new TestClient(t.app);
  expect((await agent.login('agente@ventanilla.test', 'agente-demo-2026')).statusCode).toBe(200);
  notary = new TestClient(t.app);
  expect((await notary.login('notario@ventanilla.test', 'notario-demo-2026')).statusCode).toBe(200);
});
afterAll(async () => t?.close());

const YEAR = zonedDateTime(new Date(), 'Europe/Madrid').year;
const TODAY = isoDate(zonedDateTime(new Date(), 'Europe/Madrid'));
const pool = () => t.app.ctx.database.pool;

async function customer(email: string, store = 1) {
  const c = new TestClient(t.app);
  await c.start(store);
  await c.register(email);
  return c;
}

async function unpaidOrder(
  c: TestClient,
  line: { store_id: number; url_key: string; answers: Record<string, string> } = {
    store_id: 1,
    url_key: 'nota-simple',
    answers: notaSimpleAnswers(),
  },
) {
  expect((await c.post('/api/cart/items', line)).statusCode).toBe(201);
  const res = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
  expect(res.statusCode).toBe(201);
  return res.json<{ order_id: number; redirect_url: string }>();
}

async function paidOrder(c: TestClient, line?: Parameters<typeof unpaidOrder>[1]) {
  const { order_id: orderId, redirect_url: redirectUrl } = await unpaidOrder(c, line);
  await payOnSandbox(t.app, redirectUrl, { number: '4242424242424242' });
  await waitFor(
    async () => (await pool().query('select 1 from invoices where order_id = $1', [orderId])).rowCount === 1,
  );
  return orderId;
}

async function invoicesOf(orderId: number) {
  return (
    await pool().query(
      'select id, kind, number, invoice_type, total, tax_total from invoices where order_id = $1 order by id',
      [orderId],
    )
  ).rows;
}

function signedEvent(id: string, ref: string, amount: number) {
  const body = JSON.stringify({
    id,
    type: 'payment.succeeded',
    created: 0,
    data: { ref, amount, currency: 'EUR', failure_code: null, card: { brand: 'visa', last4: '4242' } },
  });
  return sendSandboxNotification(t.app, body);
}

describe('invoice issued when an order is paid', () => {
  it('one invoice per paid order, even when payment notifications repeat, concurrently and late', async () => {
    const c = await customer('inv-once@example.com');
    const { order_id: orderId } = await unpaidOrder(c);
    const { rows } = await pool().query<{ provider_ref: string; amount: number }>(
      'select provider_ref, amount from payments where order_id = $1',
      [orderId],
    );
    const { provider_ref: ref, amount } = rows[0]!;
    // Six distinct "succeeded" events for the same payment at once, then the first one again.
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => signedEvent(`evt_inv_${i}`, ref, amount)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await signedEvent('evt_inv_0', ref, amount)).json()).toMatchObject({ duplicate: true });
    const docs = await invoicesOf(orderId);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ kind: 'invoice', invoice_type: 'F2', total: 2512, tax_total: 436 });
    expect(docs[0].number).toMatch(new RegExp(`^F01-${YEAR}-\\d{6}$`));

    // The listener itself is idempotent too (a second "paid" for the same order returns the first invoice).
    const again = await t.app.ctx.db.transaction((tx) => t.app.ctx.invoicing.issueForOrder(tx, orderId));
    expect(again.id).toBe(docs[0].id);
    expect(await invoicesOf(orderId)).toHaveLength(1);
  });

  it('numbers are correlative per store series and year, without gaps, when orders are paid concurrently', async () => {
    const buyers = await Promise.all([1, 2, 3, 4].map((i) => customer(`inv-seq-${i}@example.com`)));
    const orders = [];
    for (const b of buyers) orders.push(await unpaidOrder(b));
    const refs = await Promise.all(
      orders.map(
        async (o) =>
          (await pool().query('select provider_ref, amount from payments where order_id = $1', [o.order_id])).rows[0],
      ),
    );
    await Promise.all(refs.map((r, i) => signedEvent(`evt_seq_${i}`, r.provider_ref, r.amount)));
    const { rows } = await pool().query<{ sequence: number; number: string; series_key: string }>(
      "select sequence, number, series_key from invoices where kind = 'invoice' and series_key = $1 order by sequence",
      [`F01-${YEAR}`],
    );
    expect(rows.map((r) => r.sequence)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.map((r) => r.number)).toContain(`F01-${YEAR}-000001`);
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
  });

  it("a new year starts the series again at 1 (the issue date is the issuer's local date)", async () => {
    const c = await customer('inv-year@example.com');
    const { order_id: orderId } = await unpaidOrder(c);
    // 23:30 UTC on 31 December is already 1 January in Madrid.
    const row = await t.app.ctx.db.transaction((tx) =>
      t.app.ctx.invoicing.issueForOrder(tx, orderId, new Date('2031-12-31T23:30:00Z')),
    );
    expect(row).toMatchObject({ number: 'F01-2032-000001', issueDate: '2032-01-01' });
  });

  it("the API accepts exactly the domain's billing countries", () => {
    expect(BillingCountry.anyOf.map((s: { const: string }) => s.const)).toEqual([...BILLING_COUNTRIES]);
  });

  it("the customer's billing data makes a full invoice (F1) with their tax id; a bad tax id is refused", async () => {
    const c = await customer('inv-billing@example.com');
    expect((await c.get('/api/me/billing')).json()).toEqual({ billing: null });
    const bad = await c.request({
      method: 'PUT',
      url: '/api/me/billing',
      payload: { name: 'Talleres Pérez SL', tax_id: 'B86670461', address: 'Calle Mayor 1, Madrid', country: 'ES' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toContainEqual({
      field: 'tax_id',
      message: 'El NIF no es válido. Revisa el número y la letra',
    });
    const ok = await c.request({
      method: 'PUT',
      url: '/api/me/billing',
      payload: { name: 'Talleres Pérez SL', tax_id: 'b86670460', address: 'Calle Mayor 1, Madrid', country: 'ES' },
    });
    expect(ok.json()).toEqual({
      billing: { name: 'Talleres Pérez SL', tax_id: 'B86670460', address: 'Calle Mayor 1, Madrid', country: 'ES' },
    });

    const orderId = await paidOrder(c);
    expect((await invoicesOf(orderId))[0]).toMatchObject({ invoice_type: 'F1' });
    const pdf = await c.get(`/api/invoice?order_id=${orderId}`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Talleres Pérez SL');
    expect(text).toContain('NIF: B86670460');
    expect(text).toContain('Factura');
  });

  it('billing data takes the NIF of a foreigner without NIE, and for Ireland a VAT or PPS number with its check letter', async () => {
    const c = await customer('inv-billing-ie@example.com');
    const put = (country: string, tax_id: string) =>
      c.request({
        method: 'PUT',
        url: '/api/me/billing',
        payload: { name: 'Ann Byrne', tax_id, address: 'Dublin 2', country },
      });
    expect((await put('ES', 'm6976964y')).json()).toMatchObject({ billing: { tax_id: 'M6976964Y', country: 'ES' } });
    const bad = await put('IE', 'IE6388047W');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toContainEqual({
      field: 'tax_id',
      message: 'El número de IVA irlandés o PPSN no es válido: 7 cifras y una o dos letras, como 1234567T o 1234567FA',
    });
    expect((await put('IE', 'IE6388047V')).json()).toMatchObject({ billing: { tax_id: '6388047V', country: 'IE' } });
    expect((await put('IE', '6433435OA')).json()).toMatchObject({ billing: { tax_id: '6433435OA', country: 'IE' } });
  });
});

describe("VAT breakdown per store and the spec's exceptions", () => {
  it('trademark renewal (store 15): 21 % on the service, the OEPM fees not subject to VAT, own series', async () => {
    const c = await customer('inv-trademark@example.com', 15);
    const answers = {
      '1701': '170101',
      '1702': 'M3123456',
      '1703': 'VENTANILLA',
      '1704': '170401',
      '1705': '9',
      '1707': '170701',
      '1708': 'Ana Ruiz',
      '1709': '12345678Z',
    };
    const orderId = await paidOrder(c, { store_id: 15, url_key: 'renovacion-marca', answers });
    const { rows } = await pool().query(
      'select number, breakdown, base_total, tax_total, not_subject_total, total from invoices where order_id = $1',
      [orderId],
    );
    expect(rows[0]).toMatchObject({
      breakdown: [
        { rateBp: 2100, base: 10904, tax: 2290 },
        { rateBp: null, base: 14806, tax: 0 },
      ],
      base_total: 10904,
      tax_total: 2290,
      not_subject_total: 14806,
      total: 28000,
    });
    expect(rows[0].number).toMatch(new RegExp(`^F15-${YEAR}-000001$`));
    const text = await pdfText((await c.get(`/api/invoice?order_id=${orderId}`)).rawPayload);
    for (const expected of [
      'Tasas oficiales (suplido, no sujeto a IVA)',
      'No sujeto (suplidos)',
      '148,06 €',
      '280,00 €',
      'Total suplidos',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('Irish folio (store 17): 23 %, the Irish issuer, an English PDF and no Veri*Factu record', async () => {
    const c = await customer('inv-ireland@example.com', 17);
    const answers = { '3801': '380101', '3802': '380206', '3803': 'DN1234F', '3806': '380601', '3808': '380801' };
    const orderId = await paidOrder(c, { store_id: 17, url_key: 'folio-request', answers });
    const { rows } = await pool().query(
      'select id, number, entity_id, breakdown, total from invoices where order_id = $1',
      [orderId],
    );
    expect(rows[0]).toMatchObject({
      entity_id: 'ie',
      breakdown: [{ rateBp: 2300, base: 1495, tax: 344 }],
      total: 1839,
    });
    expect(rows[0].number).toMatch(new RegExp(`^F17-${YEAR}-000001$`));
    expect(
      (await pool().query('select count(*)::int as n from verifactu_records where invoice_id = $1', [rows[0].id]))
        .rows[0].n,
    ).toBe(0);
    const text = await pdfText((await c.get(`/api/invoice?order_id=${orderId}`)).rawPayload);
    for (const expected of ['Simplified invoice', 'Ventanilla Ireland Limited', 'IE1234567T', '23 %', '€18.39'])
      expect(text).toContain(expected);
    expect(text).not.toContain('VERI*FACTU');
  });
});

describe('invoice PDF downloads', () => {
  it('the owner downloads the invoice (number, totals, VAT breakdown, legal data, Veri*Factu QR block); others get 404', async () => {
    const c = await customer('inv-pdf@example.com');
    const orderId = await paidOrder(c);
    const [invoice] = await invoicesOf(orderId);
    const res = await c.get(`/api/invoice?order_id=${orderId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`factura-${invoice.number}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Ventanilla',
      'Factura simplificada',
      `Número: ${invoice.number}`,
      `Pedido: ${orderId}`,
      'Ventanilla Gestión Registral, S.L.',
      'NIF: B12345674',
      'Nota simple',
      '20,76 €',
      '4,36 €',
      '25,12 €',
      '21 %',
      'QR tributario:',
      'VERI*FACTU',
    ])
      expect(text).toContain(expected);

    const list = (await c.get('/api/me/invoices?kind=invoice')).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      id: invoice.id,
      number: invoice.number,
      total: '25.12',
      tax_total: '4.36',
      base_total: '20.76',
      issue_date: TODAY,
      corrects: null,
    });
    expect((await c.get(`/api/me/invoices/${invoice.id}/pdf`)).statusCode).toBe(200);

    const stranger = await customer('inv-stranger@example.com');
    expect((await stranger.get(`/api/invoice?order_id=${orderId}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/me/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    expect((await stranger.get('/api/me/invoices')).json().total).toBe(0);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(`/api/invoice?order_id=${orderId}`)).statusCode).toBe(401);
    // Staff download it in the back office; customers cannot use that route.
    expect((await agent.get(`/api/backoffice/invoices/${invoice.id}/pdf`)).statusCode).toBe(200);
    expect((await c.get(`/api/backoffice/invoices/${invoice.id}/pdf`)).statusCode).toBe(403);
  });

  it('an unpaid order has no invoice yet: 404', async () => {
    const c = await customer('inv-unpaid@example.com');
    const { order_id: orderId } = await unpaidOrder(c);
    expect((await c.get(`/api/invoice?order_id=${orderId}`)).statusCode).toBe(404);
  });

  it("forbidden cases: another customer's order filter lists nothing, anonymous 401, an unknown document 404", async () => {
    const c = await customer('inv-forbidden-owner@example.com');
    const orderId = await paidOrder(c);
    const [invoice] = await invoicesOf(orderId);
    expect((await c.get(`/api/me/invoices?order_id=${orderId}`)).json().total).toBe(1);
    const stranger = await customer('inv-forbidden-stranger@example.com');
    // Filtering by someone else's order must not leak its documents.
    expect((await stranger.get(`/api/me/invoices?order_id=${orderId}`)).json()).toMatchObject({ total: 0, items: [] });

    const anonymous = new TestClient(t.app);
    await anonymous.start(1);
    for (const url of [
      '/api/me/invoices',
      `/api/me/invoices/${invoice.id}/pdf`,
      '/api/me/billing',
      `/api/backoffice/invoices/${invoice.id}/pdf`,
    ]) {
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
    }
    const billing = { name: 'Talleres Pérez SL', tax_id: 'B86670460', address: 'Calle Mayor 1, Madrid', country: 'ES' };
    expect((await anonymous.request({ method: 'PUT', url: '/api/me/billing', payload: billing })).statusCode).toBe(401);
    // A cross-site form cannot save billing data: without the session's CSRF token it is refused and nothing is stored.
    expect(
      (
        await c.request({
          method: 'PUT',
          url: '/api/me/billing',
          payload: billing,
          headers: { 'x-csrf-token': 'wrong' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await c.get('/api/me/billing')).json()).toEqual({ billing: null });

    expect((await agent.get('/api/backoffice/invoices/99999999/pdf')).statusCode).toBe(404);
    expect((await agent.get('/api/backoffice/orders/99999999/refunds')).statusCode).toBe(404);
    expect((await c.get('/api/me/invoices/99999999/pdf')).statusCode).toBe(404);
  });
});

describe('refunds and credit notes', () => {
  it('agent refunds part, then the rest: two credit notes naming the invoice; an over-refund is refused', async () => {
    const c = await customer('inv-refund@example.com');
    const orderId = await paidOrder(c);
    const [invoice] = await invoicesOf(orderId);
    const url = `/api/backoffice/orders/${orderId}/refunds`;

    const partial = await agent.post(url, { amount: '10.00', reason: 'Duplicado parcial' });
    expect(partial.statusCode).toBe(201);
    expect(partial.json()).toMatchObject({
      refund: { amount: '10.00', status: 'succeeded', provider: 'sandbox' },
      credit_note_number: `R01-${YEAR}-000001`,
    });
    expect(partial.json().refund.provider_refund_ref).toMatch(/^sbx_re_/);

    const over = await agent.post(url, { amount: '15.13', reason: 'Demasiado' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'REFUND_AMOUNT_INVALID' });
    expect(over.json().fields).toContainEqual({
      field: 'amount',
      message: 'El importe no puede superar lo que queda por devolver (15.12 €)',
    });
    expect((await agent.post(url, { amount: '0.00', reason: 'Nada' })).statusCode).toBe(422);
    expect((await agent.post(url, { amount: '1.00', reason: '   ' })).statusCode).toBe(400);
    expect((await agent.post(url, { amount: 'diez', reason: 'x' })).statusCode).toBe(400);

    const rest = await agent.post(url, { amount: '15.12', reason: 'Pedido cancelado' });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().credit_note_number).toBe(`R01-${YEAR}-000002`);

    const state = (await agent.get(url)).json();
    expect(state.refundable).toBe('0.00');
    expect(state.refunds.map((r: { amount: string; status: string }) => [r.amount, r.status])).toEqual([
      ['10.00', 'succeeded'],
      ['15.12', 'succeeded'],
    ]);
    const notes = state.invoices.filter((d: { kind: string }) => d.kind === 'credit_note');
    expect(
      notes.map((n: { total: string; tax_total: string; invoice_type: string; corrects: unknown }) => [
        n.total,
        n.tax_total,
        n.invoice_type,
        n.corrects,
      ]),
    ).toEqual([
      ['-10.00', '-1.74', 'R5', { number: invoice.number, issue_date: TODAY }],
      ['-15.12', '-2.62', 'R5', { number: invoice.number, issue_date: TODAY }],
    ]);
    // Invoice plus credit notes add up to zero, VAT included.
    const sums = (
      await pool().query(
        'select sum(total)::int as total, sum(tax_total)::int as tax, sum(base_total)::int as base from invoices where order_id = $1',
        [orderId],
      )
    ).rows[0];
    expect(sums).toEqual({ total: 0, tax: 0, base: 0 });
    // The sandbox provider returned the money twice.
    const paymentRef = (await pool().query('select provider_ref from payments where order_id = $1', [orderId])).rows[0]
      .provider_ref;
    expect(
      (
        await pool().query('select amount from sandbox_refunds where payment_ref = $1 order by created_at', [
          paymentRef,
        ])
      ).rows.map((r) => r.amount),
    ).toEqual([1000, 1512]);
    expect((await agent.post(url, { amount: '0.01', reason: 'Nada más' })).statusCode).toBe(422);

    // The customer sees them as "abonos" and downloads them; the PDF names the corrected invoice.
    const abonos = (await c.get('/api/me/invoices?kind=credit_note')).json();
    expect(abonos.total).toBe(2);
    const pdf = await c.get(`/api/me/invoices/${notes[0].id}/pdf`);
    expect(pdf.headers['content-disposition']).toContain(`abono-${notes[0].number}.pdf`);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      'Factura rectificativa (abono)',
      `Rectifica la factura ${invoice.number}`,
      'Motivo: Duplicado parcial',
      '-10,00 €',
      '-1,74 €',
      'VERI*FACTU',
    ]) {
      expect(text).toContain(expected);
    }
    const stranger = await customer('inv-refund-stranger@example.com');
    expect((await stranger.get(`/api/me/invoices/${notes[0].id}/pdf`)).statusCode).toBe(404);
  });

  it('a total refund with a penalty returns the rest; the credit note shows amount, penalty and returned', async () => {
    const c = await customer('inv-penalty@example.com');
    const orderId = await paidOrder(c);
    const url = `/api/backoffice/orders/${orderId}/refunds`;
    for (const [penalty, field] of [
      ['25.12', 'penalty'],
      ['30.00', 'penalty'],
      ['-1.00', 'penalty'],
      ['99999999999999999999.00', 'penalty'],
    ] as const) {
      const res = await agent.post(url, { amount: '25.12', penalty, reason: 'Cancelación' });
      expect([penalty, res.statusCode < 500 && res.statusCode >= 400]).toEqual([penalty, true]);
      if (res.statusCode === 422) expect(res.json().fields[0].field).toBe(field);
    }
    const res = await agent.post(url, { amount: '25.12', penalty: '5.00', reason: 'Cancelación con penalización' });
    expect(res.statusCode).toBe(201);
    expect(res.json().refund).toMatchObject({ amount: '20.12', penalty: '5.00', status: 'succeeded' });
    const state = (await agent.get(url)).json();
    // The penalty stays invoiced: it may still be returned later (waived).
    expect(state.refundable).toBe('5.00');
    const note = state.invoices.find((d: { kind: string }) => d.kind === 'credit_note');
    expect(note.total).toBe('-20.12');
    const paymentRef = (await pool().query('select provider_ref from payments where order_id = $1', [orderId])).rows[0]
      .provider_ref;
    expect(
      (await pool().query('select amount from sandbox_refunds where payment_ref = $1', [paymentRef])).rows.map(
        (r) => r.amount,
      ),
    ).toEqual([2012]);
    const text = await pdfText((await c.get(`/api/me/invoices/${note.id}/pdf`)).rawPayload);
    expect(text).toContain('Importe anulado 25,12 €; penalización retenida 5,00 €; importe devuelto 20,12 €');
    expect(text).toContain('-20,12 €');
  });

  it('customers cannot refund or read refunds, notaries only read them; anonymous gets 401', async () => {
    const c = await customer('inv-refund-forbidden@example.com');
    const orderId = await paidOrder(c);
    const url = `/api/backoffice/orders/${orderId}/refunds`;
    expect((await c.post(url, { amount: '1.00', reason: 'yo mismo' })).statusCode).toBe(403);
    expect((await c.get(url)).statusCode).toBe(403);
    expect((await notary.post(url, { amount: '1.00', reason: 'notaría' })).statusCode).toBe(403);
    // Notaries see an order's payments and refunds in the back office (like its payments list) but do not handle money.
    expect((await notary.get(url)).statusCode).toBe(200);
    const anonymous = new TestClient(t.app);
    await anonymous.start(1);
    expect((await anonymous.post(url, { amount: '1.00', reason: 'x' })).statusCode).toBe(401);
    expect((await anonymous.get(url)).statusCode).toBe(401);
    expect(
      (await pool().query('select count(*)::int as n from refunds where order_id = $1', [orderId])).rows[0].n,
    ).toBe(0);
  });

  it('an unknown order or one not invoiced yet (unpaid) cannot be refunded: 404, and nothing is reserved', async () => {
    const c = await customer('inv-refund-unpaid@example.com');
    const { order_id: orderId } = await unpaidOrder(c);
    const res = await agent.post(`/api/backoffice/orders/${orderId}/refunds`, { amount: '1.00', reason: 'Sin pagar' });
    expect(res.statusCode).toBe(404);
    expect(
      (await agent.post('/api/backoffice/orders/99999999/refunds', { amount: '1.00', reason: 'No existe' })).statusCode,
    ).toBe(404);
    expect(
      (await pool().query('select count(*)::int as n from refunds where order_id = $1', [orderId])).rows[0].n,
    ).toBe(0);
  });

  it('when the provider refund fails there is no credit note, and the amount stays refundable', async () => {
    const c = await customer('inv-refund-fail@example.com');
    const orderId = await paidOrder(c);
    const provider = t.app.ctx.payments.provider('sandbox')!;
    const spy = vi
      .spyOn(provider, 'refund')
      .mockResolvedValueOnce({ status: 'failed', failureCode: 'insufficient_balance' });
    const res = await agent.post(`/api/backoffice/orders/${orderId}/refunds`, { amount: '5.00', reason: 'Error' });
    spy.mockRestore();
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('REFUND_FAILED');
    const state = (await agent.get(`/api/backoffice/orders/${orderId}/refunds`)).json();
    expect(state.refunds).toMatchObject([
      { status: 'failed', failure_code: 'insufficient_balance', credit_note_id: null },
    ]);
    expect(state.refundable).toBe('25.12');
    expect(state.invoices.map((d: { kind: string }) => d.kind)).toEqual(['invoice']);
  });
});

describe('bank transfers', () => {
  it('an order paid by transfer is invoiced when the agent confirms it, and refunded by hand with a credit note', async () => {
    const c = await customer('inv-transfer@example.com');
    expect(
      (await c.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() }))
        .statusCode,
    ).toBe(201);
    const started = await c.post('/api/checkout', { payment_method: 'bank', accept_terms: true, start_now: true });
    expect(started.statusCode).toBe(201);
    const orderId = started.json<{ order_id: number }>().order_id;
    expect(await invoicesOf(orderId)).toHaveLength(0);
    expect((await agent.post(`/api/backoffice/orders/${orderId}/confirm-transfer`)).statusCode).toBe(200);
    expect(await invoicesOf(orderId)).toMatchObject([{ kind: 'invoice', total: 2512 }]);

    const res = await agent.post(`/api/backoffice/orders/${orderId}/refunds`, {
      amount: '25.12',
      reason: 'Devolución por transferencia',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().refund).toMatchObject({ provider: 'manual', status: 'succeeded', provider_refund_ref: null });
    expect((await invoicesOf(orderId)).map((d) => [d.kind, d.total])).toEqual([
      ['invoice', 2512],
      ['credit_note', -2512],
    ]);
  });
});

describe('Veri*Factu chain', () => {
  it('every invoice and credit note of the Spanish issuer is chained to the previous record, first with an empty link', async () => {
    const check = await t.app.ctx.verifactu.checkChain('B12345674');
    expect(check.ok).toBe(true);
    const { rows } = await pool().query(
      `select r.id, r.previous_record_id, r.previous_hash, r.hash, r.qr_url, i.kind, i.number
         from verifactu_records r join invoices i on i.id = r.invoice_id where r.issuer_tax_id = 'B12345674' order by r.id`,
    );
    const docs = (await pool().query("select count(*)::int as n from invoices where entity_id = 'es'")).rows[0].n;
    expect(rows).toHaveLength(docs);
    expect(check.records).toBe(docs);
    expect(rows.some((r) => r.kind === 'credit_note')).toBe(true);
    expect(rows[0]).toMatchObject({ previous_record_id: null, previous_hash: '' });
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i].previous_record_id).toBe(rows[i - 1].id);
      expect(rows[i].previous_hash).toBe(rows[i - 1].hash);
      expect(rows[i].hash).toMatch(/^[0-9A-F]{64}$/);
    }
    expect(rows[0].qr_url).toMatch(
      /^https:\/\/prewww2\.aeat\.es\/wlpl\/TIKE-CONT\/ValidarQR\?nif=B12345674&numserie=F01-\d{4}-\d{6}&fecha=\d{2}-\d{2}-\d{4}&importe=\d+\.\d{2}$/,
    );

    // Sending to the AEAT: the default adapter sends nothing (records stay pending); another adapter gets the pending
    // records oldest first and its answers are stored.
    expect(await t.app.ctx.verifactu.submitPending()).toBe(0);
    expect(
      (await pool().query("select count(*)::int as n from verifactu_records where submission_status <> 'pending'"))
        .rows[0].n,
    ).toBe(0);
    const offered: number[] = [];
    const submitter = new VerifactuService(t.app.ctx.db, 'test', {
      name: 'fake',
      submit: async (records) => {
        offered.push(...records.map((r) => r.id));
        return records.map((r, i) =>
          i === 0
            ? { recordId: r.id, status: 'rejected' as const, detail: 'código 1100' }
            : { recordId: r.id, status: 'accepted' as const },
        );
      },
    });
    expect(await submitter.submitPending(2)).toBe(2);
    expect(offered).toEqual([rows[0].id, rows[1].id]);
    const submitted = (
      await pool().query(
        'select id, submission_status, submission_detail from verifactu_records where id = any($1) order by id',
        [offered],
      )
    ).rows;
    expect(submitted).toEqual([
      { id: rows[0].id, submission_status: 'rejected', submission_detail: 'código 1100' },
      { id: rows[1].id, submission_status: 'accepted', submission_detail: null },
    ]);
    await submitter.submitPending(1);
    expect(offered).toEqual([rows[0].id, rows[1].id, rows[2].id]);

    // A tampered record breaks the check.
    await pool().query("update verifactu_records set total = '1.00' where id = $1", [rows[1].id]);
    expect(await t.app.ctx.verifactu.checkChain('B12345674')).toMatchObject({ ok: false, brokenAt: rows[1].id });
  });
});
