import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from '../src/db/connection.js';
import { pgliteTemplate } from './support/test-database.js';

const WRITER = fileURLToPath(new URL('./support/db-crash-writer.ts', import.meta.url));
const ACKS_BEFORE_KILL = 300;

describe('embedded database after kill -9', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ventanilla-crash-'));
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged commit, and the dead process lock is taken over', async () => {
    const args = ['--import', import.meta.resolve('tsx'), WRITER, dataDir, 'pglite', await pgliteTemplate()];
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const acked: number[] = [];
    try {
      let ready = false;
      await new Promise<void>((resolve, reject) => {
        createInterface({ input: child.stdout }).on('line', (line) => {
          if (line === 'ready') ready = true;
          else acked.push(Number(line));
          if (acked.length === ACKS_BEFORE_KILL) resolve();
        });
        exited.then(([code]) => reject(new Error(`writer exited early (code ${code}): ${stderr}`)), reject);
      });
      expect(ready).toBe(true);

      // While the writer runs, a second process is refused, naming the holder.
      const refusal = await openDatabase({ dataDir, embeddedEngine: 'pglite' }).then(
        async (db) => {
          await db.close();
          return undefined;
        },
        (err: unknown) => err,
      );
      expect(refusal).toBeInstanceOf(DataDirLockedError);
      expect((refusal as Error).message).toBe(
        `The data directory ${dataDir} is in use by another Ventanilla process (pid ${child.pid}). ` +
          'Stop it first or set DATA_DIR to another directory.',
      );
    } finally {
      child.kill('SIGKILL'); // inserts are in flight: the last commit may be cut at any point
    }
    const [, signal] = await exited;
    expect(signal).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
    const lockPath = join(dataDir, 'pglite.lock');
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: child.pid });

    const db = await openDatabase({ dataDir, embeddedEngine: 'pglite' });
    try {
      expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
      const { rows } = await db.pool.query<{ id: number }>('SELECT id FROM acked');
      const stored = new Set(rows.map((row) => row.id));
      expect(acked.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
