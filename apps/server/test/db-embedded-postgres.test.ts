import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataDirLockedError, isDatabaseUnavailableError, openDatabase } from '../src/db/connection.js';
import { findPostgresBinaries, postgresEnv, type PostgresBinaries } from '../src/db/embedded/postgres-binaries.js';
import { postmasterCommand, postmasterStartedChannel } from '../src/db/embedded/postgres-server.js';

const WRITER = fileURLToPath(new URL('./support/db-crash-writer.ts', import.meta.url));
const ACKS_BEFORE_KILL = 200;

function recordingLogger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The postmaster's pid from the data directory's postmaster.pid. */
function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

const dirs: string[] = [];
function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ventanilla-epg-test-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL server', () => {
  let binaries: PostgresBinaries;

  beforeAll(async () => {
    const found = await findPostgresBinaries();
    if (!found.ok) throw new Error(`PostgreSQL cannot run on this machine: ${found.reason}`);
    binaries = found.binaries;
  });

  it('creates the database on a new directory, keeps its data across a stop and a start, and locks the directory', async () => {
    const dataDir = newDataDir();
    const logger = recordingLogger();
    const db = await openDatabase({ dataDir, logger });
    const pid = postmasterPid(dataDir);
    try {
      expect(db).toMatchObject({ kind: 'postgres', embedded: true });
      expect(logger.info).toHaveBeenCalledWith(expect.anything(), 'Created the embedded PostgreSQL database.');
      const { rows } = await db.pool.query<{ v: string; fsync: string }>(
        "SELECT version() AS v, current_setting('fsync') AS fsync",
      );
      expect(rows[0]?.v).toMatch(/^PostgreSQL 18\./);
      expect(rows[0]?.fsync).toBe('on');
      await db.pool.query('CREATE EXTENSION pg_trgm');
      await db.pool.query('CREATE TABLE kept (id int, note text)');
      await db.pool.query("INSERT INTO kept VALUES (1, 'uno'), (2, 'dos')");
      // Unix socket only, in the data directory.
      expect(existsSync(join(dataDir, 'postgres', '.s.PGSQL.5432'))).toBe(true);
      expect(readFileSync(join(dataDir, 'pglite.lock'), 'utf8')).toContain(`"pid":${process.pid}`);

      // A second start on the same directory is refused while this one runs.
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
      expect(await db.ping()).toBe(true);
    } finally {
      await db.close();
    }
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false); // a clean shutdown

    // By default (no engine forced), this directory is PostgreSQL's again, with its data.
    const again = await openDatabase({ dataDir, logger });
    try {
      expect(again).toMatchObject({ kind: 'postgres', embedded: true });
      const { rows } = await again.pool.query<{ note: string }>('SELECT note FROM kept ORDER BY id');
      expect(rows.map((row) => row.note)).toEqual(['uno', 'dos']);
    } finally {
      await again.close();
    }
  });

  it('puts the socket in a private temporary directory when the data path is too long for a socket name', async () => {
    const dataDir = join(newDataDir(), 'a-directory-name-long-enough'.repeat(3));
    expect(Buffer.byteLength(join(dataDir, 'postgres', '.s.PGSQL.5432'))).toBeGreaterThan(107);
    const db = await openDatabase({ dataDir });
    let socketDir: string | undefined;
    try {
      const { rows } = await db.pool.query<{ dir: string }>("SELECT current_setting('unix_socket_directories') AS dir");
      socketDir = rows[0]?.dir;
      expect(socketDir?.startsWith(join(tmpdir(), 'ventanilla-pg-'))).toBe(true);
      expect(socketDir?.startsWith(dataDir)).toBe(false);
      expect(existsSync(join(socketDir!, '.s.PGSQL.5432'))).toBe(true);
    } finally {
      await db.close();
    }
    expect(existsSync(socketDir!)).toBe(false);
  });

  it('after kill -9 of the process that ran it, the server stops by itself and a new start finds every acknowledged commit', async () => {
    const dataDir = newDataDir();
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), WRITER, dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const acked: number[] = [];
    let orphan = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        createInterface({ input: child.stdout }).on('line', (line) => {
          if (line !== 'ready') acked.push(Number(line));
          if (acked.length === ACKS_BEFORE_KILL) resolve();
        });
        exited.then(([code]) => reject(new Error(`writer exited early (code ${code}): ${stderr}`)), reject);
      });
      await expect(openDatabase({ dataDir })).rejects.toThrow(`(pid ${child.pid})`);
      orphan = postmasterPid(dataDir);
    } finally {
      child.kill('SIGKILL'); // commits are in flight
    }
    const [, signal] = await exited;
    expect(signal).toBe('SIGKILL');

    // Its watchdog saw our pipe close and shut the server down: nothing holds the data any longer.
    await vi.waitFor(() => expect(isAlive(orphan)).toBe(false), { timeout: 20_000, interval: 50 });

    const db = await openDatabase({ dataDir });
    try {
      expect(db.kind).toBe('postgres');
      const { rows } = await db.pool.query<{ id: number }>('SELECT id FROM acked');
      const stored = new Set(rows.map((row) => row.id));
      expect(acked.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('stops a server left running on the directory without its watchdog, then starts its own on the same data', async () => {
    const dataDir = newDataDir();
    const first = await openDatabase({ dataDir });
    await first.pool.query('CREATE TABLE left_behind (id int)');
    await first.pool.query('INSERT INTO left_behind VALUES (7)');
    await first.close();

    // A postmaster with no watchdog and no Ventanilla holding the lock: what a killed process group leaves behind.
    const pgDir = join(dataDir, 'postgres');
    const [command, ...args] = postmasterCommand(binaries, pgDir, pgDir, 5);
    const stray = spawn(command!, args, { stdio: 'ignore', detached: true, env: postgresEnv() });
    const strayExited = once(stray, 'exit');
    try {
      await vi.waitFor(
        () => expect(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[7]?.trim()).toBe('ready'),
        { timeout: 30_000, interval: 50 },
      );
      const strayPid = postmasterPid(dataDir);
      expect(isAlive(strayPid)).toBe(true);

      const logger = recordingLogger();
      const db = await openDatabase({ dataDir, logger });
      try {
        expect(logger.warn).toHaveBeenCalledWith(
          { pid: strayPid, dir: pgDir },
          'A PostgreSQL server left by an earlier process holds the data; stopping it.',
        );
        expect(isAlive(strayPid)).toBe(false);
        expect(postmasterPid(dataDir)).not.toBe(strayPid);
        const { rows } = await db.pool.query<{ id: number }>('SELECT id FROM left_behind');
        expect(rows).toEqual([{ id: 7 }]);
      } finally {
        await db.close();
      }
    } finally {
      stray.kill('SIGKILL');
      await strayExited;
    }
  });

  it('a postmaster.pid naming a live process that is not a server of this directory (a reused pid) is cleared, that process left alone', async () => {
    const dataDir = newDataDir();
    const first = await openDatabase({ dataDir });
    await first.close();
    const pgDir = join(dataDir, 'postgres');
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const otherExited = once(other, 'exit');
    try {
      await once(other, 'spawn');
      writeFileSync(join(pgDir, 'postmaster.pid'), `${other.pid}\n${pgDir}\n0\n5432\n${pgDir}\n\n0 0\nready\n`);

      const db = await openDatabase({ dataDir });
      try {
        expect(await db.ping()).toBe(true);
        expect(postmasterPid(dataDir)).not.toBe(other.pid);
      } finally {
        await db.close();
      }
      expect(isAlive(other.pid!)).toBe(true);
    } finally {
      other.kill('SIGKILL');
      await otherExited;
    }
  });

  it('restarts a server that died, on the same data, and the pool reconnects by itself', async () => {
    const dataDir = newDataDir();
    const logger = recordingLogger();
    const started: number[] = [];
    const onStarted = (message: unknown): void => {
      started.push((message as { pid: number }).pid);
    };
    postmasterStartedChannel.subscribe(onStarted);
    const db = await openDatabase({ dataDir, logger });
    try {
      await db.pool.query('CREATE TABLE survivors (id int)');
      await db.pool.query('INSERT INTO survivors VALUES (1), (2), (3)');
      expect(started).toHaveLength(1);

      process.kill(started[0]!, 'SIGKILL'); // the postmaster dies as in a crash

      // Queries fail as "unavailable" (HTTP 503) until the server is back, then work again on the same data.
      const failures: unknown[] = [];
      await vi.waitFor(
        async () => {
          try {
            const { rows } = await db.pool.query<{ c: number }>('SELECT count(*)::int AS c FROM survivors');
            expect(rows[0]?.c).toBe(3);
            expect(started).toHaveLength(2);
          } catch (err) {
            failures.push(err);
            throw err;
          }
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(failures.length).toBeGreaterThan(0);
      expect(failures.filter((err) => !(err instanceof Error && err.name === 'AssertionError'))).toSatisfy(
        (errors: unknown[]) => errors.every((err) => isDatabaseUnavailableError(err)),
      );
      expect(logger.error).toHaveBeenCalledWith(
        expect.anything(),
        'The embedded PostgreSQL server stopped unexpectedly; restarting it.',
      );
    } finally {
      postmasterStartedChannel.unsubscribe(onStarted);
      await db.close();
    }
  });
});
