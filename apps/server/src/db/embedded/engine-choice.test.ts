import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseEmbeddedEngine } from './engine-choice.js';
import type { PostgresAvailability } from './postgres-binaries.js';

const binaries = { initdb: '/pg/bin/initdb', postgres: '/pg/bin/postgres', prefix: [], version: 'postgres 18.4' };
const runs = async (): Promise<PostgresAvailability> => ({ ok: true, binaries });
const cannotRun = async (): Promise<PostgresAvailability> => ({ ok: false, reason: 'no binaries here' });

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'ventanilla-engine-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded engine choice', () => {
  it('is PostgreSQL by default on a new data directory when its binaries run', async () => {
    expect(await chooseEmbeddedEngine({ dataDir, findBinaries: runs })).toEqual({
      engine: 'postgres',
      binaries,
      reason: 'default',
    });
  });

  it('keeps PGlite for a data directory PGlite already holds, without looking for PostgreSQL, and says how to move', async () => {
    mkdirSync(join(dataDir, 'pglite'));
    const findBinaries = vi.fn(runs);

    const choice = await chooseEmbeddedEngine({ dataDir, findBinaries });

    expect(choice).toMatchObject({ engine: 'pglite', warn: false });
    expect(choice.reason).toContain(`${join(dataDir, 'pglite')} holds a database made with PGlite`);
    expect(choice.reason).toContain('pg_dump');
    expect(findBinaries).not.toHaveBeenCalled();
  });

  it('falls back to PGlite with the reason, to be logged as a warning, when PostgreSQL cannot run', async () => {
    expect(await chooseEmbeddedEngine({ dataDir, findBinaries: cannotRun })).toEqual({
      engine: 'pglite',
      reason: 'PGlite instead of PostgreSQL: no binaries here.',
      warn: true,
    });
  });

  it('EMBEDDED_DATABASE=pglite forces PGlite on a new directory', async () => {
    expect(await chooseEmbeddedEngine({ dataDir, requested: 'pglite', findBinaries: runs })).toMatchObject({
      engine: 'pglite',
      reason: 'EMBEDDED_DATABASE=pglite',
    });
  });

  it('EMBEDDED_DATABASE=postgres forces PostgreSQL even beside an old PGlite directory, and fails when it cannot run', async () => {
    mkdirSync(join(dataDir, 'pglite'));
    expect(await chooseEmbeddedEngine({ dataDir, requested: 'postgres', findBinaries: runs })).toMatchObject({
      engine: 'postgres',
      reason: 'EMBEDDED_DATABASE=postgres',
    });
    await expect(chooseEmbeddedEngine({ dataDir, requested: 'postgres', findBinaries: cannotRun })).rejects.toThrow(
      'EMBEDDED_DATABASE=postgres, but PostgreSQL cannot run: no binaries here.',
    );
  });

  it('an in-memory database is PGlite', async () => {
    expect(await chooseEmbeddedEngine({ dataDir: 'memory://', findBinaries: runs })).toMatchObject({
      engine: 'pglite',
    });
  });
});
