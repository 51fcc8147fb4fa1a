import {
  fillLegalText,
  legalTextValues,
  TERMS_DOCUMENT_TEXTS,
  TERMS_TEXTS,
  type Language,
  type LegalTextSeller,
} from '@ventanilla/domain';
import { letterParagraph, PdfLayout } from '../../shared/pdf/layout.js';

export interface TermsPdfInput {
  /** The language of the terms the customer accepted. */
  language: Language;
  storeName: string;
  /** The store's country (whose consumer body the terms name). */
  country: string;
  seller: LegalTextSeller & { time_zone: string };
  /** The order and when its customer accepted, printed when given (the e-mailed copy is the version's, for any order). */
  orderId?: number;
  /** The version the order keeps: its date, and the SHA-256 of its text. */
  version: string;
  hash: string;
  acceptedAt?: Date;
  /** When the document is made (its PDF dates). */
  now: Date;
}

/**
 * The terms of sale a customer accepted as an A4 PDF (the shared layout, Unicode font), laid out like the withdrawal form:
 * the seller's identity, the version and when it was accepted, then the terms' sections filled as the
 * /legal/condiciones page fills them, and the text's SHA-256 at the foot.
 */
export async function renderTermsPdf(input: TermsPdfInput): Promise<Uint8Array> {
  const t = TERMS_DOCUMENT_TEXTS[input.language];
  const terms = TERMS_TEXTS[input.language];
  const values = legalTextValues(input.storeName, input.country, input.seller);
  const pdf = await PdfLayout.create({
    title: t.title,
    author: input.seller.legal_name,
    date: input.now,
    language: input.language,
    margin: 56,
    bottom: 76,
  });
  const paragraph = letterParagraph(pdf);
  // In the seller's time zone, named (the contract's moment, docs/withdrawal.md).
  const accepted =
    input.acceptedAt &&
    `${new Intl.DateTimeFormat(input.language, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: input.seller.time_zone,
    }).format(input.acceptedAt)} (${input.seller.time_zone})`;

  paragraph(input.storeName, { size: 9, grey: true });
  if (input.orderId !== undefined) paragraph(`${t.orderLabel} ${input.orderId}`, { size: 9, grey: true });
  pdf.gap(18);
  paragraph(t.title, { size: 15, bold: true });
  pdf.gap(2);
  paragraph(t.intro);
  const version = fillLegalText(t.version, { date: input.version });
  paragraph(accepted ? `${version} · ${fillLegalText(t.accepted, { date: accepted })}` : version);
  pdf.gap(12);
  paragraph(t.seller, { bold: true });
  const s = input.seller;
  const contact = [s.email, s.phone].filter((v) => v.trim()).join(' · ');
  for (const part of [
    s.legal_name,
    s.tax_id && `${t.taxId}: ${s.tax_id}`,
    s.address,
    s.registry_note,
    contact && `${t.contact}: ${contact}`,
  ])
    if (part && part.trim()) paragraph(part, { indent: 14 });
  for (const section of terms.sections) {
    // A heading never ends a page alone.
    pdf.gap(12);
    pdf.ensure(40);
    paragraph(section.heading, { size: 11.5, bold: true });
    pdf.gap(2);
    for (const text of section.paragraphs) paragraph(fillLegalText(text, values));
  }
  return pdf.save({ footer: () => [`${t.fingerprint}: ${input.hash}`] });
}
