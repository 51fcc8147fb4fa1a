import { inflateSync } from 'node:zlib';

// WinAnsi bytes 0x80-0x9F that differ from Latin-1 (the ones invoices use: euro sign, quotes, dashes).
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

/**
 * The text a PDF made with pdf-lib's standard fonts shows: every content stream is inflated and its hex-string
 * text operators decoded from WinAnsi. Enough to check that numbers, totals and legends are printed.
 */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const latin = raw.toString('latin1');
  const out: string[] = [];
  const streamRe = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streamRe.exec(latin))) {
    const start = m.index + m[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(raw.subarray(start, end)).toString('latin1');
    } catch {
      content = latin.slice(start, end);
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      const hex = t[1]!;
      let s = '';
      for (let i = 0; i < hex.length; i += 2) {
        const code = parseInt(hex.slice(i, i + 2), 16);
        s += WIN_ANSI[code] ?? String.fromCharCode(code);
      }
      out.push(s);
    }
    streamRe.lastIndex = end;
  }
  return out.join('\n');
}
