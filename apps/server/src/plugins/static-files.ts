import { createReadStream, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, type Encoding } from '../shared/content-encoding.js';

// The built web app's files, served as the build left them: the build writes a brotli and a gzip copy next to each
// text file (apps/web/vite.config.ts), and a request gets the smallest copy its Accept-Encoding allows, never
// compressed per request. Only files found at boot are routes: a source map, a dotfile or a path that leaves the
// directory (`..`, an encoded NUL) matches no route and reaches the not-found handler.

interface Variant {
  filePath: string;
  size: number;
  etag: string;
}

export interface StaticFile {
  /** The address, `/assets/index-abc123.js`. */
  urlPath: string;
  contentType: string;
  cacheControl: string;
  identity: Variant;
  /** Precompressed copies the build wrote (`<file>.br`, `<file>.gz`), only when smaller than the file. */
  encoded: Partial<Record<Encoding, Variant>>;
}

/** Hashed file names (Vite's assets/): the content never changes under the same name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else: the browser may keep it, but asks first (ETag). */
export const REVALIDATE = 'no-cache';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};

/** Never served: source maps (the build keeps them out of dist, this is the second lock) and compressed copies. */
const NEVER_SERVED = /\.(map|br|gz)$/i;
const ENCODED_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
/** Plain names only: `:` or `*` would be a pattern to the router, and nothing the build writes needs more. */
const PLAIN_NAME = /^[A-Za-z0-9._~-]+$/;

function variant(filePath: string): Variant | null {
  try {
    const st = statSync(filePath);
    if (!st.isFile()) return null;
    return { filePath, size: st.size, etag: `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"` };
  } catch {
    return null;
  }
}

/** Every servable file under `root` (dotfiles, source maps and compressed copies left out), by address. */
export function collectStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || !PLAIN_NAME.test(entry.name)) continue;
      const filePath = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(filePath);
        continue;
      }
      if (!entry.isFile() || NEVER_SERVED.test(entry.name)) continue;
      const identity = variant(filePath);
      if (!identity) continue;
      const relative = path.relative(root, filePath).split(path.sep);
      const encoded: StaticFile['encoded'] = {};
      for (const encoding of ['br', 'gzip'] as const) {
        const copy = variant(filePath + ENCODED_SUFFIX[encoding]);
        if (copy && copy.size < identity.size) {
          encoded[encoding] = { ...copy, etag: `${identity.etag.slice(0, -1)}-${encoding}"` };
        }
      }
      const urlPath = `/${relative.join('/')}`;
      files.set(urlPath, {
        urlPath,
        contentType: CONTENT_TYPES[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
        cacheControl: relative[0] === 'assets' && relative.length > 1 ? IMMUTABLE : REVALIDATE,
        identity,
        encoded,
      });
    }
  };
  walk(root);
  return files;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function sendFile(file: StaticFile, request: FastifyRequest, reply: FastifyReply) {
  const available = Object.keys(file.encoded) as Encoding[];
  const encoding = chooseEncoding(request.headers['accept-encoding'], available);
  const chosen = encoding ? file.encoded[encoding]! : file.identity;
  reply.header('content-type', file.contentType).header('cache-control', file.cacheControl).header('etag', chosen.etag);
  // Caches must keep the copies apart whenever there is more than one.
  if (available.length > 0) reply.header('vary', 'Accept-Encoding');
  if (encoding) reply.header('content-encoding', encoding);
  if (etagMatches(request.headers['if-none-match'], chosen.etag)) return reply.code(304).send();
  reply.header('content-length', chosen.size);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(createReadStream(chosen.filePath));
}

/** One GET (and HEAD) route per file: the router matches addresses exactly, nothing is resolved against the disk. */
export function registerStaticFiles(app: FastifyInstance, files: Map<string, StaticFile>): void {
  for (const file of files.values()) {
    app.get(file.urlPath, { schema: { hide: true } }, (request, reply) => sendFile(file, request, reply));
  }
}
