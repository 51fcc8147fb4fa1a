// Decides whether the build is missing or older than its sources, so `npm start` builds only when needed.
import { existsSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The server `npm start` runs: tsc's output bundled by apps/server/scripts/bundle.mjs (docs/decisions/0021). */
export const SERVER_ENTRY = 'apps/server/dist/bundle/server.js';
const STAMP = path.join(ROOT, 'apps/server/dist/.build-stamp');
const SOURCES = [
  'packages/domain/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/scripts',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/vite.ssr.config.ts',
  'package-lock.json',
];
const OUTPUTS = [
  'packages/domain/dist/index.js',
  SERVER_ENTRY,
  'apps/web/dist/index.html',
  'apps/web/dist-ssr/entry-server.js',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/** The newest modification time across the sources. */
export function sourcesTime() {
  return Math.max(...SOURCES.map((s) => newest(path.join(ROOT, s))));
}

export function buildIsStale() {
  if (OUTPUTS.some((o) => !existsSync(path.join(ROOT, o))) || !existsSync(STAMP)) return true;
  return Number(readFileSync(STAMP, 'utf8')) < sourcesTime();
}

export function markBuilt(time) {
  writeFileSync(STAMP, String(time));
}
