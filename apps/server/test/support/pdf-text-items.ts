/** A run of text on a page and where it starts, in PDF points from the page's bottom left. */
export interface PdfTextItem {
  text: string;
  x: number;
  y: number;
}

/** Each page's runs of text as pdf.js reads them (through each font's ToUnicode map), with their positions. */
export async function pdfTextItems(bytes: Uint8Array): Promise<PdfTextItem[][]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const pages: PdfTextItem[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(
        content.items.flatMap((item) =>
          'str' in item && item.str.trim()
            ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number }]
            : [],
        ),
      );
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
