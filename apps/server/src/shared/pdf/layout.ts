import { EventEmitter } from 'node:events';
import { create as parseFont } from 'fontkit';
import { PDFDocument, rgb, type Color, type PDFFont, type PDFPage } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type ParsedFont = ReturnType<Fontkit['create']>;
import { fontFiles, type FontStyle } from './fonts.js';

// One layout for every PDF the server draws (invoices, templates, company reports, the assistant's documents, the
// withdrawal form): A4 pages, the Noto Sans fonts embedded as subsets, text measured with the font's own metrics and
// wrapped, automatic page breaks, and a footer on every page. Renderers place what is particular to them (a QR code,
// columns of figures) with the same primitives.

export const A4 = { width: 595.28, height: 841.89 } as const;
export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.35, 0.35, 0.35);
export const RULE = rgb(0.75, 0.75, 0.75);

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  boldItalic: PDFFont;
}

export interface TextStyle {
  size?: number;
  font?: PDFFont;
  color?: Color;
}

export interface PdfLayoutOptions {
  title: string;
  author: string;
  /** The document's creation and modification date: the same input gives the same bytes. */
  date: Date;
  margin?: number;
  /** Space kept free at the bottom of each page for the footer. */
  bottom?: number;
  /** The document's language (BCP 47, e.g. "es"), for readers and screen readers. */
  language?: string;
  /** Embed only the glyphs used (the default); false embeds whole fonts (tests compare the two). */
  subset?: boolean;
  /** The italic faces too (the assistant's markdown); other documents embed the regular and bold faces only. */
  italics?: boolean;
  /** Drawn on every new page, the first included (a sandbox mark, a running header); may move `y` down. */
  onPage?: (layout: PdfLayout) => void;
}

export interface TableColumn {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** Ligatures off: "fi" stays two glyphs, so a text extractor reads back the letters that were written. */
const FEATURES = {
  liga: false,
  clig: false,
  dlig: false,
  calt: false,
  rlig: false,
  rclt: false,
  ccmp: false,
  locl: false,
  kern: false,
  mark: false,
  mkmk: false,
  curs: false,
};

/** Typographic spaces become spaces; control characters (newlines included) go. */
const SPACES = /[\u2000-\u200a\u202f\u00a0\t]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g;

// Per process: the characters the fonts have and each character's advance (thousandths of the font size). pdf-lib
// measures a string by shaping it with fontkit on each call, far too slow for wrapping; it draws the glyphs one after
// the other (no kerning), so the sum of the advances is exactly the drawn width.
let charset: Set<number> | null = null;
const ADVANCES: Record<FontStyle, Map<string, number>> = {
  regular: new Map(),
  bold: new Map(),
  italic: new Map(),
  boldItalic: new Map(),
};

// Per process: each font file parsed once. pdf-lib asks fontkit to parse the file for every document it embeds it in;
// the parsed font only gains caches (glyphs, layout tables) from one document to the next.
const parsed = new WeakMap<Uint8Array, ParsedFont>();
function parse(bytes: Uint8Array): ParsedFont {
  let font = parsed.get(bytes);
  if (!font) {
    // fontkit 2, not pdf-lib's own fork (1.1): the fork writes broken TrueType subsets (a short `loca` table without
    // padding), so most glyphs of Noto Sans rendered blank while the text still extracted. Same `create` interface.
    font = withSubsetStream(parseFont(bytes)) as ParsedFont;
    parsed.set(bytes, font);
  }
  return font;
}

/**
 * fontkit 2's subsets encode to bytes at once (`encode()`); pdf-lib reads them as the fork's event stream
 * (`encodeStream().on('data' | 'end' | 'error')`): the bytes are given as one 'data' event.
 */
function withSubsetStream(font: unknown): unknown {
  const source = font as { createSubset(): { encode(): Uint8Array } };
  const createSubset = source.createSubset.bind(source);
  source.createSubset = () => {
    const subset = createSubset();
    return Object.assign(subset, {
      encodeStream: () => {
        const stream = new EventEmitter();
        queueMicrotask(() => {
          try {
            stream.emit('data', subset.encode());
            stream.emit('end');
          } catch (error) {
            stream.emit('error', error);
          }
        });
        return stream;
      },
    });
  };
  return font;
}

export class PdfLayout {
  page!: PDFPage;
  /** The baseline where the next line goes, in points from the bottom. */
  y = 0;
  readonly margin: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
  readonly width: number;
  private readonly charset: Set<number>;
  private readonly styles: Map<PDFFont, FontStyle>;

  private constructor(
    readonly doc: PDFDocument,
    readonly fonts: PdfFonts,
    private readonly options: PdfLayoutOptions,
  ) {
    this.margin = options.margin ?? 50;
    this.bottom = options.bottom ?? this.margin + 20;
    this.left = this.margin;
    this.right = A4.width - this.margin;
    this.width = this.right - this.left;
    charset ??= new Set(fonts.regular.getCharacterSet());
    this.charset = charset;
    // Without italics the italic faces are the upright ones: each font measured as the face it is.
    this.styles = new Map();
    for (const [style, font] of Object.entries(fonts))
      if (!this.styles.has(font)) this.styles.set(font, style as FontStyle);
  }

  /** A new document with its first page. */
  static async create(options: PdfLayoutOptions): Promise<PdfLayout> {
    const doc = await PDFDocument.create();
    doc.registerFontkit({ create: parse });
    doc.setTitle(options.title);
    doc.setAuthor(options.author);
    doc.setProducer('Ventanilla');
    doc.setCreator('Ventanilla');
    doc.setCreationDate(options.date);
    doc.setModificationDate(options.date);
    if (options.language) doc.setLanguage(options.language);
    const files = await fontFiles();
    const embed = (bytes: Uint8Array) => doc.embedFont(bytes, { subset: options.subset ?? true, features: FEATURES });
    const regular = await embed(files.regular);
    const bold = await embed(files.bold);
    const fonts: PdfFonts = options.italics
      ? { regular, bold, italic: await embed(files.italic), boldItalic: await embed(files.boldItalic) }
      : { regular, bold, italic: regular, boldItalic: bold };
    const layout = new PdfLayout(doc, fonts, options);
    layout.newPage();
    return layout;
  }

  /** Text as the fonts can print it: a character they lack (CJK, emoji) is "?", control characters go. */
  clean(text: string): string {
    return [...text.replace(SPACES, ' ').replace(CONTROL, '')]
      .map((c) => (this.charset.has(c.codePointAt(0)!) ? c : '?'))
      .join('');
  }

  widthOf(text: string, size = 9, font = this.fonts.regular): number {
    return this.measure(this.clean(text), size, font);
  }

  /** The width of text already cleaned. */
  private measure(text: string, size: number, font: PDFFont): number {
    const style = this.styles.get(font);
    if (!style) return font.widthOfTextAtSize(text, size);
    const advances = ADVANCES[style];
    let units = 0;
    for (const c of text) {
      let advance = advances.get(c);
      if (advance === undefined) {
        advance = font.widthOfTextAtSize(c, 1000);
        advances.set(c, advance);
      }
      units += advance;
    }
    return (units * size) / 1000;
  }

  /** Words into lines no wider than `width`; a word wider than a line is cut between characters. */
  wrap(text: string, width: number, size = 9, font = this.fonts.regular): string[] {
    const lines: string[] = [];
    const space = this.measure(' ', size, font);
    let line = '';
    let used = 0;
    for (const word of this.clean(text).split(/\s+/).filter(Boolean)) {
      const w = this.measure(word, size, font);
      if (line && used + space + w <= width) {
        line += ` ${word}`;
        used += space + w;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      used = 0;
      if (w <= width) {
        line = word;
        used = w;
        continue;
      }
      // Wider than a line (a long URL): cut between characters.
      for (const c of word) {
        const cw = this.measure(c, size, font);
        if (used + cw > width && line) {
          lines.push(line);
          line = '';
          used = 0;
        }
        line += c;
        used += cw;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  /** Draws one line of text at (x, y): no wrapping, no page break. */
  text(text: string, x: number, y: number, style: TextStyle = {}): void {
    const clean = this.clean(text);
    if (!clean) return;
    this.page.drawText(clean, {
      x,
      y,
      size: style.size ?? 9,
      font: style.font ?? this.fonts.regular,
      color: style.color ?? BLACK,
    });
  }

  /** One line of text ending at `right`. */
  textRight(text: string, right: number, y: number, style: TextStyle = {}): void {
    const size = style.size ?? 9;
    const font = style.font ?? this.fonts.regular;
    this.text(text, right - this.widthOf(text, size, font), y, { ...style, size, font });
  }

  rule(x1: number, y: number, x2: number, options: { thickness?: number; color?: Color; dashed?: boolean } = {}): void {
    this.page.drawLine({
      start: { x: x1, y },
      end: { x: x2, y },
      thickness: options.thickness ?? 0.5,
      color: options.color ?? RULE,
      ...(options.dashed ? { dashArray: [1, 2] } : {}),
    });
  }

  newPage(): void {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - this.margin;
    this.options.onPage?.(this);
  }

  /** A new page when `height` points do not fit above the bottom margin. */
  ensure(height: number): void {
    if (this.y - height < this.bottom) this.newPage();
  }

  /** Moves down `points` (a gap), never below the bottom margin. */
  gap(points: number): void {
    this.y = Math.max(this.y - points, this.bottom);
  }

  /** Wrapped text from the left margin (plus `indent`), breaking pages between lines. */
  paragraph(text: string, style: TextStyle & { indent?: number; leading?: number; width?: number } = {}): void {
    const size = style.size ?? 9;
    const font = style.font ?? this.fonts.regular;
    const leading = style.leading ?? size * 1.4;
    const x = this.left + (style.indent ?? 0);
    for (const line of this.wrap(text, style.width ?? this.right - x, size, font)) {
      this.ensure(leading);
      this.y -= size;
      this.text(line, x, this.y, { ...style, size, font });
      this.y -= leading - size;
    }
  }

  /** A bold heading with a rule under it; never alone at the foot of a page. */
  heading(text: string, size = 11): void {
    this.ensure(size + 40);
    this.y -= size + 8;
    this.text(text, this.left, this.y, { size, font: this.fonts.bold });
    this.y -= 5;
    this.rule(this.left, this.y, this.right);
    this.y -= 4;
  }

  /** A label in grey and its value beside it, the value wrapped in its column. */
  keyValue(label: string, value: string, options: { labelWidth?: number; size?: number } = {}): void {
    const size = options.size ?? 9;
    const labelWidth = options.labelWidth ?? 140;
    const lines = this.wrap(value, this.width - labelWidth, size);
    const leading = size + 4;
    this.ensure(leading * Math.max(1, lines.length));
    this.y -= size;
    this.text(label, this.left, this.y, { size, color: GREY });
    for (const [i, line] of lines.entries()) {
      if (i > 0) this.y -= leading;
      this.text(line, this.left + labelWidth, this.y, { size });
    }
    this.y -= leading - size;
  }

  /**
   * A table from the current position: a bold header row with a rule, then rows whose cells wrap in their columns.
   * A row never splits across pages; the header is repeated on each new page.
   */
  table(
    columns: TableColumn[],
    rows: string[][],
    options: { x?: number; size?: number; rules?: boolean; fonts?: (row: number, col: number) => PDFFont } = {},
  ): void {
    const size = options.size ?? 8.5;
    const leading = size + 3;
    const x0 = options.x ?? this.left;
    const draw = (cells: string[], font: (col: number) => PDFFont) => {
      const wrapped = columns.map((c, i) => this.wrap(cells[i] ?? '', c.width - 6, size, font(i)));
      const height = Math.max(1, ...wrapped.map((l) => l.length)) * leading;
      return { wrapped, height };
    };
    const print = (wrapped: string[][], font: (col: number) => PDFFont) => {
      const top = this.y;
      let x = x0;
      for (const [i, column] of columns.entries()) {
        for (const [n, line] of (wrapped[i] ?? []).entries()) {
          const at = top - size - n * leading;
          if (column.align === 'right') this.textRight(line, x + column.width, at, { size, font: font(i) });
          else this.text(line, x, at, { size, font: font(i) });
        }
        x += column.width;
      }
      this.y = top - Math.max(1, ...wrapped.map((l) => l.length)) * leading;
    };
    const header = () => {
      const bold = () => this.fonts.bold;
      const { wrapped, height } = draw(
        columns.map((c) => c.header),
        bold,
      );
      this.ensure(height + leading + 6);
      print(wrapped, bold);
      this.y -= 3;
      this.rule(x0, this.y, x0 + columns.reduce((sum, c) => sum + c.width, 0));
      this.y -= 3;
    };
    header();
    for (const [r, cells] of rows.entries()) {
      const font = (col: number) => options.fonts?.(r, col) ?? this.fonts.regular;
      const { wrapped, height } = draw(cells, font);
      if (this.y - height < this.bottom) {
        this.newPage();
        header();
      }
      print(wrapped, font);
      this.y -= 2;
      if (options.rules) this.rule(x0, this.y, x0 + columns.reduce((sum, c) => sum + c.width, 0), { thickness: 0.3 });
      this.y -= options.rules ? 2 : 0;
    }
  }

  /**
   * The finished document: `footer` gives each page's footer lines (page number and count given), printed small and
   * grey under the bottom margin.
   */
  async save(
    options: { footer?: (page: number, pages: number) => string[]; useObjectStreams?: boolean } = {},
  ): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    if (options.footer) {
      const current = this.page;
      for (const [i, page] of pages.entries()) {
        this.page = page;
        const lines = options.footer(i + 1, pages.length).flatMap((line) => this.wrap(line, this.width, 7));
        for (const [n, line] of lines.entries())
          this.text(line, this.left, this.bottom - 16 - n * 9, { size: 7, color: GREY });
      }
      this.page = current;
    }
    return this.doc.save(options.useObjectStreams === undefined ? {} : { useObjectStreams: options.useObjectStreams });
  }
}

/** How a letter-like document (the withdrawal form, the terms) sets a paragraph: 10 pt, bold, grey or indented. */
export type LetterParagraph = (
  text: string,
  options?: { size?: number; bold?: boolean; grey?: boolean; indent?: number },
) => void;

/** The paragraph setter of letter-like documents on this layout (10 pt by default, leading 1.35). */
export function letterParagraph(pdf: PdfLayout): LetterParagraph {
  return (text, options = {}) =>
    pdf.paragraph(text, {
      size: options.size ?? 10,
      ...(options.bold ? { font: pdf.fonts.bold } : {}),
      ...(options.grey ? { color: GREY } : {}),
      indent: options.indent ?? 0,
      leading: (options.size ?? 10) * 1.35,
    });
}
