import {
  formatMoney,
  isLanguage,
  ptAtcudText,
  ptCertificationText,
  ptQrString,
  validateIrishVat,
  type Cents,
  type Language,
} from '@ventanilla/domain';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { winAnsiFilter, wrapText } from '../../shared/pdf-flow.js';
import type { invoices, verifactuRecords } from '../../db/schema.js';
import { invoiceText, type InvoiceTextKey } from './invoice-texts.js';
import type { LegalEntity } from './legal-entities.js';

type InvoiceRow = typeof invoices.$inferSelect;
type RecordRow = typeof verifactuRecords.$inferSelect;

export interface InvoicePdfInput {
  invoice: InvoiceRow;
  /** The invoice a credit note corrects. */
  corrected: InvoiceRow | null;
  entity: LegalEntity;
  /** The brand (store name) shown at the top. */
  storeName: string;
  verifactu: RecordRow | null;
  /** Portuguese issuers' signed documents: the AT certificate number printed with the hash extract. */
  portugal: { certificateNumber: string } | null;
}

/** The QR text of a signed Portuguese document (Portaria 195/2020). */
export function portugueseQr(invoice: InvoiceRow, certificateNumber: string): string {
  if (!invoice.ptHash || !invoice.ptAtcud || !invoice.ptDocumentNo) throw new Error(`${invoice.number} is not signed`);
  return ptQrString({
    issuerNif: invoice.issuer.taxId ?? '',
    buyerTaxId: invoice.recipient.taxId,
    buyerCountry: invoice.recipient.country ?? 'PT',
    documentType: invoice.kind === 'credit_note' ? 'NC' : 'FT',
    status: 'N',
    date: invoice.issueDate,
    documentNo: invoice.ptDocumentNo,
    atcud: invoice.ptAtcud,
    buckets: invoice.breakdown,
    grossTotal: invoice.total,
    hash: invoice.ptHash,
    certificateNumber,
  });
}

const MM = 72 / 25.4;
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 42;
const GREY = rgb(0.35, 0.35, 0.35);
const LINE = rgb(0.75, 0.75, 0.75);

/** "05/03/2026" in every language (unambiguous in es, pt and en-IE). */
function displayDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

function rateText(rateBp: number | null): string {
  if (rateBp === null) return '—';
  return `${(rateBp / 100).toFixed(rateBp % 100 === 0 ? 0 : 2)} %`;
}

/**
 * Renders an invoice or credit note as an A4 PDF (pdf-lib, standard Helvetica). Spanish issuers get the Veri*Factu
 * block at the top: "QR tributario:" above the QR code (error correction M, 35 mm) and "VERI*FACTU" below it.
 */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const { invoice, corrected, verifactu, portugal } = input;
  // The issuer as it was when the document was issued (the entity may have been edited since); the registry entry,
  // not kept on the document, from the entity.
  const entity = {
    ...input.entity,
    legal_name: invoice.issuer.name || input.entity.legal_name,
    tax_id: invoice.issuer.taxId ?? input.entity.tax_id,
    address: invoice.issuer.address ?? input.entity.address,
  };
  // Ireland (VAT Regulations 2010, reg. 20): the date of supply (here the prepayment's date, the issue date) and the
  // unit price exclusive of VAT are printed, and a customer's Irish VAT number with its IE prefix.
  const irish = entity.country === 'IE';
  const language: Language = isLanguage(invoice.language) ? invoice.language : 'es';
  const t = (key: InvoiceTextKey, params?: Record<string, string>) => invoiceText(language, key, params);
  const money = (amount: Cents) => formatMoney(amount, language).replace(/[\u202f\u00a0]/g, ' ');

  const doc = await PDFDocument.create();
  const title =
    invoice.kind === 'credit_note'
      ? t('creditNote')
      : // Portuguese documents are all FT (fatura): the AT's FS is a different document type and series.
        invoice.invoiceType === 'F2' && !invoice.ptDocumentNo
        ? t('simplifiedInvoice')
        : t('invoice');
  doc.setTitle(`${title} ${invoice.number}`);
  doc.setAuthor(entity.legal_name);
  doc.setCreationDate(invoice.issuedAt);
  doc.setModificationDate(invoice.issuedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // Standard fonts cover WinAnsi only: anything else (a product name in another script) prints as "?".
  const safe = winAnsiFilter(regular);

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const write = (
    text: string,
    x: number,
    at: number,
    options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb> } = {},
  ) => {
    page.drawText(safe(text), {
      x,
      y: at,
      size: options.size ?? 9,
      font: options.font ?? regular,
      color: options.color ?? rgb(0, 0, 0),
    });
  };
  const writeRight = (text: string, right: number, at: number, options: { size?: number; font?: PDFFont } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 9;
    write(text, right - font.widthOfTextAtSize(safe(text), size), at, { size, font });
  };
  /** Wraps text to a width; returns the lines. */
  const wrap = (text: string, width: number, size = 9, font = regular): string[] =>
    wrapText(safe(text), font, size, width);
  const newPageIfNeeded = (space: number) => {
    if (y - space > MARGIN + 30) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };

  // Veri*Factu block, top right, before anything else on the page.
  const right = PAGE.width - MARGIN;
  const qrText = verifactu
    ? verifactu.qrUrl
    : portugal && invoice.ptHash
      ? portugueseQr(invoice, portugal.certificateNumber)
      : null;
  if (qrText) {
    const size = 35 * MM;
    const qr = QRCode.create(qrText, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    const cell = size / n;
    const left = right - size;
    const top = PAGE.height - MARGIN - 12;
    if (verifactu) write(t('qrCaption'), left, top + 3, { size: 8, font: bold });
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        if (qr.modules.get(row, col))
          page.drawRectangle({
            x: left + col * cell,
            y: top - (row + 1) * cell,
            width: cell,
            height: cell,
            color: rgb(0, 0, 0),
          });
      }
    }
    if (verifactu) {
      write(t('verifactu'), left, top - size - 10, { size: 9, font: bold });
      for (const [i, l] of wrap(t('verifactuNote'), size, 6).entries())
        write(l, left, top - size - 19 - i * 7, { size: 6, color: GREY });
    }
  }

  // Brand, title, number and dates.
  write(input.storeName, MARGIN, y - 8, { size: 16, font: bold });
  y -= 30;
  write(title, MARGIN, y, { size: 13, font: bold });
  y -= 16;
  write(`${t('number')}: ${invoice.ptDocumentNo ?? invoice.number}`, MARGIN, y, { size: 10, font: bold });
  y -= 13;
  if (invoice.ptAtcud) {
    write(ptAtcudText(invoice.ptAtcud), MARGIN, y, { size: 9, font: bold });
    y -= 12;
  }
  write(`${t('issueDate')}: ${displayDate(invoice.issueDate)}`, MARGIN, y);
  y -= 12;
  if (irish && invoice.kind === 'invoice') {
    write(`${t('supplyDate')}: ${displayDate(invoice.issueDate)}`, MARGIN, y);
    y -= 12;
  }
  write(`${t('order')}: ${invoice.orderId}`, MARGIN, y);
  y -= 22;

  // Issuer and customer.
  const column = (x: number, heading: string, lines: string[], top: number) => {
    write(heading, x, top, { font: bold });
    let at = top - 12;
    for (const l of lines) {
      for (const piece of wrap(l, 230, 8.5)) {
        write(piece, x, at, { size: 8.5 });
        at -= 11;
      }
    }
    return at;
  };
  const issuerLines = [
    entity.legal_name,
    `${t('taxId')}: ${entity.tax_id}`,
    entity.address,
    ...(entity.registry_note ? [entity.registry_note] : []),
  ];
  const recipient = invoice.recipient;
  const customerLines = [
    recipient.name,
    ...(recipient.taxId ? [`${t('taxId')}: ${irish ? irishVatNumber(recipient) : recipient.taxId}`] : []),
    ...(recipient.address ? [recipient.address] : []),
  ];
  const endLeft = column(MARGIN, t('issuer'), issuerLines, y);
  const endRight = column(MARGIN + 270, t('customer'), customerLines, y);
  y = Math.min(endLeft, endRight, qrText ? PAGE.height - MARGIN - 12 - 35 * MM - 34 : y) - 10;

  if (invoice.kind === 'credit_note' && corrected) {
    write(t('corrects', { number: corrected.number, date: displayDate(corrected.issueDate) }), MARGIN, y, {
      font: bold,
    });
    y -= 12;
    write(t('rectificationKind'), MARGIN, y, { size: 8, color: GREY });
    y -= 12;
    for (const l of wrap(`${t('reason')}: ${invoice.reason ?? ''}`, right - MARGIN)) {
      write(l, MARGIN, y);
      y -= 11;
    }
    // A refund with a penalty: what was cancelled, the penalty kept, and what is returned (this note's total).
    if (invoice.penalty !== null && invoice.cancelledAmount !== null) {
      const returned = -invoice.total as Cents;
      write(
        t('penaltyLine', {
          amount: money(invoice.cancelledAmount),
          penalty: money(invoice.penalty),
          returned: money(returned),
        }),
        MARGIN,
        y,
      );
      y -= 11;
    }
    y -= 8;
  }

  // Lines.
  const cols = { qty: MARGIN + 290, base: MARGIN + 370, rate: MARGIN + 415, vat: MARGIN + 465, total: right };
  const header = () => {
    write(t('description'), MARGIN, y, { font: bold, size: 8.5 });
    writeRight(t('qty'), cols.qty, y, { font: bold, size: 8.5 });
    writeRight(t('base'), cols.base, y, { font: bold, size: 8.5 });
    writeRight(t('vatRate'), cols.rate, y, { font: bold, size: 8.5 });
    writeRight(t('vat'), cols.vat, y, { font: bold, size: 8.5 });
    writeRight(t('total'), cols.total, y, { font: bold, size: 8.5 });
    y -= 5;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.5, color: LINE });
    y -= 11;
  };
  header();
  for (const line of invoice.lines) {
    const description =
      line.kind === 'official_fee'
        ? t('officialFee', { product: line.description })
        : line.kind === 'refund'
          ? t('refundLine', { number: line.description })
          : line.description;
    const unit =
      irish && line.qty > 1
        ? ` (${t('unitPrice', { qty: String(line.qty), price: money(Math.round(line.base / line.qty) as Cents) })})`
        : '';
    const wrapped = wrap(description + unit, 240, 8.5);
    newPageIfNeeded(wrapped.length * 11 + 4);
    writeRight(String(line.qty), cols.qty, y, { size: 8.5 });
    writeRight(money(line.base), cols.base, y, { size: 8.5 });
    writeRight(rateText(line.rateBp), cols.rate, y, { size: 8.5 });
    writeRight(line.rateBp === null ? '—' : money(line.tax), cols.vat, y, { size: 8.5 });
    writeRight(money(line.total), cols.total, y, { size: 8.5 });
    for (const piece of wrapped) {
      write(piece, MARGIN, y, { size: 8.5 });
      y -= 11;
    }
    y -= 2;
  }
  y -= 8;

  // VAT breakdown.
  newPageIfNeeded(30 + invoice.breakdown.length * 12 + 70);
  write(t('breakdown'), MARGIN, y, { font: bold });
  y -= 5;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + 300, y }, thickness: 0.5, color: LINE });
  y -= 11;
  for (const b of invoice.breakdown) {
    write(b.rateBp === null ? t('notSubject') : `${t('vatRate').replace(' %', '')} ${rateText(b.rateBp)}`, MARGIN, y, {
      size: 8.5,
    });
    writeRight(money(b.base), MARGIN + 220, y, { size: 8.5 });
    writeRight(b.rateBp === null ? '—' : money(b.tax), MARGIN + 300, y, { size: 8.5 });
    y -= 12;
  }
  y -= 10;

  // Totals.
  const totals: Array<[string, Cents, boolean]> = [
    [t('totalBase'), invoice.baseTotal, false],
    [t('totalVat'), invoice.taxTotal, false],
    ...(invoice.notSubjectTotal !== 0
      ? [[t('totalNotSubject'), invoice.notSubjectTotal, false] as [string, Cents, boolean]]
      : []),
    [`${t('totalDue')} (${invoice.currency})`, invoice.total, true],
  ];
  for (const [label, amount, strong] of totals) {
    const font = strong ? bold : regular;
    const size = strong ? 11 : 9;
    writeRight(label, right - 100, y, { font, size });
    writeRight(money(amount), right, y, { font, size });
    y -= strong ? 16 : 12;
  }
  if (invoice.invoiceType === 'F2' || invoice.invoiceType === 'R5')
    write(t('vatIncluded'), MARGIN, y + 12, { size: 8, color: GREY });
  // Portaria 363/2010: four characters of the signature and the software's AT certificate, legible on the document.
  if (portugal && invoice.ptHash) {
    y -= 6;
    write(ptCertificationText(invoice.ptHash, portugal.certificateNumber), MARGIN, y, { size: 8 });
  }

  // Footer on every page.
  for (const p of doc.getPages()) {
    p.drawText(
      safe(`${entity.legal_name} · ${entity.tax_id}${entity.email ? ` · ${entity.email}` : ''} · ${t('footer')}`),
      {
        x: MARGIN,
        y: MARGIN - 14,
        size: 7,
        font: regular,
        color: GREY,
      },
    );
  }
  return doc.save();
}

/** A customer's tax id as an Irish invoice prints it: an Irish VAT number with its IE prefix, others as given. */
function irishVatNumber(recipient: { taxId: string | null; country: string }): string {
  const id = recipient.taxId ?? '';
  if (recipient.country !== 'IE' || id.startsWith('IE')) return id;
  return validateIrishVat(id).ok ? `IE${id}` : id;
}
