import {
  fillLegalText,
  legalTextValues,
  TERMS_DOCUMENT_TEXTS,
  TERMS_TEXTS,
  type Language,
  type LegalTextSeller,
} from '@ventanilla/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PdfFlow } from '../../shared/pdf-flow.js';

export interface TermsPdfInput {
  /** The language of the terms the customer accepted. */
  language: Language;
  storeName: string;
  /** The store's country (whose consumer body the terms name). */
  country: string;
  seller: LegalTextSeller & { time_zone: string };
  orderId: number;
  /** The version the order keeps: its date, and the SHA-256 of its text. */
  version: string;
  hash: string;
  acceptedAt: Date;
  /** When the document is made (its PDF dates). */
  now: Date;
}

/**
 * The terms of sale a customer accepted as an A4 PDF (pdf-lib, standard Helvetica), laid out like the withdrawal form:
 * the seller's identity, the version and when it was accepted, then the terms' sections filled as the
 * /legal/condiciones page fills them, and the text's SHA-256 at the foot.
 */
export async function renderTermsPdf(input: TermsPdfInput): Promise<Uint8Array> {
  const t = TERMS_DOCUMENT_TEXTS[input.language];
  const terms = TERMS_TEXTS[input.language];
  const values = legalTextValues(input.storeName, input.country, input.seller);
  const doc = await PDFDocument.create();
  doc.setTitle(t.title);
  doc.setAuthor(input.seller.legal_name);
  doc.setLanguage(input.language);
  doc.setCreationDate(input.now);
  doc.setModificationDate(input.now);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const flow = new PdfFlow(doc, { regular, bold });
  // In the seller's time zone, named (the contract's moment, docs/withdrawal.md).
  const accepted = `${new Intl.DateTimeFormat(input.language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: input.seller.time_zone,
  }).format(input.acceptedAt)} (${input.seller.time_zone})`;

  flow.paragraph(input.storeName, { size: 9, grey: true });
  flow.paragraph(`${t.orderLabel} ${input.orderId}`, { size: 9, grey: true });
  flow.space(18);
  flow.paragraph(t.title, { size: 15, font: bold });
  flow.space(2);
  flow.paragraph(t.intro);
  flow.paragraph(
    `${fillLegalText(t.version, { date: input.version })} · ${fillLegalText(t.accepted, { date: accepted })}`,
  );
  flow.space(12);
  flow.paragraph(t.seller, { font: bold });
  const s = input.seller;
  const contact = [s.email, s.phone].filter((v) => v.trim()).join(' · ');
  for (const part of [
    s.legal_name,
    s.tax_id && `${t.taxId}: ${s.tax_id}`,
    s.address,
    s.registry_note,
    contact && `${t.contact}: ${contact}`,
  ])
    if (part && part.trim()) flow.paragraph(part, { indent: 14 });
  for (const section of terms.sections) {
    flow.space(12, 40);
    flow.paragraph(section.heading, { size: 11.5, font: bold });
    flow.space(2);
    for (const paragraph of section.paragraphs) flow.paragraph(fillLegalText(paragraph, values));
  }
  flow.footer(`${t.fingerprint}: ${input.hash}`);
  return doc.save();
}
