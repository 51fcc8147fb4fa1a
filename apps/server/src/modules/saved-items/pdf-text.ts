/** Pages read of a document at most: a nota simple has a few; a huge PDF must not hold the transaction. */
export const PDF_TEXT_MAX_PAGES = 30;
/** Larger documents are not read. */
export const PDF_TEXT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The text layer of a PDF (pdf-parse, i.e. pdf.js), one line per visual line, pages separated by pdf-parse's own
 * "-- n of m --" markers (the nota simple parser drops them). Throws on a damaged or encrypted PDF.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength > PDF_TEXT_MAX_BYTES) throw new Error(`PDF of ${bytes.byteLength} bytes: not read`);
  // Loaded on the first document read, not at boot (pdf.js).
  const { PDFParse } = await import('pdf-parse');
  // A copy: pdf.js takes over (detaches) the buffer it is given.
  const parser = new PDFParse({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const result = await parser.getText({ first: PDF_TEXT_MAX_PAGES });
    return result.text;
  } finally {
    await parser.destroy();
  }
}
