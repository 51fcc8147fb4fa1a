import { defineConfig } from 'vitest/config';

// Unit tests of the web app's pure functions (page logic, formatting); browser journeys live in e2e/.
export default defineConfig({
  resolve: { conditions: ['@ventanilla/source'] },
  test: { include: ['src/**/*.test.ts', 'build/**/*.test.ts'], environment: 'node' },
});
