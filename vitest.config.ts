import { defineConfig } from 'vitest/config';

// One Vitest run for the unit and API suites; the browser journey lives in e2e/ with its own config.
export default defineConfig({
  resolve: { conditions: ['@ventanilla/source'] },
  ssr: { resolve: { conditions: ['@ventanilla/source'] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
