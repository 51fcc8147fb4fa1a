import { defineConfig } from 'vitest/config';

// The browser journey: one server, one Chromium, steps that depend on each other. Nothing runs in parallel, and the
// timeouts allow for a first build (about 20 s) and a slow machine.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', 'artifacts/**'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 180_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
  },
});
