import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

// Text laid out down A4 pages with pdf-lib's standard fonts: the one line-wrapping routine of the server's PDFs
// (the withdrawal form, the terms accepted, filled templates, invoices' long lines).

export const A4 = { width: 595.28, height: 841.89 };
const GREY = rgb(0.35, 0.35, 0.35);
const BLACK = rgb(0, 0, 0);

/** Splits a paragraph into lines that fit `width` at `size`; a word longer than a line is cut. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
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

/**
 * Keeps only what a standard (WinAnsi) font can draw; anything else prints as "?", except the narrow and thin spaces
 * Intl puts in dates and times, which become plain spaces.
 */
export function winAnsiFilter(font: PDFFont): (text: string) => string {
  const charset = new Set(font.getCharacterSet());
  return (text) =>
    [...text.replace(/[\u2009\u202f]/g, ' ')].map((c) => (charset.has(c.codePointAt(0)!) ? c : '?')).join('');
}

export interface ParagraphOptions {
  size?: number;
  font?: PDFFont;
  grey?: boolean;
  indent?: number;
}

/**
 * A cursor writing paragraphs down A4 pages between margins: wraps each paragraph, starts a new page when one is
 * full, and keeps what the font cannot draw out (as "?").
 */
export class PdfFlow {
  page: PDFPage;
  /** The baseline of the next line. */
  y: number;
  readonly width: number;
  private readonly safe: (text: string) => string;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    private readonly margin = 56,
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
    this.y = A4.height - margin;
    this.width = A4.width - 2 * margin;
    this.safe = winAnsiFilter(fonts.regular);
  }

  get bold(): PDFFont {
    return this.fonts.bold;
  }

  /** Writes a wrapped paragraph (10 pt regular black unless told). */
  paragraph(text: string, options: ParagraphOptions = {}): void {
    const size = options.size ?? 10;
    const font = options.font ?? this.fonts.regular;
    const indent = options.indent ?? 0;
    for (const line of wrapText(this.safe(text), font, size, this.width - indent)) {
      if (this.y < this.margin) this.newPage();
      this.page.drawText(line, {
        x: this.margin + indent,
        y: this.y,
        size,
        font,
        color: options.grey ? GREY : BLACK,
      });
      this.y -= size * 1.35;
    }
  }

  /** Moves down; a new page when `keep` more points would not fit (a heading stays with its first lines). */
  space(points: number, keep = 0): void {
    this.y -= points;
    if (this.y - keep < this.margin) this.newPage();
  }

  /** A dotted line to write on by hand. */
  writingLine(): void {
    this.y -= 14;
    this.page.drawLine({
      start: { x: this.margin + 10, y: this.y },
      end: { x: this.margin + this.width, y: this.y },
      thickness: 0.5,
      color: GREY,
      dashArray: [1, 2],
    });
    this.y -= 14;
  }

  /** Small grey text at the foot of the current page. */
  footer(text: string, size = 7): void {
    if (this.y < this.margin + 10 + size * 3) this.newPage();
    this.y = this.margin + 10;
    this.paragraph(text, { size, grey: true });
  }

  private newPage(): void {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - this.margin;
  }
}
