import fs, { cpSync, renameSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';

import { IN_MEMORY } from './worker-protocol.js';

export { IN_MEMORY };

/**
 * Memory settings of the embedded Postgres (docs/performance.md, "Memory"). Its WebAssembly memory starts at 128 MB
 * (pglite.wasm's declared minimum) and never shrinks: every page Postgres touches stays resident for the life of the
 * process. With Postgres' default `shared_buffers` of 128 MB the buffer pool alone grew the memory to 188 MB and kept
 * ~110 MB more resident; 32 MB fits inside the initial 128 MB and holds the demo database's hot pages (the OS page
 * cache serves the rest). `maintenance_work_mem` bounds what an index build or VACUUM may take (64 MB by default).
 */
export const EMBEDDED_MEMORY_PARAMS: readonly string[] = [
  '-c',
  'shared_buffers=32MB',
  '-c',
  'maintenance_work_mem=16MB',
];

/**
 * Postgres start parameters: PGlite's defaults without `-F` (which turns fsync off), WAL flushed with fsync() because
 * PGlite's fdatasync() is an empty stub (docs/decisions/0002-embedded-database-durability.md), and the memory settings
 * above.
 */
export function durableStartParams(): string[] {
  const defaults = (PGlite as unknown as { defaultStartParams?: unknown }).defaultStartParams;
  if (!Array.isArray(defaults) || !defaults.every((param) => typeof param === 'string')) {
    throw new Error('PGlite.defaultStartParams is missing: re-check the durability settings for this PGlite version.');
  }
  return [
    ...defaults.filter((param) => param !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'wal_sync_method=fsync',
    ...EMBEDDED_MEMORY_PARAMS,
  ];
}

interface EmscriptenStream {
  nfd: number;
}

interface EmscriptenNodeFs {
  stream_ops: { fsync?: (stream: EmscriptenStream) => unknown };
  tryFSOperation<T>(operation: () => T): T;
}

/**
 * NodeFS whose fsync() reaches the disk. Emscripten's NODEFS (PGlite 0.5.14) has no `fsync` stream operation, so
 * Postgres' fsync calls silently did nothing; this one calls fs.fsyncSync on the real file descriptor.
 */
class FsyncingNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod: { FS: { filesystems: Record<string, unknown> } }) => {
        const nodefs = mod.FS.filesystems['NODEFS'] as EmscriptenNodeFs | undefined;
        if (!nodefs?.stream_ops || typeof nodefs.tryFSOperation !== 'function') {
          throw new Error('Emscripten NODEFS not found: cannot make the embedded database durable.');
        }
        // A later PGlite may ship its own; keep it.
        nodefs.stream_ops.fsync ??= (stream) => nodefs.tryFSOperation(() => fs.fsyncSync(stream.nfd));
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

/** True when `dataDir` holds no database yet (always for an in-memory one). */
export function isNewDataDir(dataDir: string): boolean {
  return dataDir === IN_MEMORY || !fs.existsSync(`${dataDir}/PG_VERSION`);
}

/**
 * Opens PGlite in `dataDir` (or in memory) so that an acknowledged commit is on disk, its WAL fsync'ed, before the
 * client sees it. A new database starts from `template` (a PGlite.dumpDataDir tarball of a fresh cluster, or a
 * function that reads one: only called for a new database) when given, instead of running initdb.
 */
export async function openDurablePGlite(dataDir: string, template?: Blob | (() => Blob)): Promise<PGlite> {
  const inMemory = dataDir === IN_MEMORY;
  const templateBlob =
    template && isNewDataDir(dataDir) ? (typeof template === 'function' ? template() : template) : null;
  return PGlite.create({
    ...(inMemory ? {} : { fs: new FsyncingNodeFS(dataDir) }),
    ...(templateBlob ? { loadDataDir: templateBlob } : {}),
    startParams: durableStartParams(),
    // The back-office search's trigram indexes (migration 0009; docs/backoffice.md, "Search").
    extensions: { pg_trgm },
  });
}

/**
 * Runs initdb into `dir` (a fresh cluster, cleanly shut down) for new databases to be copied from. Written beside it
 * and renamed, so `dir` is whole or absent.
 */
export async function writeTemplateDirectory(dir: string): Promise<void> {
  const staging = `${dir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  const db = await openDurablePGlite(staging);
  await db.exec('CHECKPOINT');
  await db.close();
  renameSync(staging, dir);
}

/**
 * Makes `dataDir` (a new database: no PG_VERSION) a copy of the template cluster in `templateDir`: copied beside it and
 * renamed, so a copy cut short is never taken for a database. No WebAssembly and no big buffers: the first start's
 * memory peak is that of opening an existing database.
 */
export function copyTemplateDirectory(templateDir: string, dataDir: string): void {
  const staging = `${dataDir}.template-copy`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(templateDir, staging, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true }); // what a failed first start left, without PG_VERSION
  renameSync(staging, dataDir);
}
