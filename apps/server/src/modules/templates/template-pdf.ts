import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';

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

/** Splits a paragraph into lines that fit `width` at `size` (long words are cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** An A4 PDF of a filled template (pdf-lib, standard Helvetica): the title, the date, then the body's paragraphs. */
export async function renderTemplatePdf(input: TemplatePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setAuthor(input.author);
  doc.setCreationDate(input.date);
  doc.setModificationDate(input.date);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const charset = new Set(regular.getCharacterSet());
  // Standard fonts cover WinAnsi only: anything else prints as "?".
  const safe = (text: string) => [...text].map((c) => (charset.has(c.codePointAt(0)!) ? c : '?')).join('');
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
