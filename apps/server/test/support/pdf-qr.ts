import { inflateSync } from 'node:zlib';
import jsQRModule from 'jsqr';

// A CommonJS package: its function is the module's `default` export.
const jsQR = jsQRModule.default;

/** RGBA pixels of an 8-bit, non-interlaced PNG (RGB or RGBA): what pdf.js's screenshot through its canvas writes. */
export function decodePng(png: Uint8Array): { width: number; height: number; rgba: Uint8ClampedArray } {
  const buf = Buffer.from(png);
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (pos < buf.length) {
    const length = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colour, , , interlace] = [data[8], data[9], data[10], data[11], data[12]];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6))
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colour}, interlace ${interlace}`);
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    pos += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + x] = (line[x]! + predictor) & 0xff;
    }
  }
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = pixels[i * channels]!;
    rgba[i * 4 + 1] = pixels[i * channels + 1]!;
    rgba[i * 4 + 2] = pixels[i * channels + 2]!;
    // A transparent pixel is the white of the paper.
    rgba[i * 4 + 3] = 255;
    if (channels === 4 && pixels[i * channels + 3] === 0) rgba.fill(255, i * 4, i * 4 + 3);
  }
  return { width, height, rgba };
}

/**
 * The text of the QR code printed on a PDF's first page, read as a phone would: pdf.js (through pdf-parse) renders
 * the page to an image and jsQR finds and decodes the code in it. Null when the page shows none.
 */
export async function pdfQrText(pdf: Uint8Array): Promise<string | null> {
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: Buffer.from(pdf) });
  try {
    const shot = await parser.getScreenshot({ partial: [1], scale: 3, imageBuffer: true, imageDataUrl: false });
    const page = shot.pages[0];
    if (!page?.data) throw new Error('the page was not rendered');
    const { width, height, rgba } = decodePng(page.data);
    return jsQR(rgba, width, height)?.data ?? null;
  } finally {
    await parser.destroy();
  }
}

/**
 * The QR code on a PDF's first page and where it is, in PDF points from the page's bottom left: the text, the left
 * edge and the top edge of its finder patterns (rendered at 3 points a pixel and found by jsQR).
 */
export async function pdfQrPlace(pdf: Uint8Array): Promise<{ text: string; left: number; top: number } | null> {
  const scale = 3;
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: Buffer.from(pdf) });
  try {
    const shot = await parser.getScreenshot({ partial: [1], scale, imageBuffer: true, imageDataUrl: false });
    const page = shot.pages[0];
    if (!page?.data) throw new Error('the page was not rendered');
    const { width, height, rgba } = decodePng(page.data);
    const found = jsQR(rgba, width, height);
    if (!found) return null;
    // Finder pattern centres are 3.5 modules inside the code's corner.
    const { topLeftFinderPattern: tl, topRightFinderPattern: tr } = found.location;
    const module = (tr.x - tl.x) / (found.version * 4 + 17 - 7);
    return { text: found.data, left: (tl.x - 3.5 * module) / scale, top: (height - tl.y + 3.5 * module) / scale };
  } finally {
    await parser.destroy();
  }
}
