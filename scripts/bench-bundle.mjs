// npm run bench:bundle: the shop's entry JavaScript, gzipped, beside the goal (<= 100 KB). The entry is what
// index.html makes every page load before anything renders: its module script and the modulepreloaded chunks it
// imports statically. Lazy chunks (a route, a language catalogue, the back office) are listed apart, largest first.
// Then the figure the goal is about: all the JavaScript the home page loads before interaction, measured the way the
// page loads it: the HTML the server answers for `/` (a first visit: no cookie, so the cookie banner is asked for),
// its module script and modulepreload links, and transitively their static imports (Vite's manifest), each file once.
// The previous run's figure (.bench/home-js.json) is printed beside it.
// Reads the build in apps/web/dist (builds it first when missing or stale, like npm start) and starts the built
// product for the home page's HTML (BENCH_URL=http://host:port: a running server instead, whose build must be this one).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { ROOT } from './build-state.mjs';
import { buildIfStale, startProduct } from './bench-product.mjs';

// KB here are 1,000 bytes (as Vite prints them): the stricter reading of the goal.
export const ENTRY_GOAL_BYTES = 100_000;
const DIST = path.join(ROOT, 'apps/web/dist');
const HOME_RECORD = path.join(ROOT, '.bench/home-js.json');

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

/** The module scripts and modulepreloads an HTML page names (same-origin `/assets/...js` paths, without the slash). */
function pageScripts(html) {
  const files = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModule = /type="module"/.test(tag) || /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="\/?(assets\/[^"]+\.js)"/.exec(tag)?.[1];
    if (isModule && url && !files.includes(url)) files.push(url);
  }
  return files;
}

/**
 * The JavaScript a page loads before interaction: the scripts its HTML names and, transitively, their static imports
 * (Vite's manifest; a file the manifest does not know is read for its `import ... from "./x.js"`), each file once.
 */
export function measurePage(html, dist = DIST) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const staticImports = (file) => {
    const chunk = byFile.get(file);
    if (chunk) return (chunk.imports ?? []).map((key) => manifest[key]?.file).filter(Boolean);
    const code = readFileSync(path.join(dist, file), 'utf8');
    return [...code.matchAll(/\bimport\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => `assets/${m[1]}`);
  };
  const named = pageScripts(html);
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of staticImports(file)) visit(imported);
  };
  for (const file of named) visit(file);
  const files = [...seen].map((file) => {
    const buf = readFileSync(path.join(dist, file));
    return { file, named: named.includes(file), raw: buf.length, gzip: gzipSize(buf) };
  });
  return { files, raw: files.reduce((t, f) => t + f.raw, 0), gzip: files.reduce((t, f) => t + f.gzip, 0) };
}

/** The home page as a first visit gets it (no cookie) from `baseUrl`, measured. */
export async function measureHome(baseUrl, dist = DIST) {
  const res = await fetch(`${baseUrl}/`);
  if (!res.ok) throw new Error(`GET / answered HTTP ${res.status}`);
  return measurePage(await res.text(), dist);
}

function previousHome() {
  try {
    return JSON.parse(readFileSync(HOME_RECORD, 'utf8'));
  } catch {
    return null;
  }
}

function commitName() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** Prints the home page's JavaScript beside the goal and the previous run's figure (then records this one). */
export function printHome(result) {
  console.log(
    'Home page JavaScript before interaction (GET /: module script + modulepreloads + their static imports):',
  );
  for (const f of [...result.files].sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `  ${f.file.padEnd(44)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(9)} gzip${f.named ? '' : '  (imported)'}`,
    );
  }
  const met = result.gzip <= ENTRY_GOAL_BYTES;
  const previous = previousHome();
  const was = previous ? `; previous run ${kb(previous.gzip)} (${previous.date}, ${previous.commit})` : '';
  console.log(
    `home JavaScript before interaction (gzip): ${kb(result.gzip)} — goal <= ${kb(ENTRY_GOAL_BYTES)} ${met ? 'MET' : 'NOT MET'} (${result.files.length} files${was})`,
  );
  mkdirSync(path.dirname(HOME_RECORD), { recursive: true });
  writeFileSync(
    HOME_RECORD,
    `${JSON.stringify({ gzip: result.gzip, files: result.files.length, date: new Date().toISOString(), commit: commitName() }, null, 2)}\n`,
  );
  return met;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildIfStale();
  const entryMet = printBundle(measureBundle());
  const product = await startProduct();
  let home;
  try {
    home = await measureHome(product.baseUrl);
  } finally {
    await product.stop();
  }
  console.log('');
  const homeMet = printHome(home);
  process.exitCode = entryMet && homeMet ? 0 : 1;
}
