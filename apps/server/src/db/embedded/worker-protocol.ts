/** Messages between the main thread and the PGlite worker (pglite-worker.ts). */

/** Where the worker's socket server listens: a unix socket path, or TCP on loopback (Windows). */
export type ListenAddress = { path: string } | { host: string; port: number };

export interface PgliteWorkerData {
  /** Directory for the Postgres files, or 'memory://'. */
  pgliteDir: string;
  listen: ListenAddress;
  /** Tarball of a freshly initialised cluster to load instead of running initdb (tests). */
  initialDataPath?: string;
}

export type ToWorkerMessage = { type: 'close' };

export type FromWorkerMessage =
  /** Listening at `address` (with the port the OS chose, for TCP). */
  | { type: 'ready'; address: ListenAddress }
  | { type: 'closed' }
  /** PGlite failed internally; the worker exits right after sending this. */
  | { type: 'fatal'; message: string };
