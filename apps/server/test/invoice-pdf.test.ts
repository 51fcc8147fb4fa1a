import type { Cents } from '@ventanilla/domain';
import { describe, expect, it } from 'vitest';
import type { invoices } from '../src/db/schema.js';
import { renderInvoicePdf, type InvoicePdfInput } from '../src/modules/invoicing/invoice-pdf.js';
import type { LegalEntity } from '../src/modules/invoicing/legal-entities.js';
import { pdfQrPlace } from './support/pdf-qr.js';
import { pdfTextItems } from './support/pdf-text-items.js';
import { pdfText } from './support/pdf-text.js';

// The invoice PDF drawn straight from a stored row: names in six languages read back through pdf.js, and a Portuguese
// document long enough for several pages carrying its ATCUD on each and right above its QR code.

type InvoiceRow = typeof invoices.$inferSelect;

const NAMES = {
  es: 'José Núñez Peña',
  pt: 'João Conceição Gonçalves',
  ga: 'Seán Ó Súilleabháin',
  pl: 'Zoë Łukasz Żółć',
  el: 'Γιώργος Παπαδόπουλος',
  sr: 'Ђорђе Јовановић',
  ru: 'Фёдор Щукин',
};

const cents = (n: number) => n as Cents;

function invoiceRow(overrides: Partial<InvoiceRow> = {}): InvoiceRow {
  const line = (description: string) => ({
    kind: 'service' as const,
    itemId: 1,
    description,
    qty: 1,
    rateBp: 2100,
    base: cents(1000),
    tax: cents(210),
    total: cents(1210),
  });
  const lines = overrides.lines ?? [line('Nota simple')];
  return {
    id: 1,
    kind: 'invoice',
    number: 'F2026-000042',
    seriesKey: 'F2026',
    sequence: 42,
    entityId: 'es',
    orderId: 123456,
    storeId: 1,
    customerId: 1,
    invoiceType: 'F1',
    language: 'es',
    currency: 'EUR',
    issueDate: '2026-03-05',
    issuedAt: new Date('2026-03-05T10:00:00Z'),
    issuer: { name: 'Ventanilla Gestión Registral, S.L.', taxId: 'B12345674', address: 'Calle Mayor 1', country: 'ES' },
    recipient: { name: NAMES.es, taxId: null, address: null, country: 'ES' },
    breakdown: [{ rateBp: 2100, base: cents(1000 * lines.length), tax: cents(210 * lines.length) }],
    baseTotal: cents(1000 * lines.length),
    taxTotal: cents(210 * lines.length),
    notSubjectTotal: cents(0),
    total: cents(1210 * lines.length),
    correctsInvoiceId: null,
    reason: null,
    cancelledAmount: null,
    penalty: null,
    ptDocumentNo: null,
    ptSystemEntry: null,
    ptHash: null,
    ptAtcud: null,
    ...overrides,
    lines,
  };
}

const ENTITY: LegalEntity = {
  id: 'es',
  legal_name: 'Ventanilla Gestión Registral, S.L.',
  tax_id: 'B12345674',
  address: 'Calle Mayor 1, 28013 Madrid',
  country: 'ES',
  time_zone: 'Europe/Madrid',
  registry_note: '',
  email: 'facturas@example.com',
  phone: '',
  privacy_email: '',
  supervising_authority: '',
  verifactu: false,
};

function input(invoice: InvoiceRow, overrides: Partial<InvoicePdfInput> = {}): InvoicePdfInput {
  return {
    invoice,
    corrected: null,
    entity: ENTITY,
    storeName: 'Ventanilla',
    verifactu: null,
    portugal: null,
    ...overrides,
  };
}

describe('invoice PDF', () => {
  it('prints Spanish, Portuguese, Irish, Polish, Greek and Cyrillic names as themselves', async () => {
    const invoice = invoiceRow({
      recipient: { name: `${NAMES.es} / ${NAMES.ga}`, taxId: null, address: `Rua ${NAMES.pt}, Lisboa`, country: 'PT' },
      lines: [NAMES.pl, NAMES.el, NAMES.sr, NAMES.ru].map((name) => ({
        kind: 'service' as const,
        itemId: 1,
        description: `Certificado de ${name}`,
        qty: 1,
        rateBp: 2100,
        base: cents(1000),
        tax: cents(210),
        total: cents(1210),
      })),
    });
    const pdf = await renderInvoicePdf(input(invoice));
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const name of Object.values(NAMES)) expect(text, name).toContain(name);
    expect(text).not.toContain('?');
    expect(text).toContain('48,40 €');
  });

  it('a character the font lacks prints as "?", the rest of the line as written', async () => {
    const pdf = await renderInvoicePdf(
      input(invoiceRow({ recipient: { name: 'Zoë 東京 😀', taxId: null, address: null, country: 'ES' } })),
    );
    expect(await pdfText(pdf)).toContain('Zoë ?? ?');
  });

  it('a Portuguese document of several pages has its ATCUD on every page, right above the QR code, and the footer on each', async () => {
    const many = Array.from({ length: 90 }, (_, i) => ({
      kind: 'service' as const,
      itemId: i,
      description: `Certidão permanente ${i + 1} — ${NAMES.pt}`,
      qty: 1,
      rateBp: 2300,
      base: cents(1000),
      tax: cents(230),
      total: cents(1230),
    }));
    const invoice = invoiceRow({
      entityId: 'pt',
      language: 'pt',
      issuer: { name: 'Ventanilla Portugal, Unipessoal Lda.', taxId: '515000000', address: 'Lisboa', country: 'PT' },
      recipient: { name: NAMES.pt, taxId: '999999990', address: null, country: 'PT' },
      lines: many,
      breakdown: [{ rateBp: 2300, base: cents(90_000), tax: cents(20_700) }],
      baseTotal: cents(90_000),
      taxTotal: cents(20_700),
      total: cents(110_700),
      ptDocumentNo: 'FT F16-2026/7',
      ptAtcud: 'JJ37MMMM-7',
      ptHash: 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789+/abcdefghij=',
    });
    const pdf = await renderInvoicePdf(
      input(invoice, {
        entity: { ...ENTITY, id: 'pt', country: 'PT', legal_name: 'Ventanilla Portugal, Unipessoal Lda.' },
        portugal: { certificateNumber: '0000' },
      }),
    );
    const pages = await pdfTextItems(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const [i, items] of pages.entries()) {
      const text = items.map((item) => item.text).join('\n');
      expect(text, `page ${i + 1}`).toContain('ATCUD: JJ37MMMM-7');
      expect(text, `page ${i + 1}`).toContain(`${i + 1} / ${pages.length}`);
      expect(text, `page ${i + 1}`).toContain('Ventanilla Portugal, Unipessoal Lda.');
    }
    expect(pages.flat().map((item) => item.text)).toContain('Certidão permanente 90 — João Conceição Gonçalves');

    // On the first page the ATCUD's line sits right above the QR code: aligned with its left edge, within 12 points.
    const qr = await pdfQrPlace(pdf);
    expect(qr?.text).toContain('H:JJ37MMMM-7');
    const above = pages[0]!.filter((item) => item.text === 'ATCUD: JJ37MMMM-7' && item.y > qr!.top);
    expect(above).toHaveLength(1);
    expect(above[0]!.y - qr!.top).toBeLessThan(12);
    expect(Math.abs(above[0]!.x - qr!.left)).toBeLessThan(3);
  });

  it('stays small and quick: a one-page invoice embeds only the glyphs it uses', async () => {
    await renderInvoicePdf(input(invoiceRow()));
    const started = performance.now();
    const pdf = await renderInvoicePdf(input(invoiceRow()));
    const elapsed = performance.now() - started;
    // The two Noto Sans files are 1.2 MB; their subsets here are a few kilobytes.
    expect(pdf.byteLength).toBeLessThan(60_000);
    expect(elapsed).toBeLessThan(5_000);
  });
});
