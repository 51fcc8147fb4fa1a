import { createVerify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isoDate, ptHashExtract, ptSignatureMessage, zonedDateTime } from '@ventanilla/domain';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSandboxNotification } from '../support/payment-state.js';
import { portugueseQr } from '../../src/modules/invoicing/invoice-pdf.js';
import { pdfQrText } from '../support/pdf-qr.js';
import { pdfText } from '../support/pdf-text.js';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { PtSigningService } from '../../src/modules/invoicing/pt-signing.service.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: TestClient;
let agent: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  expect((await admin.login('admin@ventanilla.test', 'admin-demo-2026')).statusCode).toBe(200);
  agent = new TestClient(t.app);
  expect((await agent.login('agente@ventanilla.test', 'agente-demo-2026')).statusCode).toBe(200);
});
afterAll(async () => t?.close());

const LISBON = zonedDateTime(new Date(), 'Europe/Lisbon');
const YEAR = LISBON.year;
const MONTH = isoDate(LISBON).slice(0, 7);
const PT_ANSWERS = { '4201': 'AA00AA', '4202': '420201' };
const pool = () => t.app.ctx.database.pool;
const put = (c: TestClient, url: string, payload: unknown) =>
  c.request({ method: 'PUT', url, payload: payload as string });

interface SignedRow {
  id: number;
  kind: string;
  sequence: number;
  series_key: string;
  issue_date: string;
  total: number;
  pt_document_no: string;
  pt_system_entry: string;
  pt_hash: string;
  pt_atcud: string;
}

async function unpaidPortugueseOrder(email: string) {
  const c = new TestClient(t.app);
  await c.start(16);
  await c.register(email);
  expect(
    (await c.post('/api/cart/items', { store_id: 16, url_key: 'certidao-permanente-automovel', answers: PT_ANSWERS }))
      .statusCode,
  ).toBe(201);
  const res = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
  expect(res.statusCode).toBe(201);
  return { c, ...res.json<{ order_id: number; redirect_url: string }>() };
}

async function paidPortugueseOrder(email: string) {
  const { c, order_id: orderId, redirect_url: redirectUrl } = await unpaidPortugueseOrder(email);
  await payOnSandbox(t.app, redirectUrl, { number: '4242424242424242' });
  await waitFor(
    async () => (await pool().query('select 1 from invoices where order_id = $1', [orderId])).rowCount === 1,
  );
  return { c, orderId };
}

async function series(key: string): Promise<SignedRow[]> {
  return (
    await pool().query<SignedRow>(
      `select id, kind, sequence, series_key, issue_date, total, pt_document_no, pt_system_entry, pt_hash, pt_atcud
         from invoices where series_key = $1 order by sequence`,
      [key],
    )
  ).rows;
}

/** Every document of a series verifies with the public key over its fields and the previous document's signature. */
function expectChainVerifies(rows: SignedRow[]) {
  const publicKey = t.app.ctx.invoicing.portugal.publicKeyPem!;
  let previous = '';
  rows.forEach((r, i) => {
    expect(r.sequence).toBe(i + 1);
    const message = ptSignatureMessage({
      invoiceDate: r.issue_date,
      systemEntryDate: r.pt_system_entry,
      invoiceNo: r.pt_document_no,
      grossTotal: Math.abs(r.total),
      previousHash: previous,
    });
    expect(createVerify('RSA-SHA1').update(message).verify(publicKey, r.pt_hash, 'base64')).toBe(true);
    previous = r.pt_hash;
  });
}

async function saft(client: TestClient) {
  return client.get(`/api/backoffice/saft-pt?entity=pt&month=${MONTH}`);
}

const XSD = fileURLToPath(new URL('../../src/modules/invoicing/saft/SAFTPT1.04_01.xsd', import.meta.url));

/**
 * The AT's schema declares XSD 1.1 (its xs:assert rules); libxml2 validates XSD 1.0, so the asserts are taken out
 * and everything else (structure, types, patterns, keys) is checked.
 */
function schemaForLibxml(): string {
  // Also XSD 1.1: xs:all with maxOccurs="unbounded" (general-ledger lines, not in an invoicing file) read as a sequence.
  return readFileSync(XSD, 'latin1')
    .replace(/<xs:all>/g, '<xs:sequence>')
    .replace(/<\/xs:all>/g, '</xs:sequence>')
    .replace(/encoding="Windows-1252"/, 'encoding="ISO-8859-1"')
    .replace(/<xs:assert\b[\s\S]*?\/>/g, '');
}

interface QrDocumentRow {
  kind: string;
  issue_date: string;
  pt_document_no: string;
  pt_atcud: string;
  pt_hash: string;
  total: number;
  tax_total: number;
  issuer: { taxId: string };
  recipient: { taxId: string | null; country: string };
  breakdown: Array<{ rateBp: number | null; base: number; tax: number }>;
}

/** "24.60" from 2460 (unsigned: the QR's amounts are positive for credit notes too). */
const qrAmount = (cents: number) => (Math.abs(cents) / 100).toFixed(2);

/**
 * The fields of Portaria 195/2020 the AT's specification asks for a mainland document at 23 % only (no exempt base,
 * no other rate, no withholding), computed here from the stored row, not with the code that prints them.
 */
function expectedQrFields(d: QrDocumentRow): Array<[string, string]> {
  const at23 = d.breakdown.filter((b) => b.rateBp === 2300);
  expect(at23).toHaveLength(d.breakdown.length);
  return [
    ['A', d.issuer.taxId.replace(/^PT/, '')],
    ['B', d.recipient.taxId ?? '999999990'],
    ['C', d.recipient.country],
    ['D', d.kind === 'credit_note' ? 'NC' : 'FT'],
    ['E', 'N'],
    ['F', d.issue_date.replaceAll('-', '')],
    ['G', d.pt_document_no],
    ['H', d.pt_atcud],
    ['I1', 'PT'],
    ['I7', qrAmount(at23.reduce((s, b) => s + b.base, 0))],
    ['I8', qrAmount(at23.reduce((s, b) => s + b.tax, 0))],
    ['N', qrAmount(d.tax_total)],
    ['O', qrAmount(d.total)],
    // Characters 1, 11, 21 and 31 of the signature.
    ['Q', `${d.pt_hash[0]}${d.pt_hash[10]}${d.pt_hash[20]}${d.pt_hash[30]}`],
    ['R', '0000'],
  ];
}

/** The QR printed on a PDF, decoded from the rendered page and split into its `key:value` fields, in order. */
async function printedQrFields(pdf: Uint8Array): Promise<Array<[string, string]>> {
  const text = await pdfQrText(pdf);
  expect(text, 'a QR code on the first page').not.toBeNull();
  return text!.split('*').map((f) => {
    const at = f.indexOf(':');
    return [f.slice(0, at), f.slice(at + 1)];
  });
}

describe('Portuguese invoices and credit notes (ATCUD, signature chain, QR, SAF-T)', () => {
  it('an admin records the AT validation code of a series; others cannot', async () => {
    const key = `F16-${YEAR}`;
    const anonymous = new TestClient(t.app);
    await anonymous.start(16);
    expect((await put(anonymous, `/api/backoffice/pt-series/${key}`, { validation_code: 'AAJFJMVN' })).statusCode).toBe(
      401,
    );
    expect((await put(agent, `/api/backoffice/pt-series/${key}`, { validation_code: 'AAJFJMVN' })).statusCode).toBe(
      403,
    );
    const bad = await put(admin, `/api/backoffice/pt-series/${key}`, { validation_code: 'AAJ-FJMVN' });
    expect(bad.statusCode).toBe(400);
    const ok = await put(admin, `/api/backoffice/pt-series/${key}`, { validation_code: 'aajfjmvn' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ series_key: key, validation_code: 'AAJFJMVN' });
    expect(
      (await put(admin, `/api/backoffice/pt-series/R16-${YEAR}`, { validation_code: 'CSDF7T5H' })).statusCode,
    ).toBe(200);
    expect((await admin.get('/api/backoffice/pt-series')).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ series_key: key, validation_code: 'AAJFJMVN' })]),
    );
  });

  it('invoice and credit note carry the ATCUD and a signature chained in their series; the PDF prints them', async () => {
    const { c, orderId } = await paidPortugueseOrder('pt-inv-1@example.com');
    const { orderId: second } = await paidPortugueseOrder('pt-inv-2@example.com');
    const invoices = await series(`F16-${YEAR}`);
    expect(invoices.length).toBeGreaterThanOrEqual(2);
    expect(invoices[0]).toMatchObject({ kind: 'invoice', pt_document_no: `FT F16-${YEAR}/1`, pt_atcud: 'AAJFJMVN-1' });
    expect(invoices[1]!.pt_atcud).toBe('AAJFJMVN-2');
    expectChainVerifies(invoices);
    expect(second).toBeGreaterThan(orderId);

    const refund = await agent.post(`/api/backoffice/orders/${orderId}/refunds`, { amount: '1.00', reason: 'Erro' });
    expect(refund.statusCode).toBe(201);
    const notes = await series(`R16-${YEAR}`);
    expect(notes[0]).toMatchObject({ kind: 'credit_note', pt_document_no: `NC R16-${YEAR}/1`, pt_atcud: 'CSDF7T5H-1' });
    expectChainVerifies(notes);

    // Changing the code of a series that has issued documents is refused (its printed ATCUDs would not match).
    expect(
      (await put(admin, `/api/backoffice/pt-series/F16-${YEAR}`, { validation_code: 'ZZZZZZZZ' })).statusCode,
    ).toBe(409);

    const text = await pdfText((await c.get(`/api/invoice?order_id=${orderId}`)).rawPayload);
    const first = invoices.find((r) => r.sequence === 1)!;
    const own = (
      await pool().query<SignedRow>('select pt_hash, pt_atcud from invoices where order_id = $1 and kind = $2', [
        orderId,
        'invoice',
      ])
    ).rows[0]!;
    expect(text).toContain(`ATCUD: ${own.pt_atcud}`);
    expect(text).not.toContain('Fatura simplificada');
    expect(text).toContain(`${ptHashExtract(own.pt_hash)}-Processado por programa certificado n.º 0000/AT`);
    // The QR printed top right (Portaria 195/2020), from the stored document.
    const stored = await t.app.ctx.invoicing.byId(first.id);
    expect(portugueseQr(stored, '0000')).toBe(
      `A:509123457*B:999999990*C:PT*D:FT*E:N*F:${first.issue_date.replaceAll('-', '')}*G:FT F16-${YEAR}/1*H:AAJFJMVN-1*I1:PT*I7:20.00*I8:4.60*N:4.60*O:24.60*Q:${ptHashExtract(first.pt_hash)}*R:0000`,
    );
  });

  it('SAF-T (PT): admins only; the file validates against the AT schema and carries the stored hashes', async () => {
    expect((await saft(new TestClient(t.app))).statusCode).toBe(401);
    expect((await saft(agent)).statusCode).toBe(403);
    expect((await admin.get('/api/backoffice/saft-pt?entity=es&month=2026-11')).statusCode).toBe(404);
    expect((await admin.get('/api/backoffice/saft-pt?entity=pt&month=2026-13')).statusCode).toBe(400);
    const res = await saft(admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toMatch(/SAFT-PT_509123457_\d{4}-\d{2}\.xml/);
    const xml = res.body;
    const result = await validateXML({
      xml: [{ fileName: 'saft.xml', contents: xml }],
      schema: [{ fileName: 'SAFTPT1.04_01.xsd', contents: schemaForLibxml() }],
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    const docs = [...(await series(`F16-${YEAR}`)), ...(await series(`R16-${YEAR}`))];
    for (const d of docs) {
      expect(xml).toContain(`<InvoiceNo>${d.pt_document_no}</InvoiceNo><ATCUD>${d.pt_atcud}</ATCUD>`);
      expect(xml).toContain(`<Hash>${d.pt_hash}</Hash>`);
    }
    expect(xml).toContain('<InvoiceType>NC</InvoiceType>');
    expect(xml).toMatch(/<References><Reference>FT F16-\d{4}\/1<\/Reference>/);
  });

  it('orders of one series paid at the same moment get consecutive numbers and one unbroken signature chain', async () => {
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await unpaidPortugueseOrder(`pt-race-${i}@example.com`));
    const payments = await Promise.all(
      orders.map(
        async (o) =>
          (
            await pool().query<{ provider_ref: string; amount: number }>(
              'select provider_ref, amount from payments where order_id = $1',
              [o.order_id],
            )
          ).rows[0]!,
      ),
    );
    const responses = await Promise.all(
      payments.map((p, i) =>
        sendSandboxNotification(
          t.app,
          JSON.stringify({
            id: `evt_pt_race_${i}`,
            type: 'payment.succeeded',
            created: 0,
            data: {
              ref: p.provider_ref,
              amount: p.amount,
              currency: 'EUR',
              failure_code: null,
              card: { brand: 'visa', last4: '4242' },
            },
          }),
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(orders.map(() => 200));
    const rows = await series(`F16-${YEAR}`);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expectChainVerifies(rows);
    expect(new Set(rows.map((r) => r.pt_hash)).size).toBe(rows.length);
  });

  it('in production a document is refused without the signing key or without the series code, with a clear error', async () => {
    const unkeyed = new PtSigningService({ keyFile: null, certificateNumber: '1234', production: true });
    expect(unkeyed.publicKeyPem).toBeNull();
    const [row] = (await pool().query('select id from invoices limit 1')).rows;
    const invoice = await t.app.ctx.invoicing.byId(row.id);
    const entity = { id: 'pt', time_zone: 'Europe/Lisbon' } as Parameters<PtSigningService['sign']>[2];
    await expect(t.app.ctx.db.transaction((tx) => unkeyed.sign(tx, invoice, entity))).rejects.toThrow(
      /PT_SIGNING_KEY_FILE/,
    );

    // A keyed production signer and a series nobody entered a code for: the paying transaction fails, nothing issued.
    const portugal = t.app.ctx.invoicing.portugal as unknown as { config: { production: boolean } };
    await pool().query('delete from pt_series_codes where series_key = $1', [`F16-${YEAR}`]);
    portugal.config.production = true;
    try {
      const { order_id: orderId } = await unpaidPortugueseOrder('pt-no-code@example.com');
      const payment = (await pool().query('select provider_ref, amount from payments where order_id = $1', [orderId]))
        .rows[0];
      const res = await sendSandboxNotification(
        t.app,
        JSON.stringify({
          id: 'evt_pt_no_code',
          type: 'payment.succeeded',
          created: 0,
          data: {
            ref: payment.provider_ref,
            amount: payment.amount,
            currency: 'EUR',
            failure_code: null,
            card: { brand: 'visa', last4: '4242' },
          },
        }),
      );
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect((await pool().query('select 1 from invoices where order_id = $1', [orderId])).rowCount).toBe(0);
      await expect(t.app.ctx.db.transaction((tx) => t.app.ctx.invoicing.issueForOrder(tx, orderId))).rejects.toThrow(
        `Portuguese series F16-${YEAR} has no AT validation code`,
      );
    } finally {
      portugal.config.production = false;
      await pool().query('insert into pt_series_codes (series_key, validation_code) values ($1, $2)', [
        `F16-${YEAR}`,
        'AAJFJMVN',
      ]);
    }
  });

  it('the QR printed on the PDF of an invoice and of its credit note decodes to the fields of Portaria 195/2020', async () => {
    const { c, orderId } = await unpaidPortugueseOrder('pt-qr@example.com').then(async (o) => {
      const billing = await o.c.request({
        method: 'PUT',
        url: '/api/me/billing',
        payload: {
          name: 'Cartório Exemplo, Lda.',
          tax_id: '501964843',
          address: 'Rua Augusta 1, Lisboa',
          country: 'PT',
        },
      });
      expect(billing.statusCode).toBe(200);
      await payOnSandbox(t.app, o.redirect_url, { number: '4242424242424242' });
      await waitFor(
        async () => (await pool().query('select 1 from invoices where order_id = $1', [o.order_id])).rowCount === 1,
      );
      return { c: o.c, orderId: o.order_id };
    });
    const refund = await agent.post(`/api/backoffice/orders/${orderId}/refunds`, { amount: '5.00', reason: 'Erro' });
    expect(refund.statusCode).toBe(201);
    const docs = (
      await pool().query<QrDocumentRow & { id: number }>(
        `select id, kind, issue_date, pt_document_no, pt_atcud, pt_hash, total, tax_total, issuer, recipient, breakdown
           from invoices where order_id = $1 order by id`,
        [orderId],
      )
    ).rows;
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    const [invoice, note] = docs as [QrDocumentRow & { id: number }, QrDocumentRow & { id: number }];

    const invoiceFields = await printedQrFields((await c.get(`/api/invoice?order_id=${orderId}`)).rawPayload);
    expect(invoiceFields).toEqual(expectedQrFields(invoice));
    // The customer's NIF and country, the document's own number, ATCUD and signature: not a canned text.
    expect(Object.fromEntries(invoiceFields)).toMatchObject({
      A: '509123457',
      B: '501964843',
      C: 'PT',
      D: 'FT',
      O: '24.60',
      N: '4.60',
    });
    expect(Object.fromEntries(invoiceFields).H).toMatch(/^[A-Z0-9]{8,}-\d+$/);

    const notePdf = await c.get(`/api/me/invoices/${note.id}/pdf`);
    expect(notePdf.statusCode).toBe(200);
    const noteFields = await printedQrFields(notePdf.rawPayload);
    expect(noteFields).toEqual(expectedQrFields(note));
    expect(Object.fromEntries(noteFields)).toMatchObject({ D: 'NC', O: '5.00', G: note.pt_document_no });
    expect(Object.fromEntries(noteFields).H).toMatch(/^[A-Z0-9]{8,}-\d+$/);
    // No field S: the product prints no other information.
    expect(invoiceFields.map(([k]) => k)).not.toContain('S');
  });
});
