import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/** The server project's files that replace a module with vi.mock: they need a module graph of their own. */
const MOCKING_MODULES = ['test/api/tickets-mail-safety.test.ts'];

/** The server's projects: one embedded PostgreSQL 18 for the run unless TEST_DATABASE_URL names a server. */
const SERVER = {
  root: 'apps/server',
  // Each file makes its own databases on it, copies of the run's templates (test/support/template-databases.ts).
  globalSetup: [fileURLToPath(new URL('apps/server/test/support/embedded-postgres-setup.ts', import.meta.url))],
  // Hang guards, not performance limits: two files share a 2-core machine.
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

// One Vitest run for the unit and API suites; the browser journey lives in e2e/ with its own config.
export default defineConfig({
  resolve: { conditions: ['@ventanilla/source'] },
  ssr: { resolve: { conditions: ['@ventanilla/source'] } },
  test: {
    // Vitest's default in a run is one worker fewer than the cores: a single worker on a 2-core machine, where the API
    // files (each on its own database, waiting on PostgreSQL much of the time) run
    // well two at a time.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts', 'build/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        // Component tests: screens rendered in jsdom with Testing Library, the API answered by MSW (shared/testing).
        test: {
          name: 'web-dom',
          root: 'apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: [fileURLToPath(new URL('apps/web/src/shared/testing/setup-dom.ts', import.meta.url))],
          // A hang guard, not a performance limit: a file's first test pays for its screen's imports, which took over
          // the default 5 s on a 2-core machine under load.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          ...SERVER,
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...MOCKING_MODULES],
          // Each worker imports the app once for all the files it runs, instead of once per file (about 10 s of a
          // 2-core machine each, for 150 files): the files share no state but what they make themselves (their own
          // database, their own app). The files that replace a module with vi.mock run isolated below.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...SERVER, name: 'server-mocks', include: MOCKING_MODULES },
      },
    ],
  },
});
