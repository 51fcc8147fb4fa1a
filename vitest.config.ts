import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // One embedded PostgreSQL 18 for the run unless TEST_DATABASE_URL names a server; each file makes its own
          // database on it (test/support/test-database.ts).
          globalSetup: [fileURLToPath(new URL('apps/server/test/support/embedded-postgres-setup.ts', import.meta.url))],
          // Hang guards, not performance limits: two files share a 2-core machine.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
