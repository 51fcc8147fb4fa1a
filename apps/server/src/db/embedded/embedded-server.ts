import diagnosticsChannel from 'node:diagnostics_channel';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DatabaseLogger } from '../connection.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { findBuiltTemplate } from './pglite-template.js';
import {
  IN_MEMORY,
  type FromWorkerMessage,
  type ListenAddress,
  type PgliteWorkerData,
  type ToWorkerMessage,
} from './worker-protocol.js';

/** Where pg connects: a unix socket directory (+ the port in the socket's name) or a TCP host and port. */
export interface SocketConnection {
  host: string;
  port: number;
}

/** PGlite running in a worker thread behind a PostgreSQL socket. */
export interface EmbeddedServer {
  readonly connection: SocketConnection;
  /** Stops the socket server, checkpoints and closes PGlite, ends the thread and releases the data directory. */
  stop(): Promise<void>;
}

export interface EmbeddedServerOptions {
  /** Data directory (PGlite files go in `<dataDir>/pglite`, the lock in `<dataDir>/pglite.lock`), or 'memory://'. */
  dataDir: string;
  logger: DatabaseLogger;
  /**
   * Tarball of a fresh cluster to start a new database from, instead of running initdb. Default: the one the build
   * made (pglite-template.ts), if any.
   */
  templatePath?: string;
}

/**
 * Publishes `{ worker }` each time a PGlite worker thread is up (also after a restart). For diagnostics and tests,
 * which terminate the thread to check that it comes back; costs nothing without subscribers.
 */
export const workerStartedChannel = diagnosticsChannel.channel('ventanilla:db:pglite-worker-started');

// pg finds a unix socket as `<host>/.s.PGSQL.<port>`; the port is only part of the name.
const SOCKET_PORT = 5432;
const SOCKET_FILE = `.s.PGSQL.${SOCKET_PORT}`;
// sun_path holds 104 bytes on macOS and 108 on Linux.
const MAX_SOCKET_PATH_BYTES = 100;
// With the pool's 5 s this keeps close() within the 15 s a process manager usually grants after SIGTERM.
const WORKER_CLOSE_TIMEOUT_MS = 8_000;
const MAX_RESTART_DELAY_MS = 30_000;
const HEALTHY_UPTIME_MS = 60_000;

/** Starts PGlite in a worker thread, taking the data directory lock first. */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const root = options.dataDir === IN_MEMORY ? undefined : resolve(options.dataDir);
  let lock: DataDirLock | undefined;
  if (root) {
    mkdirSync(root, { recursive: true });
    lock = await acquireDataDirLock(root);
  }
  let socket: { listen: ListenAddress; tempDir?: string } | undefined;
  const cleanUp = (): void => {
    if (socket && 'path' in socket.listen) rmSync(socket.listen.path, { force: true });
    if (socket?.tempDir) rmSync(socket.tempDir, { recursive: true, force: true });
    lock?.release();
  };

  try {
    socket = chooseListenAddress(root);
    const { listen } = socket;
    const templatePath = options.templatePath ?? findBuiltTemplate();
    const supervisor = new WorkerSupervisor(
      {
        pgliteDir: root ? join(root, 'pglite') : IN_MEMORY,
        listen,
        ...(templatePath ? { templatePath } : {}),
      },
      options.logger,
    );
    const address = await supervisor.start();
    return {
      connection: 'path' in address ? { host: dirname(address.path), port: SOCKET_PORT } : address,
      async stop() {
        try {
          await supervisor.stop();
        } finally {
          cleanUp();
        }
      },
    };
  } catch (err) {
    cleanUp();
    throw err;
  }
}

/**
 * A unix socket next to the data (private to this user, no port to pick, same path after a worker restart); in a
 * private temporary directory for in-memory databases or when the data path is too long for a socket name. Windows
 * has no unix sockets pg can use: loopback TCP on a port the OS chooses.
 */
function chooseListenAddress(root: string | undefined): { listen: ListenAddress; tempDir?: string } {
  if (process.platform === 'win32') return { listen: { host: '127.0.0.1', port: 0 } };
  if (root) {
    const path = join(root, SOCKET_FILE);
    if (Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES) return { listen: { path } };
  }
  const tempDir = mkdtempSync(join(tmpdir(), 'ventanilla-pg-')); // created with mode 0700
  return { listen: { path: join(tempDir, SOCKET_FILE) }, tempDir };
}

/** Owns the worker: starts it, restarts it when it dies unexpectedly, stops it on request. */
class WorkerSupervisor {
  #current: RunningWorker | undefined;
  #stopping = false;
  #restartTimer: NodeJS.Timeout | undefined;
  #restarting: Promise<void> | undefined;
  #failures = 0;

  constructor(
    private data: PgliteWorkerData,
    private readonly logger: DatabaseLogger,
  ) {}

  async start(): Promise<ListenAddress> {
    const worker = await spawnWorker(this.data, this.logger);
    // After a restart the pool must find the worker where it was: keep the port the OS gave the first time.
    this.data = { ...this.data, listen: worker.address };
    this.#adopt(worker);
    return worker.address;
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    clearTimeout(this.#restartTimer);
    await this.#restarting;
    const current = this.#current;
    this.#current = undefined;
    if (current) await closeWorker(current, this.logger);
  }

  #adopt(worker: RunningWorker): void {
    this.#current = worker;
    const startedAt = Date.now();
    worker.exited
      .then((exitCode) => {
        if (this.#current !== worker || this.#stopping) return;
        this.#current = undefined;
        if (Date.now() - startedAt > HEALTHY_UPTIME_MS) this.#failures = 0;
        this.logger.error({ exitCode }, 'The embedded database worker stopped unexpectedly; restarting it.');
        this.#scheduleRestart();
      })
      .catch((err: unknown) => this.logger.error({ err }, 'Watching the embedded database worker failed.'));
  }

  #scheduleRestart(): void {
    const delay = Math.min(MAX_RESTART_DELAY_MS, 100 * 2 ** this.#failures);
    this.#failures += 1;
    this.#restartTimer = setTimeout(() => {
      this.#restarting = spawnWorker(this.data, this.logger).then(
        (worker) => {
          this.#restarting = undefined;
          this.#adopt(worker); // stop() waits for this and closes it
          if (!this.#stopping) this.logger.info({}, 'The embedded database worker is running again.');
        },
        (err: unknown) => {
          this.#restarting = undefined;
          if (this.#stopping) return;
          this.logger.error({ err }, 'Restarting the embedded database worker failed; trying again.');
          this.#scheduleRestart();
        },
      );
    }, delay);
  }
}

interface RunningWorker {
  worker: Worker;
  address: ListenAddress;
  /** Resolves with the exit code once the thread has ended. */
  exited: Promise<number>;
}

function spawnWorker(data: PgliteWorkerData, logger: DatabaseLogger): Promise<RunningWorker> {
  const entry = workerEntry();
  const worker = new Worker(entry.script, { workerData: data, eval: entry.eval });
  const exited = new Promise<number>((resolveExit) => worker.once('exit', resolveExit));
  let started = false;
  let failure: unknown;
  worker.on('error', (err) => {
    if (started) logger.error({ err }, 'The embedded database worker crashed.');
    else failure = err;
  });
  worker.on('message', (message: FromWorkerMessage) => {
    if (message.type === 'fatal') logger.error({ err: message.message }, 'The embedded database failed internally.');
  });
  return new Promise((resolveStart, rejectStart) => {
    const onMessage = (message: FromWorkerMessage): void => {
      if (message.type !== 'ready') return;
      started = true;
      worker.off('message', onMessage);
      workerStartedChannel.publish({ worker });
      resolveStart({ worker, address: message.address, exited });
    };
    worker.on('message', onMessage);
    worker.once('exit', (exitCode: number) => {
      if (!started) {
        rejectStart(
          failure ?? new Error(`The embedded database worker exited while starting (exit code ${exitCode}).`),
        );
      }
    });
  });
}

async function closeWorker({ worker, exited }: RunningWorker, logger: DatabaseLogger): Promise<void> {
  const closed = new Promise<void>((resolveClosed) => {
    worker.on('message', (message: FromWorkerMessage) => {
      if (message.type === 'closed') resolveClosed();
    });
  });
  worker.postMessage({ type: 'close' } satisfies ToWorkerMessage);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolveTimeout) => {
    timer = setTimeout(() => resolveTimeout('timeout'), WORKER_CLOSE_TIMEOUT_MS);
  });
  const outcome = await Promise.race([closed, exited, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    logger.warn(
      { timeoutMs: WORKER_CLOSE_TIMEOUT_MS },
      'The embedded database did not close in time; ending its thread.',
    );
  }
  await worker.terminate();
}

/**
 * The compiled worker (`dist/.../pglite-worker.js`) when it exists. Otherwise we run from TypeScript sources (Vitest,
 * tsx) and the thread registers tsx first: `--import tsx` in execArgv is ignored by tsx inside worker threads on
 * Node 20, its register() API is not.
 */
function workerEntry(): { script: URL | string; eval: boolean } {
  const compiled = new URL('./pglite-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return { script: compiled, eval: false };
  const tsxApi = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const source = JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href);
  return {
    script: `import(${tsxApi}).then(({ register }) => { register(); return import(${source}); });`,
    eval: true,
  };
}
