import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '../src/db/connection.js';
import { acquireDataDirLock, LOCK_FILE_NAME } from '../src/db/embedded/data-dir-lock.js';

let dataDir: string;
let lockPath: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'ventanilla-lock-'));
  lockPath = join(dataDir, LOCK_FILE_NAME);
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A process that stays alive until killed: stands for another Ventanilla server. */
async function liveProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await once(child, 'spawn');
  return child.pid!;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
}

function lockHolder(): number {
  return (JSON.parse(readFileSync(lockPath, 'utf8')) as { pid: number }).pid;
}

describe('data directory lock', () => {
  it('refuses a data directory held by another live process, with a clear message', async () => {
    const otherPid = await liveProcess();
    writeFileSync(lockPath, JSON.stringify({ pid: otherPid }));

    const attempt = acquireDataDirLock(dataDir);

    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(
      `The data directory ${dataDir} is in use by another Ventanilla process (pid ${otherPid}). ` +
        'Stop it first or set DATA_DIR to another directory.',
    );
    expect(lockHolder()).toBe(otherPid);
  });

  it('refuses a second opener in the same process', async () => {
    const lock = await acquireDataDirLock(dataDir);

    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(`(pid ${process.pid})`);

    lock.release();
  });

  it('takes over a stale lock whose process is dead', async () => {
    writeFileSync(lockPath, JSON.stringify({ pid: await deadPid() }));

    const lock = await acquireDataDirLock(dataDir);

    expect(lockHolder()).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock left with our own pid by an earlier process (containers reuse pids)', async () => {
    writeFileSync(lockPath, JSON.stringify({ pid: process.pid }));

    const lock = await acquireDataDirLock(dataDir);

    expect(lockHolder()).toBe(process.pid);
    lock.release();
  });

  it('takes over an unreadable lock file', async () => {
    writeFileSync(lockPath, 'garbage');

    const lock = await acquireDataDirLock(dataDir);

    expect(lockHolder()).toBe(process.pid);
    lock.release();
  });

  it('removes the lock file on release, so the directory can be opened again', async () => {
    const lock = await acquireDataDirLock(dataDir);
    lock.release();
    lock.release(); // idempotent

    expect(existsSync(lockPath)).toBe(false);
    (await acquireDataDirLock(dataDir)).release();
  });

  it('only ever lets one of several concurrent openers in', async () => {
    writeFileSync(lockPath, JSON.stringify({ pid: await deadPid() }));

    const results = await Promise.allSettled([1, 2, 3, 4].map(() => acquireDataDirLock(dataDir)));

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof DataDirLockedError)).toHaveLength(3);
    for (const r of results) if (r.status === 'fulfilled') r.value.release();
  });
});
