import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The compressed copies the server keeps of a body or a file: brotli and gzip. */
export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from an Accept-Encoding header and the copies there are: brotli before gzip, each
 * only when the header accepts it (by name or `*`, with a q-value above 0); null means the file as it is.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding || available.length === 0) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (encoding: Encoding) => {
    const named = q.get(encoding) ?? (encoding === 'gzip' ? q.get('x-gzip') : undefined);
    return (named ?? q.get('*') ?? 0) > 0;
  };
  for (const encoding of ['br', 'gzip'] as const) {
    if (available.includes(encoding) && accepts(encoding)) return encoding;
  }
  return null;
}

/** Bodies from this size on are worth compressing (below it the saving is less than a packet). */
export const COMPRESS_FROM_BYTES = 1024;

/** A response body kept in memory, with the compressed copies made of it so far. */
export interface CompressibleBody {
  body: Buffer;
  /** Made on the first request that takes each encoding, then reused: never compressed per response. */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

/** The body in `encoding`, compressed once (brotli quality 9, gzip level 9) and kept beside it. */
export function compressedBody(item: CompressibleBody, encoding: Encoding): Buffer {
  item.encoded ??= {};
  item.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(item.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(item.body, { level: 9 });
  return item.encoded[encoding];
}

/**
 * How to answer a request with an in-memory body: the encoding (null: as it is), the ETag of that copy (each copy
 * its own, so a cache never validates one with another's tag) and whether the answer varies by Accept-Encoding.
 */
export function negotiateBody(
  item: CompressibleBody,
  etag: string,
  acceptEncoding: string | undefined,
): { encoding: Encoding | null; etag: string; vary: boolean } {
  const vary = item.body.length >= COMPRESS_FROM_BYTES;
  const encoding = vary ? chooseEncoding(acceptEncoding, ['br', 'gzip']) : null;
  return { encoding, etag: encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag, vary };
}
