// Writes the installable app's PNG icons (public/icons/app-192.png, app-512.png) from the favicon's drawing: a blue
// square with three white lines (favicon.svg, 32 units wide). Run once by hand when the drawing changes:
// `node apps/web/build/make-icons.mjs`. The PNGs are committed; the build only copies them.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const BLUE = [0x0b, 0x4f, 0x8a];
const WHITE = [0xff, 0xff, 0xff];
// The favicon's lines, in its 32-unit grid: [x, y, width, height].
const LINES = [
  [8, 9, 16, 3],
  [8, 15, 16, 3],
  [8, 21, 10, 3],
];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A full-bleed square (maskable: the lines stay inside the central safe zone). */
function png(size) {
  const unit = size / 32;
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) / unit;
      const v = (y + 0.5) / unit;
      const on = LINES.some(([lx, ly, w, h]) => u >= lx && u < lx + w && v >= ly && v < ly + h);
      const [r, g, b] = on ? WHITE : BLUE;
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = b;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) {
  writeFileSync(path.join(here, '..', 'public', 'icons', `app-${size}.png`), png(size));
}
