import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import { winAnsiFilter, wrapText as wrap } from '../../shared/pdf-flow.js';

export interface TemplatePdfInput {
  /** The filled header (or the template's name). */
  title: string;
  /** The filled body as plain text (paragraphs separated by blank lines). */
  body: string;
  /** The brand that issues it. */
  author: string;
  date: Date;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const SIZE = 11;
const LEADING = 16;

/** An A4 PDF of a filled template (pdf-lib, standard Helvetica): the title, the date, then the body's paragraphs. */
export async function renderTemplatePdf(input: TemplatePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setAuthor(input.author);
  doc.setCreationDate(input.date);
  doc.setModificationDate(input.date);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // Standard fonts cover WinAnsi only: anything else prints as "?".
  const safe = winAnsiFilter(regular);
  const width = PAGE.width - 2 * MARGIN;

  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const line = (text: string, font: PDFFont, size: number) => {
    if (y < MARGIN) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
    page.drawText(text, { x: MARGIN, y, size, font, color: rgb(0, 0, 0) });
    y -= size === SIZE ? LEADING : size + 8;
  };
  for (const l of wrap(safe(input.author), bold, 14, width)) line(l, bold, 14);
  for (const l of wrap(safe(input.title), bold, 16, width)) line(l, bold, 16);
  line(input.date.toISOString().slice(0, 10).split('-').reverse().join('/'), regular, SIZE);
  y -= LEADING;
  for (const paragraph of input.body.split(/\n/)) {
    if (!paragraph.trim()) {
      y -= LEADING / 2;
      continue;
    }
    for (const l of wrap(safe(paragraph), regular, SIZE, width)) line(l, regular, SIZE);
  }
  return doc.save();
}
