// npm run bench:bundle: the shop's entry JavaScript, gzipped, beside the goal (<= 100 KB). The entry is what
// index.html makes every page load before anything renders: its module script and the modulepreloaded chunks it
// imports statically. Lazy chunks (a route, a language catalogue, the back office) are listed apart, largest first.
// Reads the build in apps/web/dist (builds it first when missing or stale, like npm start).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { buildIsStale, markBuilt, ROOT, sourcesTime } from './build-state.mjs';

// KB here are 1,000 bytes (as Vite prints them): the stricter reading of the goal.
export const ENTRY_GOAL_BYTES = 100_000;
const DIST = path.join(ROOT, 'apps/web/dist');

const gzipSize = (buf) => gzipSync(buf, { level: 9 }).length;
const brotliSize = (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

/** The entry's files (index.html's module scripts and modulepreloads) and every other JavaScript file of the build. */
export function measureBundle(dist = DIST) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entryFiles = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModule = /type="module"/.test(tag) || /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    if (isModule && url) entryFiles.add(url.replace(/^\//, ''));
  }
  const measure = (file) => {
    const buf = readFileSync(path.join(dist, file));
    return { file, raw: buf.length, gzip: gzipSize(buf), brotli: brotliSize(buf) };
  };
  const entry = [...entryFiles].map(measure);
  const lazy = readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && !entryFiles.has(`assets/${f}`))
    .map((f) => measure(`assets/${f}`))
    .sort((a, b) => b.gzip - a.gzip);
  const sum = (list, key) => list.reduce((total, f) => total + f[key], 0);
  return {
    entry,
    lazy,
    entryRaw: sum(entry, 'raw'),
    entryGzip: sum(entry, 'gzip'),
    entryBrotli: sum(entry, 'brotli'),
    maps: readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.map')).length,
  };
}

export function printBundle(result) {
  console.log('Shop entry JavaScript (index.html: module script + modulepreloads):');
  for (const f of result.entry) {
    console.log(
      `  ${f.file.padEnd(44)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(9)} gzip ${kb(f.brotli).padStart(9)} br`,
    );
  }
  const met = result.entryGzip <= ENTRY_GOAL_BYTES;
  console.log(
    `  entry total ${kb(result.entryRaw)} raw, ${kb(result.entryGzip)} gzip (goal <= ${kb(ENTRY_GOAL_BYTES)}) ${met ? 'MET' : 'NOT MET'}, ${kb(result.entryBrotli)} brotli`,
  );
  console.log(`Lazy chunks (${result.lazy.length}, loaded on demand), largest first:`);
  for (const f of result.lazy.slice(0, 12)) {
    console.log(`  ${f.file.padEnd(44)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(9)} gzip`);
  }
  if (result.lazy.length > 12) console.log(`  … and ${result.lazy.length - 12} smaller ones`);
  console.log(`Source maps in dist/assets: ${result.maps} (goal: 0 public maps)`);
  return met;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (buildIsStale()) {
    const t = sourcesTime();
    if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
    markBuilt(t);
  }
  process.exitCode = printBundle(measureBundle()) ? 0 : 1;
}
