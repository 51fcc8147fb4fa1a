import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findPostgresBinaries, type PostgresAvailability, type PostgresBinaries } from './postgres-binaries.js';
import { IN_MEMORY } from './worker-protocol.js';

/** The embedded database engines: a real PostgreSQL server (the default) or PGlite in a worker thread. */
export type EmbeddedEngine = 'postgres' | 'pglite';

export type EngineChoice =
  | { engine: 'postgres'; binaries: PostgresBinaries; reason: string }
  | {
      engine: 'pglite';
      reason: string;
      /** Set when PGlite is a fallback the operator should hear about. */ warn: boolean;
    };

export interface EngineChoiceOptions {
  /** The data directory, or 'memory://'. */
  dataDir: string;
  /** EMBEDDED_DATABASE: forces an engine. */
  requested?: EmbeddedEngine | undefined;
  /** For tests: where the PostgreSQL binaries come from. */
  findBinaries?: () => Promise<PostgresAvailability>;
}

/** Directory of PGlite's files inside DATA_DIR; its presence means an install made with PGlite. */
export const PGLITE_DIR = 'pglite';

/**
 * Picks the embedded engine (docs/decisions/0020): EMBEDDED_DATABASE when set; PGlite for an in-memory database and
 * for a data directory PGlite already holds (its data is never left behind or silently forked); otherwise PostgreSQL
 * when its binaries run here, else PGlite with the reason. A forced PostgreSQL that cannot run is an error.
 */
export async function chooseEmbeddedEngine(options: EngineChoiceOptions): Promise<EngineChoice> {
  const findBinaries = options.findBinaries ?? findPostgresBinaries;
  if (options.requested === 'pglite') return { engine: 'pglite', reason: 'EMBEDDED_DATABASE=pglite', warn: false };
  if (options.dataDir === IN_MEMORY) {
    if (options.requested === 'postgres') throw new Error('An in-memory database can only be PGlite.');
    return { engine: 'pglite', reason: 'in-memory database', warn: false };
  }
  if (options.requested === 'postgres') {
    const found = await findBinaries();
    if (!found.ok) throw new Error(`EMBEDDED_DATABASE=postgres, but PostgreSQL cannot run: ${found.reason}.`);
    return { engine: 'postgres', binaries: found.binaries, reason: 'EMBEDDED_DATABASE=postgres' };
  }
  const pgliteDir = join(options.dataDir, PGLITE_DIR);
  if (existsSync(pgliteDir)) {
    return {
      engine: 'pglite',
      reason:
        `${pgliteDir} holds a database made with PGlite, which stays in use. To move to the embedded PostgreSQL, ` +
        'dump it with pg_dump (the server running) and restore it into a new DATA_DIR, or start afresh in a new ' +
        'DATA_DIR (docs/operations.md).',
      warn: false,
    };
  }
  const found = await findBinaries();
  if (found.ok) return { engine: 'postgres', binaries: found.binaries, reason: 'default' };
  return { engine: 'pglite', reason: `PGlite instead of PostgreSQL: ${found.reason}.`, warn: true };
}
