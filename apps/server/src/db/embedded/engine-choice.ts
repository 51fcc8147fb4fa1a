import { findPostgresBinaries, type PostgresAvailability, type PostgresBinaries } from './postgres-binaries.js';

export interface EngineChoiceOptions {
  /** For tests: where the PostgreSQL binaries come from. */
  findBinaries?: () => Promise<PostgresAvailability>;
}

/** The embedded PostgreSQL cannot run on this machine: the start stops (there is no other embedded engine). */
export class EmbeddedPostgresUnavailableError extends Error {
  override name = 'EmbeddedPostgresUnavailableError';
}

/**
 * The binaries of the embedded PostgreSQL server, the only embedded engine (docs/decisions/0025). Where it cannot
 * run, an error with the reason and the ways out: an external PostgreSQL (DATABASE_URL), or, for root in a container,
 * user namespaces or a non-root user.
 */
export async function chooseEmbeddedEngine(options: EngineChoiceOptions = {}): Promise<PostgresBinaries> {
  const found = await (options.findBinaries ?? findPostgresBinaries)();
  if (found.ok) return found.binaries;
  throw new EmbeddedPostgresUnavailableError(
    `The embedded PostgreSQL cannot run here: ${found.reason}. Set DATABASE_URL to a PostgreSQL server ` +
      '(postgres://user:password@host:5432/ventanilla); as root in a container, allow user namespaces or run as a ' +
      'non-root user instead (docs/operations.md, "Database").',
  );
}
