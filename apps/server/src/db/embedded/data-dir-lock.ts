import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Name of the lock file inside the data directory (named when PGlite was the engine; kept, older versions take it). */
export const LOCK_FILE_NAME = 'pglite.lock';

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Ventanilla process (pid ${pid}). ` +
        'Stop it first or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** An acquired lock; `release()` is idempotent. */
export interface DataDirLock {
  readonly path: string;
  release(): void;
}

// Lock files taken by this process: the pid alone cannot tell "held by me" from "left by an earlier process that got
// the same pid" (common in containers, where the server is pid 1 after every restart).
const heldByThisProcess = new Set<string>();

const MAX_ATTEMPTS = 20;

/**
 * Takes `<dataDir>/pglite.lock` for this process. A lock whose pid is dead is stale and taken over; a live one throws
 * DataDirLockedError.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const lockPath = join(dataDir, LOCK_FILE_NAME);
  if (heldByThisProcess.has(lockPath)) throw new DataDirLockedError(dataDir, process.pid);
  const content = `${JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() })}\n`;

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (createExclusive(lockPath, content)) {
      heldByThisProcess.add(lockPath);
      return {
        path: lockPath,
        release() {
          if (!heldByThisProcess.delete(lockPath)) return;
          if (readOrUndefined(lockPath) === content) rmSync(lockPath, { force: true });
        },
      };
    }
    const observed = readOrUndefined(lockPath);
    if (observed === undefined) continue; // released between our two steps: try again
    const holder = parsePid(observed);
    if (holder !== undefined && isHeldByLiveProcess(holder, lockPath)) throw new DataDirLockedError(dataDir, holder);
    if (!(await removeStaleLock(lockPath, observed))) await sleep(25 + Math.random() * 50);
  }
  throw new Error(`Could not take the lock ${lockPath}: it keeps changing hands.`);
}

/**
 * Creates `path` with `content` only if it does not exist. The content is written to a private file first and then
 * hard-linked into place, so nobody ever reads a half-written lock.
 */
function createExclusive(path: string, content: string): boolean {
  const staging = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(staging, content, { flag: 'wx', mode: 0o644 });
  try {
    linkSync(staging, path);
    return true;
  } catch (err) {
    if (isErrno(err, 'EEXIST')) return false;
    throw err;
  } finally {
    rmSync(staging, { force: true });
  }
}

/**
 * Deletes the stale lock if it still holds `observed`. A short-lived guard file makes "check it is still the stale
 * one, then delete it" atomic between processes that take over at the same moment.
 */
async function removeStaleLock(lockPath: string, observed: string): Promise<boolean> {
  const guardPath = `${lockPath}.takeover`;
  if (!createExclusive(guardPath, `${JSON.stringify({ pid: process.pid })}\n`)) {
    const guard = readOrUndefined(guardPath);
    const guardPid = guard === undefined ? undefined : parsePid(guard);
    // A guard left by a process that died mid-takeover would block everybody.
    if (guardPid === undefined || !isAlive(guardPid)) rmSync(guardPath, { force: true });
    return false;
  }
  try {
    if (readOrUndefined(lockPath) === observed) rmSync(lockPath, { force: true });
    return true;
  } finally {
    rmSync(guardPath, { force: true });
  }
}

function isHeldByLiveProcess(pid: number, lockPath: string): boolean {
  // Our own pid in a lock we did not take means a previous process with the same pid died without releasing it.
  if (pid === process.pid) return heldByThisProcess.has(lockPath);
  return isAlive(pid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return isErrno(err, 'EPERM');
  }
}

function parsePid(content: string): number | undefined {
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed === 'object' && parsed !== null && 'pid' in parsed) {
      const { pid } = parsed;
      if (typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0) return pid;
    }
  } catch {
    // Unreadable content: treated as stale.
  }
  return undefined;
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return undefined;
    throw err;
  }
}

function isErrno(err: unknown, code: string): boolean {
  return err instanceof Error && (err as NodeJS.ErrnoException).code === code;
}
