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
import QRCode from 'qrcode';
import type { invoices, verifactuRecords } from '../../db/schema.js';
import { A4, BLACK, GREY, PdfLayout } from '../../shared/pdf/layout.js';
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
const MARGIN = 42;
const QR_SIZE = 35 * MM;

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
 * Renders an invoice or credit note as an A4 PDF (the shared layout, Noto Sans). Spanish issuers get the Veri*Factu
 * block at the top: "QR tributario:" above the QR code (error correction M, 35 mm) and "VERI*FACTU" below it.
 * Portuguese documents print their ATCUD immediately above the QR code and on every page (Portaria 195/2020 art. 4.3).
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

  const title =
    invoice.kind === 'credit_note'
      ? t('creditNote')
      : // Portuguese documents are all FT (fatura): the AT's FS is a different document type and series.
        invoice.invoiceType === 'F2' && !invoice.ptDocumentNo
        ? t('simplifiedInvoice')
        : t('invoice');
  const number = invoice.ptDocumentNo ?? invoice.number;
  const pdf = await PdfLayout.create({
    title: `${title} ${invoice.number}`,
    author: entity.legal_name,
    date: invoice.issuedAt,
    margin: MARGIN,
    bottom: MARGIN + 40,
  });
  const { bold, regular } = pdf.fonts;
  const right = pdf.right;

  // Veri*Factu block (or the Portuguese QR code), top right, before anything else on the page.
  const qrText = verifactu
    ? verifactu.qrUrl
    : portugal && invoice.ptHash
      ? portugueseQr(invoice, portugal.certificateNumber)
      : null;
  if (qrText) {
    const qr = QRCode.create(qrText, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    const cell = QR_SIZE / n;
    const left = right - QR_SIZE;
    const top = A4.height - MARGIN - 12;
    if (verifactu) pdf.text(t('qrCaption'), left, top + 3, { size: 8, font: bold });
    else if (invoice.ptAtcud) pdf.text(ptAtcudText(invoice.ptAtcud), left, top + 3, { size: 8, font: bold });
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        if (qr.modules.get(row, col))
          pdf.page.drawRectangle({
            x: left + col * cell,
            y: top - (row + 1) * cell,
            width: cell,
            height: cell,
            color: BLACK,
          });
      }
    }
    if (verifactu) {
      pdf.text(t('verifactu'), left, top - QR_SIZE - 10, { size: 9, font: bold });
      for (const [i, l] of pdf.wrap(t('verifactuNote'), QR_SIZE, 6).entries())
        pdf.text(l, left, top - QR_SIZE - 19 - i * 7, { size: 6, color: GREY });
    }
  }

  // Brand, title, number and dates.
  let y = pdf.y;
  pdf.text(input.storeName, MARGIN, y - 8, { size: 16, font: bold });
  y -= 30;
  pdf.text(title, MARGIN, y, { size: 13, font: bold });
  y -= 16;
  pdf.text(`${t('number')}: ${number}`, MARGIN, y, { size: 10, font: bold });
  y -= 13;
  if (invoice.ptAtcud && !qrText) {
    pdf.text(ptAtcudText(invoice.ptAtcud), MARGIN, y, { size: 9, font: bold });
    y -= 12;
  }
  pdf.text(`${t('issueDate')}: ${displayDate(invoice.issueDate)}`, MARGIN, y);
  y -= 12;
  if (irish && invoice.kind === 'invoice') {
    pdf.text(`${t('supplyDate')}: ${displayDate(invoice.issueDate)}`, MARGIN, y);
    y -= 12;
  }
  pdf.text(`${t('order')}: ${invoice.orderId}`, MARGIN, y);
  y -= 22;

  // Issuer and customer, side by side (left of and under the QR code).
  const column = (x: number, heading: string, lines: string[], top: number) => {
    pdf.text(heading, x, top, { font: bold });
    let at = top - 12;
    for (const l of lines) {
      for (const piece of pdf.wrap(l, 230, 8.5)) {
        pdf.text(piece, x, at, { size: 8.5 });
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
  pdf.y = Math.min(endLeft, endRight, qrText ? A4.height - MARGIN - 12 - QR_SIZE - 34 : y) - 10;

  if (invoice.kind === 'credit_note' && corrected) {
    pdf.paragraph(t('corrects', { number: corrected.number, date: displayDate(corrected.issueDate) }), {
      font: bold,
      leading: 12,
    });
    pdf.paragraph(t('rectificationKind'), { size: 8, color: GREY, leading: 12 });
    pdf.paragraph(`${t('reason')}: ${invoice.reason ?? ''}`, { leading: 11 });
    // A refund with a penalty: what was cancelled, the penalty kept, and what is returned (this note's total).
    if (invoice.penalty !== null && invoice.cancelledAmount !== null) {
      const returned = -invoice.total as Cents;
      pdf.paragraph(
        t('penaltyLine', {
          amount: money(invoice.cancelledAmount),
          penalty: money(invoice.penalty),
          returned: money(returned),
        }),
        { leading: 11 },
      );
    }
    pdf.gap(8);
  }

  // Lines: description, quantity, base, rate, VAT, total; rows wrap and break pages, the header repeats.
  pdf.gap(9);
  const figure = (header: string, width: number) => ({ header, width, align: 'right' as const });
  pdf.table(
    [
      { header: t('description'), width: 250 },
      figure(t('qty'), 40),
      figure(t('base'), 80),
      figure(t('vatRate'), 45),
      figure(t('vat'), 50),
      figure(t('total'), right - MARGIN - 465),
    ],
    invoice.lines.map((line) => {
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
      return [
        description + unit,
        String(line.qty),
        money(line.base),
        rateText(line.rateBp),
        line.rateBp === null ? '—' : money(line.tax),
        money(line.total),
      ];
    }),
    { size: 8.5 },
  );
  pdf.gap(8);

  // VAT breakdown, then the totals: kept together on one page.
  pdf.ensure(30 + invoice.breakdown.length * 12 + 70);
  pdf.table(
    [{ header: t('breakdown'), width: 140 }, figure(t('base'), 80), figure(t('vat'), 80)],
    invoice.breakdown.map((b) => [
      b.rateBp === null ? t('notSubject') : `${t('vatRate').replace(' %', '')} ${rateText(b.rateBp)}`,
      money(b.base),
      b.rateBp === null ? '—' : money(b.tax),
    ]),
    { size: 8.5 },
  );
  pdf.gap(10);

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
    pdf.ensure(size + 4);
    pdf.y -= size;
    pdf.textRight(label, right - 100, pdf.y, { font, size });
    pdf.textRight(money(amount), right, pdf.y, { font, size });
    pdf.y -= strong ? 7 : 3;
  }
  if (invoice.invoiceType === 'F2' || invoice.invoiceType === 'R5')
    pdf.paragraph(t('vatIncluded'), { size: 8, color: GREY });
  // Portaria 363/2010: four characters of the signature and the software's AT certificate, legible on the document.
  if (portugal && invoice.ptHash) {
    pdf.gap(6);
    pdf.paragraph(ptCertificationText(invoice.ptHash, portugal.certificateNumber), { size: 8 });
  }

  // Footer on every page; a Portuguese document's ATCUD on each of them.
  return pdf.save({
    footer: (page, pages) => [
      ...(invoice.ptAtcud ? [`${number} · ${ptAtcudText(invoice.ptAtcud)} · ${page} / ${pages}`] : []),
      `${entity.legal_name} · ${entity.tax_id}${entity.email ? ` · ${entity.email}` : ''} · ${t('footer')}`,
    ],
  });
}

/** A customer's tax id as an Irish invoice prints it: an Irish VAT number with its IE prefix, others as given. */
function irishVatNumber(recipient: { taxId: string | null; country: string }): string {
  const id = recipient.taxId ?? '';
  if (recipient.country !== 'IE' || id.startsWith('IE')) return id;
  return validateIrishVat(id).ok ? `IE${id}` : id;
}
