import { describe, expect, it } from 'vitest';
import { PdfLayout } from '../src/shared/pdf/layout.js';
import { decodePng } from './support/pdf-qr.js';
import { pdfTextItems } from './support/pdf-text-items.js';

// The shared PDF layout: text cleaned to what the font prints, wrapped within its width with the font's own metrics,
// pages broken as the text runs down, the footer on every page.

const layout = () =>
  PdfLayout.create({ title: 'Prueba', author: 'Ventanilla', date: new Date('2026-03-05T00:00:00Z') });

describe('PDF layout', () => {
  it('cleans text: typographic spaces become spaces, control and bidi characters go, missing glyphs are "?"', async () => {
    const pdf = await layout();
    expect(pdf.clean('a\u00a0b\u202fc\td')).toBe('a b c d');
    expect(pdf.clean('x\u0000y\ny\u202ez\u200b')).toBe('xyyz');
    expect(pdf.clean('Ђорђе 東 😀')).toBe('Ђорђе ? ?');
  });

  it('wraps within the width measured by the font, cutting a word longer than a line', async () => {
    const pdf = await layout();
    const text = 'Παπαδόπουλος Ђорђе Јовановић Seán Ó Súilleabháin '.repeat(8) + 'x'.repeat(400);
    const lines = pdf.wrap(text, 200, 10);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(pdf.widthOf(line, 10)).toBeLessThanOrEqual(200.001);
    expect(lines.join(' ').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
    // A wide glyph takes more room than a narrow one: the metrics are the font's, not a fixed width.
    expect(pdf.widthOf('WWWW', 10)).toBeGreaterThan(pdf.widthOf('iiii', 10) * 2);
    // Bold is wider than regular.
    expect(pdf.widthOf('Ђорђе', 10, pdf.fonts.bold)).toBeGreaterThan(pdf.widthOf('Ђорђе', 10));
  });

  it('breaks pages as paragraphs run down, repeats a table header, and prints the footer on every page', async () => {
    const pdf = await layout();
    for (let i = 1; i <= 60; i++) pdf.paragraph(`Párrafo ${i}: Łukasz Żółć Фёдор Щукин`, { size: 11, leading: 16 });
    pdf.table(
      [
        { header: 'Concepto', width: 300 },
        { header: 'Importe', width: 100, align: 'right' },
      ],
      Array.from({ length: 80 }, (_, i) => [`Línea ${i + 1}`, `${i + 1},00 €`]),
    );
    const bytes = await pdf.save({ footer: (page, pages) => [`Ventanilla · ${page} / ${pages}`] });
    const pages = await pdfTextItems(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const [i, items] of pages.entries()) {
      expect(items.map((item) => item.text)).toContain(`Ventanilla · ${i + 1} / ${pages.length}`);
      // Nothing drawn below the footer or above the top margin.
      for (const item of items) expect(item.y).toBeGreaterThan(20);
      for (const item of items) expect(item.y).toBeLessThan(842 - 50);
    }
    const all = pages.flat().map((item) => item.text);
    expect(all).toContain('Párrafo 60: Łukasz Żółć Фёдор Щукин');
    expect(all).toContain('Línea 80');
    // The table's header on the page where the table starts and on each page it continues on.
    const headers = pages.filter((items) => items.some((item) => item.text === 'Concepto')).length;
    const tablePages = pages.filter((items) => items.some((item) => item.text.startsWith('Línea'))).length;
    expect(headers).toBe(tablePages);
    expect(tablePages).toBeGreaterThan(1);
  });

  it('the embedded subsets draw every glyph: as much ink as the whole fonts give', async () => {
    const ink = async (subset: boolean) => {
      const pdf = await PdfLayout.create({ title: 't', author: 'a', date: new Date(0), subset });
      pdf.paragraph('Número Zoë Łukasz Żółć Ђорђе Παπαδόπουλος 0123456789', { size: 20 });
      pdf.paragraph('Seán Ó Súilleabháin Фёдор Щукин João Conceição', { size: 20, font: pdf.fonts.bold });
      const { PDFParse } = await import('pdf-parse');
      const parser = new PDFParse({ data: Buffer.from(await pdf.save()) });
      try {
        const shot = await parser.getScreenshot({ partial: [1], scale: 1, imageBuffer: true, imageDataUrl: false });
        const { rgba } = decodePng(shot.pages[0]!.data);
        let dark = 0;
        for (let i = 0; i < rgba.length; i += 4) if (rgba[i]! < 128) dark++;
        return dark;
      } finally {
        await parser.destroy();
      }
    };
    const [subset, whole] = [await ink(true), await ink(false)];
    expect(whole).toBeGreaterThan(2000);
    expect(Math.abs(subset - whole) / whole).toBeLessThan(0.02);
  });
});
