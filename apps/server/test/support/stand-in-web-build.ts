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
 * A stand-in web build: a temporary directory holding an index.html shaped like Vite's output, so a test of the
 * server-rendered pages passes on a fresh clone where apps/web/dist does not exist. `env` points the app at it and at
 * the render module's sources; `remove` deletes it.
 */
export function standInWebBuild(prefix: string) {
  const dist = mkdtempSync(path.join(tmpdir(), `ventanilla-${prefix}-dist-`));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <title>Ventanilla</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
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
