import { spawn, type ChildProcess } from 'node:child_process';
import diagnosticsChannel from 'node:diagnostics_channel';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { DatabaseLogger } from '../connection.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { postgresEnv, type PostgresBinaries } from './postgres-binaries.js';

/** A PostgreSQL server of our own, on `<dataDir>/postgres`, reached through a unix socket only. */
/** Where pg connects: a unix socket directory (+ the port in the socket's name). */
export interface SocketConnection {
  host: string;
  port: number;
}

export interface PostgresServer {
  readonly connection: SocketConnection;
  /** Fast shutdown (SIGINT), then releases the data directory. */
  stop(): Promise<void>;
}

export interface PostgresServerOptions {
  dataDir: string;
  binaries: PostgresBinaries;
  logger: DatabaseLogger;
  /** The app's pool size: the server allows a few more connections (pg_dump, psql). */
  poolSize: number;
}

/**
 * Publishes `{ pid }` (the postmaster's) each time the server is up, also after a restart. For tests, which kill it
 * to check that it comes back; costs nothing without subscribers.
 */
export const postmasterStartedChannel = diagnosticsChannel.channel('ventanilla:db:postmaster-started');

/** Directory of PostgreSQL's files inside DATA_DIR. */
export const POSTGRES_DIR = 'postgres';
const SOCKET_PORT = 5432; // no TCP: the port is only part of the socket's name
const SOCKET_FILE = `.s.PGSQL.${SOCKET_PORT}`;
// sun_path holds 104 bytes on macOS and 108 on Linux.
const MAX_SOCKET_PATH_BYTES = 100;
const EXTRA_CONNECTIONS = 5;
// Crash recovery after a kill replays the WAL since the last checkpoint: seconds, rarely more.
const START_TIMEOUT_MS = 120_000;
// With the pool's 5 s this keeps close() within the 15 s a process manager usually grants after SIGTERM.
const STOP_TIMEOUT_MS = 8_000;
const ORPHAN_STOP_TIMEOUT_MS = 15_000;
const MAX_RESTART_DELAY_MS = 30_000;
const HEALTHY_UPTIME_MS = 60_000;

/**
 * Small-footprint settings (docs/decisions/0020): few shared buffers and connections, no JIT, no I/O worker
 * processes, no replication. Durability stays PostgreSQL's default (fsync, synchronous_commit, full_page_writes), as
 * decision 0002 demands.
 */
function serverSettings(poolSize: number, socketDir: string): string[] {
  const settings: Record<string, string> = {
    listen_addresses: '',
    port: String(SOCKET_PORT),
    unix_socket_directories: socketDir,
    unix_socket_permissions: '0700',
    max_connections: String(poolSize + EXTRA_CONNECTIONS),
    shared_buffers: '16MB',
    work_mem: '4MB',
    maintenance_work_mem: '32MB',
    temp_buffers: '4MB',
    jit: 'off',
    io_method: 'sync',
    wal_level: 'minimal',
    max_wal_senders: '0',
    max_worker_processes: '4',
    max_parallel_workers: '2',
    max_parallel_workers_per_gather: '0',
    max_logical_replication_workers: '0',
    autovacuum_worker_slots: '4',
    autovacuum_max_workers: '2',
    dynamic_shared_memory_type: 'mmap',
    huge_pages: 'off',
    TimeZone: 'UTC',
    fsync: 'on',
    synchronous_commit: 'on',
    full_page_writes: 'on',
    log_line_prefix: '',
    log_checkpoints: 'off',
    log_min_error_statement: 'panic',
  };
  // Before replaying the WAL after a crash (or a kill), PostgreSQL makes every file of the data directory durable:
  // by default one fsync per file, which took 3-5 s of a restart on a busy disk; syncfs flushes the file system in
  // one call (Linux only), just as durable.
  if (process.platform === 'linux') settings.recovery_init_sync_method = 'syncfs';
  return Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/** The command line of the postmaster (for tests too, which start one without its watchdog). */
export function postmasterCommand(
  binaries: PostgresBinaries,
  pgDir: string,
  socketDir: string,
  poolSize: number,
): string[] {
  return [...binaries.prefix, binaries.postgres, '-D', pgDir, ...serverSettings(poolSize, socketDir)];
}

/**
 * The postmaster runs under a small shell that watches the pipe of its stdin: when this process ends, however it ends
 * (SIGKILL included), the pipe reaches EOF and the shell asks PostgreSQL for a fast shutdown. The shell exits with
 * the postmaster, so we see a crash as the shell's exit.
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$@" </dev/null 3<&- &',
  'pg=$!',
  '{ cat >/dev/null; kill -INT "$pg" 2>/dev/null; } <&3 &',
  'watch=$!',
  'exec 3<&-',
  'wait "$pg"',
  'code=$?',
  'kill "$watch" 2>/dev/null',
  'exit "$code"',
].join('\n');

/** Starts PostgreSQL on `<dataDir>/postgres` (initdb the first time), taking the data directory lock first. */
export async function startPostgresServer(options: PostgresServerOptions): Promise<PostgresServer> {
  const root = resolve(options.dataDir);
  mkdirSync(root, { recursive: true });
  const lock: DataDirLock = await acquireDataDirLock(root);
  let socketTempDir: string | undefined;
  const cleanUp = (): void => {
    if (socketTempDir) rmSync(socketTempDir, { recursive: true, force: true });
    lock.release();
  };
  try {
    const pgDir = join(root, POSTGRES_DIR);
    if (!existsSync(join(pgDir, 'PG_VERSION'))) await initCluster(root, pgDir, options);
    await stopOrphanPostmaster(pgDir, options.logger);
    let socketDir = pgDir;
    if (Buffer.byteLength(join(pgDir, SOCKET_FILE)) > MAX_SOCKET_PATH_BYTES) {
      socketTempDir = mkdtempSync(join(tmpdir(), 'ventanilla-pg-')); // mode 0700
      socketDir = socketTempDir;
    }
    const supervisor = new PostmasterSupervisor(
      postmasterCommand(options.binaries, pgDir, socketDir, options.poolSize),
      pgDir,
      socketDir,
      options.logger,
    );
    await supervisor.start();
    return {
      connection: { host: socketDir, port: SOCKET_PORT },
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
 * initdb into a directory beside the final one, renamed into place once complete: an initdb cut short leaves no
 * half-made cluster where the server would look.
 */
async function initCluster(root: string, pgDir: string, options: PostgresServerOptions): Promise<void> {
  if (existsSync(pgDir) && readdirSync(pgDir).length > 0) {
    throw new Error(`${pgDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION): move it away first.`);
  }
  for (const entry of readdirSync(root)) {
    if (entry.startsWith(`${POSTGRES_DIR}.initdb-`)) rmSync(join(root, entry), { recursive: true, force: true });
  }
  const staging = join(root, `${POSTGRES_DIR}.initdb-${process.pid}`);
  const started = Date.now();
  // The builtin C.UTF-8 locale (PostgreSQL 17+) is the same on every OS and needs no locale installed.
  const args = [
    ...options.binaries.prefix,
    options.binaries.initdb,
    '-D',
    staging,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    '--no-instructions',
  ];
  const child = spawn(args[0]!, args.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: postgresEnv() });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`initdb failed (exit code ${code}): ${output.trim().split('\n').slice(-5).join(' ')}`);
  }
  rmSync(pgDir, { recursive: true, force: true }); // an empty directory, checked above
  renameSync(staging, pgDir);
  options.logger.info({ dir: pgDir, ms: Date.now() - started }, 'Created the embedded PostgreSQL database.');
}

/**
 * A postmaster still running on this directory while we hold the data directory lock belongs to no live Ventanilla:
 * its watchdog was killed too, or it is still shutting down after ours was killed. It gets an immediate shutdown
 * (SIGQUIT) and is waited for: what it acknowledged is in the WAL, which our start replays in well under a second,
 * whereas the checkpoint of a fast shutdown can take seconds on a busy disk while the shop is down. A dead pid in postmaster.pid is left to PostgreSQL, which removes the stale file itself (after
 * checking no old backend still uses the shared memory).
 */
export async function stopOrphanPostmaster(pgDir: string, logger: DatabaseLogger): Promise<void> {
  const file = readPostmasterPidFile(pgDir);
  if (!file || !isAlive(file.pid)) return;
  const { pid } = file;
  if (file.dir !== pgDir) return; // a directory moved or copied: PostgreSQL will judge the file itself
  if (!servesDirectory(pid, pgDir)) {
    // The pid was reused by another process (containers restart with the same pids), maybe even another PostgreSQL:
    // not ours to stop, and PostgreSQL would refuse to start, believing a server runs here.
    rmSync(join(pgDir, 'postmaster.pid'), { force: true });
    return;
  }
  logger.warn({ pid, dir: pgDir }, 'A PostgreSQL server left by an earlier process holds the data; stopping it.');
  for (const [signal, waitMs] of [
    ['SIGQUIT', ORPHAN_STOP_TIMEOUT_MS],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // already gone
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (!isAlive(pid)) return;
      await sleep(50);
    }
  }
  throw new Error(`The PostgreSQL server (pid ${pid}) left on ${pgDir} does not stop.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * On Linux, whether `pid` is a server of this directory: a postmaster works in its data directory. Elsewhere we
 * cannot tell cheaply and assume it is.
 */
function servesDirectory(pid: number, pgDir: string): boolean {
  if (process.platform !== 'linux') return true;
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === realpathSync(pgDir);
  } catch {
    return false; // gone, or another user's process (ours runs as our uid, or as root's mapped user)
  }
}

/** Owns the postmaster: starts it through the watchdog, restarts it when it dies unexpectedly, stops it. */
class PostmasterSupervisor {
  #current: RunningPostmaster | undefined;
  #stopping = false;
  #restartTimer: NodeJS.Timeout | undefined;
  #restarting: Promise<void> | undefined;
  #failures = 0;

  constructor(
    private readonly command: string[],
    private readonly pgDir: string,
    private readonly socketDir: string,
    private readonly logger: DatabaseLogger,
  ) {}

  async start(): Promise<void> {
    this.#adopt(await spawnPostmaster(this.command, this.pgDir, this.socketDir, this.logger));
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    clearTimeout(this.#restartTimer);
    await this.#restarting;
    const current = this.#current;
    this.#current = undefined;
    if (current) await stopPostmaster(current, this.logger);
  }

  #adopt(postmaster: RunningPostmaster): void {
    this.#current = postmaster;
    const startedAt = Date.now();
    postmaster.exited
      .then(({ code, signal }) => {
        if (this.#current !== postmaster || this.#stopping) return;
        this.#current = undefined;
        if (Date.now() - startedAt > HEALTHY_UPTIME_MS) this.#failures = 0;
        this.logger.error(
          { exitCode: code, signal, recentLog: postmaster.recentLog() },
          'The embedded PostgreSQL server stopped unexpectedly; restarting it.',
        );
        this.#scheduleRestart();
      })
      .catch((err: unknown) => this.logger.error({ err }, 'Watching the embedded PostgreSQL server failed.'));
  }

  #scheduleRestart(): void {
    const delay = Math.min(MAX_RESTART_DELAY_MS, 100 * 2 ** this.#failures);
    this.#failures += 1;
    this.#restartTimer = setTimeout(() => {
      this.#restarting = spawnPostmaster(this.command, this.pgDir, this.socketDir, this.logger).then(
        (postmaster) => {
          this.#restarting = undefined;
          this.#adopt(postmaster); // stop() waits for this and stops it
          if (!this.#stopping) this.logger.info({}, 'The embedded PostgreSQL server is running again.');
        },
        (err: unknown) => {
          this.#restarting = undefined;
          if (this.#stopping) return;
          this.logger.error({ err }, 'Restarting the embedded PostgreSQL server failed; trying again.');
          this.#scheduleRestart();
        },
      );
    }, delay);
  }
}

interface RunningPostmaster {
  watchdog: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  recentLog(): string[];
}

const RECENT_LOG_LINES = 20;

async function spawnPostmaster(
  command: string[],
  pgDir: string,
  socketDir: string,
  logger: DatabaseLogger,
): Promise<RunningPostmaster> {
  // detached: its own process group, so a Ctrl-C in the terminal reaches only us, and we shut it down in order.
  const watchdog = spawn('/bin/sh', ['-c', WATCHDOG, 'postgres-watchdog', ...command], {
    stdio: ['pipe', 'ignore', 'pipe'],
    detached: true,
    env: postgresEnv(),
  });
  watchdog.stdin!.on('error', () => {
    // EPIPE once the shell has gone: its exit is what we report.
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) => {
    watchdog.once('exit', (code, signal) => resolveExit({ code, signal }));
  });
  const spawnFailed = new Promise<never>((_, reject) => watchdog.once('error', reject));
  spawnFailed.catch(() => undefined);
  const recent: string[] = [];
  forwardServerLog(watchdog, logger, recent);
  const postmaster: RunningPostmaster = { watchdog, exited, recentLog: () => [...recent] };

  const deadline = Date.now() + START_TIMEOUT_MS;
  let stopped = false;
  watchdog.once('exit', () => (stopped = true));
  for (;;) {
    if (isReady(pgDir) && (await acceptsConnections(socketDir))) break;
    if (stopped) {
      const { code } = await exited;
      throw new Error(
        `The embedded PostgreSQL server exited while starting (exit code ${code}): ${recent.slice(-5).join(' ')}`,
      );
    }
    if (Date.now() > deadline) {
      await stopPostmaster(postmaster, logger);
      throw new Error(`The embedded PostgreSQL server did not accept connections within ${START_TIMEOUT_MS} ms.`);
    }
    await Promise.race([sleep(25), spawnFailed]);
  }
  postmasterStartedChannel.publish({ pid: readPostmasterPidFile(pgDir)?.pid, watchdogPid: watchdog.pid });
  return postmaster;
}

/** postmaster.pid: line 1 the pid, line 2 the data directory, line 8 the status ("ready" once it takes connections). */
function readPostmasterPidFile(pgDir: string): { pid: number; dir: string; status: string } | undefined {
  try {
    const lines = readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
    return { pid, dir: lines[1] ?? '', status: (lines[7] ?? '').trim() };
  } catch {
    return undefined;
  }
}

/**
 * Ready by postmaster.pid, as pg_ctl judges it: probing with connections instead would log a FATAL "the database
 * system is starting up" for each try during crash recovery. A stale file of a dead server says "ready" too, hence
 * the pid check.
 */
function isReady(pgDir: string): boolean {
  const file = readPostmasterPidFile(pgDir);
  return file !== undefined && file.status === 'ready' && isAlive(file.pid);
}

async function acceptsConnections(socketDir: string): Promise<boolean> {
  const client = new pg.Client({ host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false; // ENOENT, ECONNREFUSED, 57P03 "the database system is starting up"
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Closing the watchdog's stdin asks for a fast shutdown; past the timeout the whole process group is killed. */
async function stopPostmaster(postmaster: RunningPostmaster, logger: DatabaseLogger): Promise<void> {
  const { watchdog, exited } = postmaster;
  // Always: should the shell have died alone, its watcher still reads this pipe and stops the server at EOF.
  watchdog.stdin!.end();
  if (watchdog.exitCode !== null || watchdog.signalCode !== null) return;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolveTimeout) => {
    timer = setTimeout(() => resolveTimeout('timeout'), STOP_TIMEOUT_MS);
  });
  const outcome = await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  if (outcome !== 'timeout') return;
  logger.warn({ timeoutMs: STOP_TIMEOUT_MS }, 'The embedded PostgreSQL server did not stop in time; stopping it now.');
  // SIGQUIT: immediate shutdown, the next start recovers from the WAL like after a crash.
  try {
    process.kill(-watchdog.pid!, 'SIGQUIT');
  } catch {
    return;
  }
  await Promise.race([exited, sleep(3_000)]);
}

/**
 * PostgreSQL's log (stderr) into ours. Errors of the app's own queries (a unique violation the app expects...) are
 * the app's to report: ERROR messages and their detail lines are dropped.
 */
function forwardServerLog(watchdog: ChildProcess, logger: DatabaseLogger, recent: string[]): void {
  let droppingError = false;
  createInterface({ input: watchdog.stderr! }).on('line', (line) => {
    recent.push(line);
    if (recent.length > RECENT_LOG_LINES) recent.shift();
    const level = /^([A-Z]+):\s/.exec(line)?.[1];
    if (level === 'ERROR') droppingError = true;
    else if (level && !['DETAIL', 'HINT', 'CONTEXT', 'STATEMENT', 'QUERY', 'LOCATION'].includes(level)) {
      droppingError = false;
    }
    if (droppingError || line.trim() === '') return;
    if (level === 'WARNING' || level === 'FATAL') logger.warn({ db: 'postgres' }, line);
    else if (level === 'PANIC') logger.error({ db: 'postgres' }, line);
    else logger.info({ db: 'postgres' }, line);
  });
}
