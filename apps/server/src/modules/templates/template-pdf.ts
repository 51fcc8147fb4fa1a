import { PdfLayout } from '../../shared/pdf/layout.js';

export interface TemplatePdfInput {
  /** The filled header (or the template's name). */
  title: string;
  /** The filled body as plain text (paragraphs separated by blank lines). */
  body: string;
  /** The brand that issues it. */
  author: string;
  date: Date;
}

const SIZE = 11;
const LEADING = 16;

/** An A4 PDF of a filled template (the shared layout): the brand, the title, the date, then the body's paragraphs. */
export async function renderTemplatePdf(input: TemplatePdfInput): Promise<Uint8Array> {
  const pdf = await PdfLayout.create({
    title: input.title,
    author: input.author,
    date: input.date,
    margin: 56,
    bottom: 56,
  });
  const { bold } = pdf.fonts;
  pdf.paragraph(input.author, { size: 14, font: bold, leading: 22 });
  pdf.paragraph(input.title, { size: 16, font: bold, leading: 24 });
  pdf.paragraph(input.date.toISOString().slice(0, 10).split('-').reverse().join('/'), {
    size: SIZE,
    leading: LEADING,
  });
  pdf.gap(LEADING);
  for (const paragraph of input.body.split(/\n/)) {
    if (!paragraph.trim()) {
      pdf.gap(LEADING / 2);
      continue;
    }
    pdf.paragraph(paragraph, { size: SIZE, leading: LEADING });
  }
  return pdf.save();
}
