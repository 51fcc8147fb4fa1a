import { pdfText as extract } from '../../src/modules/saved-items/pdf-text.js';

/**
 * The text a PDF shows, as a reader's copy and paste gives it: pdf.js (through pdf-parse) reads the text layer, through
 * each embedded font's ToUnicode map. One line per visual line; runs on a line are joined by spaces or tabs.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return extract(bytes);
}
