import { WITHDRAWAL_FORM_TEXTS, type WithdrawalFormVariant } from '@ventanilla/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PdfFlow } from '../../shared/pdf-flow.js';

export interface WithdrawalFormInput {
  variant: WithdrawalFormVariant;
  /** The seller, as the law asks it to be inserted: name, address, e-mail. */
  seller: { legal_name: string; address: string; email: string };
  storeName: string;
  /** The order it goes with (printed above the form, so a returned form names its order). */
  orderId: number;
  /** When the document is made (its PDF dates). */
  now: Date;
}

/**
 * The model withdrawal form as an A4 PDF (pdf-lib, standard Helvetica): the law's wording in the store's language,
 * filled with the seller's name, address and e-mail, and a line with dots to write on under each field.
 */
export async function renderWithdrawalFormPdf(input: WithdrawalFormInput): Promise<Uint8Array> {
  const t = WITHDRAWAL_FORM_TEXTS[input.variant];
  const doc = await PDFDocument.create();
  doc.setTitle(t.title);
  doc.setAuthor(input.seller.legal_name);
  doc.setCreationDate(input.now);
  doc.setModificationDate(input.now);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const flow = new PdfFlow(doc, { regular, bold });

  flow.paragraph(input.storeName, { size: 9, grey: true });
  flow.paragraph(`${t.orderLabel} ${input.orderId}`, { size: 9, grey: true });
  flow.space(18);
  flow.paragraph(t.title, { size: 15, font: bold });
  flow.space(2);
  flow.paragraph(t.intro, { size: 10 });
  flow.space(14);
  flow.paragraph(`— ${t.to}:`, { font: bold });
  for (const part of [input.seller.legal_name, input.seller.address, input.seller.email].filter((s) => s.trim()))
    flow.paragraph(part, { indent: 14 });
  flow.space(10);
  for (const [i, line] of t.lines.entries()) {
    flow.paragraph(`— ${line}${i === 0 ? ':' : ''}`);
    flow.writingLine();
  }
  flow.space(6);
  flow.paragraph(t.note, { size: 9 });
  flow.footer(t.source);
  return doc.save();
}
