import { WITHDRAWAL_FORM_TEXTS, type WithdrawalFormVariant } from '@ventanilla/domain';
import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';

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

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const GREY = rgb(0.35, 0.35, 0.35);

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
  const charset = new Set(regular.getCharacterSet());
  const safe = (text: string) => [...text].map((c) => (charset.has(c.codePointAt(0)!) ? c : '?')).join('');
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const width = PAGE.width - 2 * MARGIN;
  let y = PAGE.height - MARGIN;

  const wrap = (text: string, size: number, font: PDFFont): string[] => {
    const lines: string[] = [];
    let current = '';
    for (const word of safe(text).split(/\s+/)) {
      const next = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && current) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    if (current) lines.push(current);
    return lines;
  };
  const paragraph = (
    text: string,
    options: { size?: number; font?: PDFFont; grey?: boolean; indent?: number } = {},
  ) => {
    const size = options.size ?? 10;
    const font = options.font ?? regular;
    for (const line of wrap(text, size, font)) {
      page.drawText(line, {
        x: MARGIN + (options.indent ?? 0),
        y,
        size,
        font,
        color: options.grey ? GREY : rgb(0, 0, 0),
      });
      y -= size * 1.35;
    }
  };
  const writeLine = () => {
    y -= 14;
    page.drawLine({
      start: { x: MARGIN + 10, y },
      end: { x: MARGIN + width, y },
      thickness: 0.5,
      color: GREY,
      dashArray: [1, 2],
    });
    y -= 14;
  };

  paragraph(input.storeName, { size: 9, grey: true });
  paragraph(`${t.orderLabel} ${input.orderId}`, { size: 9, grey: true });
  y -= 18;
  paragraph(t.title, { size: 15, font: bold });
  y -= 2;
  paragraph(t.intro, { size: 10 });
  y -= 14;
  paragraph(`— ${t.to}:`, { font: bold });
  for (const part of [input.seller.legal_name, input.seller.address, input.seller.email].filter((s) => s.trim()))
    paragraph(part, { indent: 14 });
  y -= 10;
  for (const [i, line] of t.lines.entries()) {
    paragraph(`— ${line}${i === 0 ? ':' : ''}`);
    writeLine();
  }
  y -= 6;
  paragraph(t.note, { size: 9 });
  y = MARGIN + 10;
  paragraph(t.source, { size: 7, grey: true });
  return doc.save();
}
