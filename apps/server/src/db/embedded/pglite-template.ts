import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A fresh cluster, made once at build time, that a new embedded database starts from instead of running initdb.
 *
 * Why: PGlite's initdb copies the whole WebAssembly memory of Postgres (HEAPU8.slice()) to reset it between its
 * bootstrap steps, and runs a second WebAssembly instance beside it. The first start of a new data directory peaked at
 * 820-870 MB for initdb alone and kept most of it resident afterwards (the copy lives in a worker that rarely collects
 * garbage). A tarball of the cluster loaded by PGlite (`loadDataDir`) still peaked at ~500 MB (the tarball, its
 * unpacked copy and PGlite's buffers); the build now leaves the cluster as a directory that a new database copies
 * (`copyTemplateDirectory`), which costs no memory at all. See docs/performance.md, "Memory and start".
 *
 * The directory's name carries PGlite's version: a template of another version is never used (the server falls back to
 * initdb). Without a build (Vitest, tsx) there is no template and initdb runs as before.
 */
export function pgliteVersion(): string {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite')); // <package>/dist/index.js
  const manifest = JSON.parse(readFileSync(join(entry, '../../package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** Where the build puts the template: beside the compiled server (apps/server/dist). */
export function builtTemplatePath(version = pgliteVersion()): string {
  const dist = join(dirname(fileURLToPath(import.meta.url)), '../..');
  return join(dist, `pglite-template-${version}`);
}

/** The template to start a new database from, if the build made one for this PGlite version. */
export function findBuiltTemplate(): string | undefined {
  const path = builtTemplatePath();
  return existsSync(path) ? path : undefined;
}
