import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app's real render module, loaded from its sources (no `npm run build` needed). */
export const WEB_SSR_SOURCE_ENTRY = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/src/entry-server.tsx',
);

/**
 * A Vite manifest shaped like the build's (apps/web/dist/.vite/manifest.json): the app's entry (index.html) and the
 * islands' entry (src/islands.tsx; docs/decisions/0028-home-page-islands.md) share `frame`; the catalogue screens'
 * chunk and the cart's island have their own stylesheets.
 */
export const STAND_IN_MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_frame-f1.js'] },
  '_frame-f1.js': { file: 'assets/frame-f1.js', css: ['assets/frame-f2.css'] },
  'src/islands.tsx': { file: 'assets/islands-i1.js', isEntry: true, imports: ['_frame-f1.js'] },
  // The cart's island (a chunk the islands' entry loads on a visitor's cart), with a chunk and styles of its own.
  'src/app/screens/cart-island.ts': {
    file: 'assets/cart-island-k1.js',
    isDynamicEntry: true,
    imports: ['_frame-f1.js', '_cart-lines-k3.js'],
    css: ['assets/cart-island-k2.css'],
  },
  '_cart-lines-k3.js': {
    file: 'assets/cart-lines-k3.js',
    imports: ['_frame-f1.js'],
    css: ['assets/cart-lines-k4.css'],
  },
  'src/app/screens/catalog.ts': {
    file: 'assets/catalog-c1.js',
    isDynamicEntry: true,
    imports: ['_frame-f1.js'],
    css: ['assets/catalog-c2.css'],
  },
};

/**
 * A stand-in web build: a temporary directory holding an index.html shaped like Vite's output, so a test of the
 * server-rendered pages passes on a fresh clone where apps/web/dist does not exist. `env` points the app at it and at
 * the render module's sources; `remove` deletes it. With `manifest`, Vite's manifest too (the chunks pages name).
 */
export function standInWebBuild(prefix: string, options: { manifest?: Record<string, unknown> } = {}) {
  const dist = mkdtempSync(path.join(tmpdir(), `ventanilla-${prefix}-dist-`));
  mkdirSync(path.join(dist, 'assets'));
  if (options.manifest) {
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(options.manifest));
  }
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <title>Ventanilla</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>${
      // What Vite writes for the entry's static imports (STAND_IN_MANIFEST's `frame`).
      options.manifest
        ? '\n    <link rel="modulepreload" crossorigin href="/assets/frame-f1.js">' +
          '\n    <link rel="stylesheet" crossorigin href="/assets/frame-f2.css">'
        : ''
    }
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
  );
  return {
    dist,
    env: { WEB_DIST_DIR: dist, WEB_SSR_ENTRY: WEB_SSR_SOURCE_ENTRY },
    remove: () => rmSync(dist, { recursive: true, force: true }),
  };
}
