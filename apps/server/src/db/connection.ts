import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { chooseEmbeddedEngine } from './embedded/engine-choice.js';
import { migratePgliteDataDir } from './embedded/pglite-migration.js';
import { startPostgresServer } from './embedded/postgres-server.js';

export { DataDirLockedError } from './embedded/data-dir-lock.js';
export { EmbeddedPostgresUnavailableError } from './embedded/engine-choice.js';

export interface DatabaseHandle {
  kind: 'postgres';
  /** True when this process runs the database (PostgreSQL in DATA_DIR/postgres). */
  embedded: boolean;
  /** The app builds Drizzle on top: drizzle(pool, { schema }). */
  pool: pg.Pool;
  /** Checks the database answers (SELECT 1) - used by /api/health. */
  ping(): Promise<boolean>;
  /** Ends the pool, then (embedded) stops the database server and releases the data directory's lock. */
  close(): Promise<void>;
}

export interface DatabaseLogger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface OpenDatabaseOptions {
  /** An external PostgreSQL when set. */
  databaseUrl?: string;
  /** Embedded mode: where the database files and the lock live (ignored with databaseUrl). */
  dataDir: string;
  poolSize?: number;
  logger?: DatabaseLogger;
}

const DEFAULT_POOL_SIZE = 10;
// A request waiting longer than this for a connection fails (and maps to 503) instead of hanging.
const CONNECT_TIMEOUT_MS = 10_000;
const PING_TIMEOUT_MS = 5_000;
const POOL_END_TIMEOUT_MS = 5_000;
const CLIENTS_END_TIMEOUT_MS = 1_000;

const silentLogger: DatabaseLogger = { info() {}, warn() {}, error() {} };

/**
 * Opens the database: PostgreSQL at `databaseUrl`; otherwise the embedded PostgreSQL server in `dataDir`
 * (docs/decisions/0025), after moving an old PGlite database there into it (pglite-migration.ts). Where the embedded
 * server cannot run, rejects with EmbeddedPostgresUnavailableError. Resolves once the database has answered a query.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const logger = options.logger ?? silentLogger;
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  if (options.databaseUrl) {
    // keepAlive: notice connections that a network failure left half-open.
    const config = { connectionString: options.databaseUrl, max: poolSize, keepAlive: true };
    return connect(false, config, logger, async () => {});
  }
  const binaries = await chooseEmbeddedEngine();
  const server = await startPostgresServer({ dataDir: options.dataDir, binaries, logger, poolSize });
  logger.info(
    { db: 'postgres', version: binaries.version, dataDir: options.dataDir },
    'Embedded PostgreSQL server started.',
  );
  const config: pg.PoolConfig = {
    ...server.connection,
    user: 'postgres',
    database: 'postgres',
    ssl: false,
    max: poolSize,
  };
  const handle = await connect(true, config, logger, () => server.stop());
  try {
    await migratePgliteDataDir(options.dataDir, handle.pool, logger);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

async function connect(
  embedded: boolean,
  config: pg.PoolConfig,
  logger: DatabaseLogger,
  afterPoolEnd: () => Promise<void>,
): Promise<DatabaseHandle> {
  // pipeline: a statement is sent without waiting for the answers to those before it on the connection (in order, each
  // with its own Sync: the same results and errors as one after the other). createDb's transactions send BEGIN with
  // their first statement; COMMIT still waits for the last one's answer (docs/performance.md, "Checkout").
  const pool = new pg.Pool({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, pipeline: true, ...config });
  // Without these listeners a dropped connection (database restart, worker crash) is an uncaught 'error' event and
  // kills the process. pg-pool only listens on idle clients, so checked-out ones get their own listener; the pool
  // discards broken clients and opens new ones on demand.
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
    client.on('error', (err) => {
      logger.warn({ err, db: 'postgres' }, 'Lost a database connection; the pool will open a new one.');
    });
  });
  pool.on('error', () => {
    // Already logged by the client listener above.
  });

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      try {
        await endPool(pool, logger);
        // pool.end() resolves once the clients are asked to end, not once their sockets are closed: an embedded
        // server stopped right then would see live sessions and terminate them (a FATAL in its log, a lost
        // connection in ours).
        await clientsEnded(open);
      } finally {
        await afterPoolEnd();
      }
    })());

  try {
    await pool.query('SELECT 1');
  } catch (err) {
    await close();
    throw new Error(`Could not connect to the ${embedded ? 'embedded ' : ''}PostgreSQL database.`, { cause: err });
  }
  return { kind: 'postgres', embedded, pool, ping: () => pingPool(pool), close };
}

/** True when the pool's database answers SELECT 1 within PING_TIMEOUT_MS (the handle's ping). */
export async function pingPool(pool: pg.Pool): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('ping timed out')), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([pool.query('SELECT 1'), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

async function endPool(pool: pg.Pool, logger: DatabaseLogger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<true>((resolve) => {
    timer = setTimeout(() => resolve(true), POOL_END_TIMEOUT_MS);
  });
  const ended = pool.end().then(() => false);
  if (await Promise.race([ended, timedOut])) {
    logger.warn({ timeoutMs: POOL_END_TIMEOUT_MS }, 'Database connections still checked out at close; closing anyway.');
  }
  clearTimeout(timer);
}

async function clientsEnded(open: Set<pg.PoolClient>): Promise<void> {
  const deadline = Date.now() + CLIENTS_END_TIMEOUT_MS;
  while (open.size > 0 && Date.now() < deadline) await sleep(10);
}

// Node system errors of a connection that failed or dropped.
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// SQLSTATEs: admin_shutdown, crash_shutdown, cannot_connect_now, idle_session_timeout, too_many_connections.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300']);
// Messages of node-postgres and pg-pool, which come without a code.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "... unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * True when `err` means the database cannot be reached right now (the app answers 503), as opposed to an error in
 * the query. Looks through `cause` chains (Drizzle wraps driver errors) and AggregateErrors (one per address tried).
 */
export function isDatabaseUnavailableError(err: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [err];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!(current instanceof Error) || seen.has(current)) continue;
    seen.add(current);
    if (isUnavailableCause(current)) return true;
    pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]));
  }
  return false;
}

function isUnavailableCause(err: Error): boolean {
  const { code, syscall } = err as NodeJS.ErrnoException;
  if (typeof code === 'string') {
    if (NETWORK_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true; // class 08: connection exception
    // A unix socket that is not there (yet): the embedded server is restarting.
    if (code === 'ENOENT' && syscall === 'connect') return true;
  }
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(err.message));
}
