/** Messages between the main thread and the PGlite worker (pglite-worker.ts). */

/**
 * The `dataDir` value that selects an in-memory database. Here rather than in durable-pglite.ts so that the main
 * thread never loads PGlite's modules: only the worker runs it.
 */
export const IN_MEMORY = 'memory://';

/** Where the worker's socket server listens: a unix socket path, or TCP on loopback (Windows). */
export type ListenAddress = { path: string } | { host: string; port: number };

export interface PgliteWorkerData {
  /** Directory for the Postgres files, or 'memory://'. */
  pgliteDir: string;
  listen: ListenAddress;
  /** Tarball of a fresh cluster to start a new database from, instead of running initdb. */
  templatePath?: string;
}

export type ToWorkerMessage = { type: 'close' };

export type FromWorkerMessage =
  /** Listening at `address` (with the port the OS chose, for TCP). */
  | { type: 'ready'; address: ListenAddress }
  | { type: 'closed' }
  /** PGlite failed internally; the worker exits right after sending this. */
  | { type: 'fatal'; message: string };
