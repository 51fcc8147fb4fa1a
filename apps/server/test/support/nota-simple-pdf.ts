import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';

/** A line of a sample page: text, or cells at x positions (a table row, as the registries print the owners). */
export type SampleLine = string | { cells: Array<[x: number, text: string]> } | { heading: string };

export interface SampleNota {
  /** Printed at the top of every page (a running header). */
  header?: string[];
  /** Lines in reading order; long text wraps at the page width; pages break when full or at 'PAGE'. */
  lines: Array<SampleLine | 'PAGE'>;
  /** Printed at the bottom of every page: "Pág. {n} de {total}" style, with {n} and {total}. */
  footer?: string;
  /** A verification code line printed on every page (electronic notes). */
  csv?: string;
}

const WIDTH = 595;
const HEIGHT = 842;
const MARGIN = 50;
const SIZE = 10;
const LEADING = 13;

function wrap(text: string, font: PDFFont, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, SIZE) > width && line) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

/**
 * A realistic sample nota simple PDF made with pdf-lib: Helvetica (WinAnsi: accents, º, ª, €), headings in bold,
 * tables as positioned cells, running headers, page footers and verification codes, text wrapped at the margin.
 */
export async function sampleNotaSimplePdf(sample: SampleNota): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  type Draw = { x: number; text: string; bold: boolean }[];
  const pages: Draw[][] = [[]];
  const room = Math.floor((HEIGHT - 2 * MARGIN - LEADING * ((sample.header?.length ?? 0) + 3)) / LEADING);
  const push = (row: Draw) => {
    if (pages.at(-1)!.length >= room) pages.push([]);
    pages.at(-1)!.push(row);
  };
  for (const line of sample.lines) {
    if (line === 'PAGE') pages.push([]);
    else if (typeof line === 'string')
      for (const part of wrap(line, font, WIDTH - 2 * MARGIN)) push([{ x: MARGIN, text: part, bold: false }]);
    else if ('heading' in line) push([{ x: MARGIN, text: line.heading, bold: true }]);
    else push(line.cells.map(([x, text]) => ({ x, text, bold: false })));
  }
  pages.forEach((rows, index) => {
    const page = doc.addPage([WIDTH, HEIGHT]);
    let y = HEIGHT - MARGIN;
    for (const h of sample.header ?? []) {
      page.drawText(h, { x: MARGIN, y, size: SIZE, font: bold });
      y -= LEADING;
    }
    y -= LEADING;
    for (const row of rows) {
      for (const cell of row) page.drawText(cell.text, { x: cell.x, y, size: SIZE, font: cell.bold ? bold : font });
      y -= LEADING;
    }
    if (sample.csv) page.drawText(sample.csv, { x: MARGIN, y: MARGIN, size: 7, font });
    if (sample.footer) {
      const text = sample.footer.replace('{n}', String(index + 1)).replace('{total}', String(pages.length));
      page.drawText(text, { x: WIDTH - MARGIN - font.widthOfTextAtSize(text, 8), y: MARGIN - 20, size: 8, font });
    }
  });
  return doc.save();
}
