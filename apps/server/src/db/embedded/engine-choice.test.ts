import { describe, expect, it } from 'vitest';
import { chooseEmbeddedEngine, EmbeddedPostgresUnavailableError } from './engine-choice.js';
import type { PostgresAvailability } from './postgres-binaries.js';

const binaries = { initdb: '/pg/bin/initdb', postgres: '/pg/bin/postgres', prefix: [], version: 'postgres 18.4' };
const runs = async (): Promise<PostgresAvailability> => ({ ok: true, binaries });
const cannotRun = async (): Promise<PostgresAvailability> => ({ ok: false, reason: 'no binaries here' });

describe('embedded engine', () => {
  it('is the embedded PostgreSQL when its binaries run', async () => {
    expect(await chooseEmbeddedEngine({ findBinaries: runs })).toEqual(binaries);
  });

  it('stops the start with the reason and DATABASE_URL as the way out when PostgreSQL cannot run', async () => {
    const choice = chooseEmbeddedEngine({ findBinaries: cannotRun });
    await expect(choice).rejects.toBeInstanceOf(EmbeddedPostgresUnavailableError);
    await expect(choice).rejects.toThrow(
      /^The embedded PostgreSQL cannot run here: no binaries here\. Set DATABASE_URL to a PostgreSQL server/,
    );
  });
});
