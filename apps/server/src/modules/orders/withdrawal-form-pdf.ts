import { WITHDRAWAL_FORM_TEXTS, type WithdrawalFormVariant } from '@ventanilla/domain';
import { GREY, letterParagraph, PdfLayout } from '../../shared/pdf/layout.js';

export interface WithdrawalFormInput {
  variant: WithdrawalFormVariant;
  /** The seller, as the law asks it to be inserted: name, address, e-mail. */
  seller: { legal_name: string; address: string; email: string };
  storeName: string;
  /** The order it goes with, printed above the form when given (the e-mailed form is the store's, for any order). */
  orderId?: number;
  /** When the document is made (its PDF dates). */
  now: Date;
}

/**
 * The model withdrawal form as an A4 PDF (the shared layout): the law's wording in the store's language, filled with
 * the seller's name, address and e-mail, and a line with dots to write on under each field; the law's reference at
 * the foot of the page.
 */
export async function renderWithdrawalFormPdf(input: WithdrawalFormInput): Promise<Uint8Array> {
  const t = WITHDRAWAL_FORM_TEXTS[input.variant];
  const pdf = await PdfLayout.create({
    title: t.title,
    author: input.seller.legal_name,
    date: input.now,
    margin: 56,
    bottom: 76,
  });
  const paragraph = letterParagraph(pdf);
  const writeLine = () => {
    pdf.ensure(28);
    pdf.y -= 14;
    pdf.rule(pdf.left + 10, pdf.y, pdf.right, { color: GREY, dashed: true });
    pdf.y -= 14;
  };

  paragraph(input.storeName, { size: 9, grey: true });
  if (input.orderId !== undefined) paragraph(`${t.orderLabel} ${input.orderId}`, { size: 9, grey: true });
  pdf.gap(18);
  paragraph(t.title, { size: 15, bold: true });
  pdf.gap(2);
  paragraph(t.intro);
  pdf.gap(14);
  paragraph(`— ${t.to}:`, { bold: true });
  for (const part of [input.seller.legal_name, input.seller.address, input.seller.email].filter((s) => s.trim()))
    paragraph(part, { indent: 14 });
  pdf.gap(10);
  for (const [i, line] of t.lines.entries()) {
    paragraph(`— ${line}${i === 0 ? ':' : ''}`);
    writeLine();
  }
  pdf.gap(6);
  paragraph(t.note, { size: 9 });
  return pdf.save({ footer: () => [t.source] });
}
