import { ASSISTANT_MARKDOWN_MAX_DEPTH } from '@ventanilla/domain';
import { Lexer, type Token, type Tokens } from 'marked';
import { rgb, type PDFFont } from 'pdf-lib';
import { A4 as PAGE, BLACK, GREY, PdfLayout, RULE as LINE } from '../../shared/pdf/layout.js';

/** The store's letterhead at the top of the first page: its brand, and its legal entity's data under it. */
export interface Letterhead {
  brand: string;
  legalName: string;
  taxId: string;
  address: string;
  email?: string;
}

/** Markdown the renderer refuses (the route answers 400): nested deeper than ASSISTANT_MARKDOWN_MAX_DEPTH. */
export class MarkdownTooDeepError extends Error {}

const MARGIN = 50;
const BOTTOM = 60;
const CODE = rgb(0.2, 0.2, 0.45);
const BODY = 10.5;
const HEADING_SIZES = [0, 18, 15, 13, 12, 11, 10.5];
const INDENT = 16;

interface Style {
  bold: boolean;
  italic: boolean;
  code: boolean;
}
interface Run {
  text: string;
  style: Style;
}
const PLAIN: Style = { bold: false, italic: false, code: false };

/** marked keeps some entities in text tokens; the PDF shows the characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) =>
    name === 'amp'
      ? '&'
      : name === 'lt'
        ? '<'
        : name === 'gt'
          ? '>'
          : name === 'quot'
            ? '"'
            : name === 'nbsp'
              ? '\u00a0'
              : "'",
  );
}

/**
 * Refuses nesting the lexer would recurse into (quotes ">>>>", list markers "- - - -" on one line) before lexing:
 * deep enough, it would overflow the stack; a document never needs it.
 */
function assertShallow(markdown: string): void {
  const limit = ASSISTANT_MARKDOWN_MAX_DEPTH;
  for (const line of markdown.split('\n')) {
    const quotes = /^[ \t>]*/.exec(line)?.[0].replace(/[^>]/g, '').length ?? 0;
    const markers = /^(?:[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)*/.exec(line)?.[0].match(/[-*+]|\d{1,9}[.)]/g)?.length ?? 0;
    const indent = /^[ \t]*/.exec(line)?.[0].replace(/\t/g, '    ').length ?? 0;
    if (quotes > limit || markers > limit || indent > limit * 4 + 40) {
      throw new MarkdownTooDeepError(`nesting over ${limit}`);
    }
  }
}

/**
 * Renders markdown as an A4 PDF (the shared layout, Noto Sans: Latin, Greek and Cyrillic): headings, paragraphs,
 * bold and italic, inline code (in blue), lists (nested, numbered), tables, quotes, code blocks, rules and
 * `<!-- pagebreak -->`; the letterhead on the first page and "n / N" on each.
 */
export async function renderMarkdownPdf(
  markdown: string,
  options: { letterhead: Letterhead; title: string; now: Date },
): Promise<Uint8Array> {
  assertShallow(markdown);
  let tokens: Token[];
  try {
    tokens = new Lexer({ gfm: true }).lex(markdown);
  } catch (error) {
    if (error instanceof RangeError) throw new MarkdownTooDeepError('lexer recursion');
    throw error;
  }

  const pdf = await PdfLayout.create({
    title: options.title,
    author: options.letterhead.legalName,
    date: options.now,
    margin: MARGIN,
    bottom: BOTTOM,
    italics: true,
  });
  const fonts = pdf.fonts;
  const safe = (text: string) => pdf.clean(text);
  const fontOf = (s: Style) =>
    s.bold && s.italic ? fonts.boldItalic : s.bold ? fonts.bold : s.italic ? fonts.italic : fonts.regular;

  let page = pdf.page;
  let y = PAGE.height - MARGIN;
  const newPage = () => {
    pdf.newPage();
    page = pdf.page;
    y = PAGE.height - MARGIN;
  };
  const ensure = (height: number) => {
    if (y - height < BOTTOM) newPage();
  };

  // Letterhead: the brand, the legal entity, a rule.
  const head = options.letterhead;
  page.drawText(safe(head.brand), { x: MARGIN, y: y - 14, size: 16, font: fonts.bold });
  y -= 30;
  for (const line of [`${head.legalName} · ${head.taxId}`, head.address, head.email ?? ''].filter(Boolean)) {
    page.drawText(safe(line), { x: MARGIN, y, size: 8.5, font: fonts.regular, color: GREY });
    y -= 11;
  }
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.8, color: LINE });
  y -= 22;

  /** Inline tokens as styled runs; a hard break is a "\n" run. */
  const runsOf = (inline: Token[] | undefined, style: Style, depth: number): Run[] => {
    if (depth > ASSISTANT_MARKDOWN_MAX_DEPTH * 4) throw new MarkdownTooDeepError('inline nesting');
    const out: Run[] = [];
    for (const t of inline ?? []) {
      switch (t.type) {
        case 'strong':
          out.push(...runsOf(t.tokens, { ...style, bold: true }, depth + 1));
          break;
        case 'em':
          out.push(...runsOf(t.tokens, { ...style, italic: true }, depth + 1));
          break;
        case 'del':
          out.push(...runsOf(t.tokens, style, depth + 1));
          break;
        case 'codespan':
          out.push({ text: decodeEntities(t.text), style: { ...style, code: true } });
          break;
        case 'br':
          out.push({ text: '\n', style });
          break;
        case 'link': {
          const link = t as Tokens.Link;
          out.push(...runsOf(link.tokens, style, depth + 1));
          if (link.href && link.href !== link.text && !link.href.startsWith('mailto:')) {
            out.push({ text: ` (${link.href})`, style: { ...style, italic: true } });
          }
          break;
        }
        case 'image':
          out.push({ text: `[${(t as Tokens.Image).text}]`, style });
          break;
        case 'html':
          break;
        case 'text':
        case 'escape':
        default: {
          const withTokens = t as { tokens?: Token[]; text?: string };
          if (withTokens.tokens?.length) out.push(...runsOf(withTokens.tokens, style, depth + 1));
          else out.push({ text: decodeEntities(withTokens.text ?? ''), style });
        }
      }
    }
    return out;
  };

  type Piece = { text: string; font: PDFFont; size: number; width: number; code: boolean };
  /** Word-wraps runs into lines of pieces no wider than `width`. */
  const wrap = (runs: Run[], width: number, size: number): Piece[][] => {
    const lines: Piece[][] = [[]];
    let used = 0;
    const push = (piece: Piece) => {
      lines.at(-1)!.push(piece);
      used += piece.width;
    };
    for (const run of runs) {
      const font = fontOf(run.style);
      const runSize = run.style.code ? size - 1 : size;
      if (run.text === '\n') {
        lines.push([]);
        used = 0;
        continue;
      }
      for (const part of safe(run.text.replace(/\s*\n\s*/g, ' ')).split(/( +)/)) {
        if (!part) continue;
        const isSpace = part.trim() === '';
        if (isSpace) {
          if (used === 0) continue;
          push({ text: ' ', font, size: runSize, width: pdf.widthOf(' ', runSize, font), code: false });
          continue;
        }
        let word = part;
        let w = pdf.widthOf(word, runSize, font);
        if (used + w > width && used > 0) {
          const last = lines.at(-1)!;
          if (last.at(-1)?.text === ' ') last.pop();
          lines.push([]);
          used = 0;
        }
        // A word wider than the line (a long URL) is cut by characters, measured one by one (linear in its length).
        if (w > width) {
          let piece = '';
          let pieceWidth = 0;
          for (const c of word) {
            const cw = pdf.widthOf(c, runSize, font);
            if (pieceWidth + cw > width - used && piece) {
              push({ text: piece, font, size: runSize, width: pieceWidth, code: run.style.code });
              lines.push([]);
              used = 0;
              piece = '';
              pieceWidth = 0;
            }
            piece += c;
            pieceWidth += cw;
          }
          word = piece;
          w = pieceWidth;
        }
        if (word) push({ text: word, font, size: runSize, width: w, code: run.style.code });
      }
    }
    return lines;
  };

  const lineHeight = (size: number) => size * 1.4;
  /** Writes wrapped lines from x, breaking pages as needed. */
  const writeLines = (lines: Piece[][], x: number, size: number, color = BLACK) => {
    for (const line of lines) {
      ensure(lineHeight(size));
      // Neighbouring pieces of one style are drawn as one string (each drawing shapes its text: the costly part).
      const spans: Piece[] = [];
      for (const piece of line) {
        const last = spans.at(-1);
        if (last && last.font === piece.font && last.size === piece.size && last.code === piece.code) {
          spans[spans.length - 1] = { ...last, text: last.text + piece.text, width: last.width + piece.width };
        } else spans.push(piece);
      }
      let cx = x;
      for (const span of spans) {
        if (span.text.trim())
          page.drawText(span.text, {
            x: cx,
            y: y - size,
            size: span.size,
            font: span.font,
            color: span.code ? CODE : color,
          });
        cx += span.width;
      }
      y -= lineHeight(size);
    }
  };
  const paragraph = (runs: Run[], x: number, size = BODY, after = 6) => {
    writeLines(wrap(runs, PAGE.width - MARGIN - x, size), x, size);
    y -= after;
  };

  const table = (t: Tokens.Table, x: number) => {
    const width = PAGE.width - MARGIN - x;
    const cols = Math.max(1, t.header.length);
    const colWidth = width / cols;
    const size = BODY - 1;
    const row = (cells: Tokens.TableCell[], header: boolean) => {
      const wrapped = cells.map((c) => wrap(runsOf(c.tokens, { ...PLAIN, bold: header }, 1), colWidth - 8, size));
      const height = Math.max(1, ...wrapped.map((l) => l.length)) * lineHeight(size) + 6;
      ensure(Math.min(height, PAGE.height - MARGIN - BOTTOM));
      const top = y;
      wrapped.forEach((lines, i) => {
        const saved = y;
        y = top - 3;
        writeLines(lines, x + i * colWidth + 4, size);
        y = saved;
      });
      y = Math.max(top - height, BOTTOM);
      page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: header ? 0.8 : 0.4, color: LINE });
    };
    row(t.header, true);
    for (const r of t.rows) row(r, false);
    y -= 8;
  };

  const blocks = (list: Token[], x: number, depth: number) => {
    if (depth > ASSISTANT_MARKDOWN_MAX_DEPTH) throw new MarkdownTooDeepError('block nesting');
    for (const t of list) {
      switch (t.type) {
        case 'heading': {
          const h = t as Tokens.Heading;
          const size = HEADING_SIZES[h.depth] ?? BODY;
          y -= h.depth <= 2 ? 6 : 3;
          ensure(lineHeight(size) * 2);
          paragraph(runsOf(h.tokens, { ...PLAIN, bold: true }, 1), x, size, 4);
          break;
        }
        case 'paragraph':
          paragraph(runsOf((t as Tokens.Paragraph).tokens, PLAIN, 1), x);
          break;
        case 'text': {
          const text = t as Tokens.Text;
          paragraph(
            text.tokens ? runsOf(text.tokens, PLAIN, 1) : [{ text: decodeEntities(text.text), style: PLAIN }],
            x,
            BODY,
            2,
          );
          break;
        }
        case 'list': {
          const l = t as Tokens.List;
          const start = typeof l.start === 'number' ? l.start : 1;
          l.items.forEach((item, i) => {
            const bullet = l.ordered ? `${start + i}.` : depth % 2 === 0 ? '•' : '–';
            ensure(lineHeight(BODY));
            page.drawText(item.task ? (item.checked ? '[x]' : '[ ]') : bullet, {
              x: x + 2,
              y: y - BODY,
              size: BODY,
              font: fonts.regular,
            });
            blocks(item.tokens, x + INDENT + (l.ordered ? 4 : 0), depth + 1);
          });
          y -= 4;
          break;
        }
        case 'blockquote': {
          const top = y;
          const startPage = page;
          blocks((t as Tokens.Blockquote).tokens, x + INDENT, depth + 1);
          if (page === startPage) {
            page.drawLine({ start: { x: x + 4, y: top }, end: { x: x + 4, y: y + 4 }, thickness: 2, color: LINE });
          }
          break;
        }
        case 'table':
          table(t as Tokens.Table, x);
          break;
        case 'code': {
          const code = (t as Tokens.Code).text;
          for (const line of code.split('\n')) {
            writeLines(
              wrap([{ text: line || ' ', style: { ...PLAIN, code: true } }], PAGE.width - MARGIN - x - 8, BODY),
              x + 8,
              BODY,
              GREY,
            );
          }
          y -= 6;
          break;
        }
        case 'hr':
          ensure(12);
          page.drawLine({
            start: { x, y: y - 4 },
            end: { x: PAGE.width - MARGIN, y: y - 4 },
            thickness: 0.6,
            color: LINE,
          });
          y -= 14;
          break;
        case 'html':
          if (/<!--\s*pagebreak\s*-->|page-break-(after|before)\s*:\s*always/i.test((t as Tokens.HTML).text)) newPage();
          break;
        case 'space':
          break;
        default: {
          const other = t as { tokens?: Token[]; text?: string };
          if (other.tokens) blocks(other.tokens, x, depth + 1);
          else if (other.text) paragraph([{ text: other.text, style: PLAIN }], x);
        }
      }
    }
  };
  blocks(tokens, MARGIN, 0);

  return pdf.save({ footer: (n, pages) => [`${n} / ${pages}`] });
}
