import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// After the build: a brotli (.br) and a gzip (.gz) copy of every text file, at the highest levels (once per build,
// so the server never compresses per request), and the source maps moved out of dist/ to dist-maps/, where no server
// serves them (Vite writes them 'hidden': no sourceMappingURL comment points at them).

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file, out);
    else out.push(file);
  }
  return out;
}

/** Writes `<file>.br` and `<file>.gz` beside each text file of `dir` when they are smaller than the file. */
export function precompressDir(dir: string): void {
  for (const file of walk(dir)) {
    // Dot directories (Vite's .vite/manifest.json) are never served: nothing to compress.
    if (
      path
        .relative(dir, file)
        .split(path.sep)
        .some((part) => part.startsWith('.'))
    )
      continue;
    if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = gzipSync(content, { level: 9 });
    if (br.length < content.length) writeFileSync(`${file}.br`, br);
    if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
  }
}

/** Moves every `.map` file of `dir` to `mapsDir` (same relative path), emptied first. */
export function moveSourceMaps(dir: string, mapsDir: string): void {
  rmSync(mapsDir, { recursive: true, force: true });
  for (const file of walk(dir)) {
    if (!file.endsWith('.map')) continue;
    const target = path.join(mapsDir, path.relative(dir, file));
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(file, target);
  }
}

export function precompress(options: { outDir: string; mapsDir: string }): Plugin {
  let ssr = false;
  return {
    name: 'ventanilla-precompress',
    apply: 'build',
    configResolved(config) {
      // The browser build only: the server render's build (vite.ssr.config.ts) extends this config.
      ssr = Boolean(config.build.ssr);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (ssr) return;
        moveSourceMaps(options.outDir, options.mapsDir);
        precompressDir(options.outDir);
      },
    },
  };
}
