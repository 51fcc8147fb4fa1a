import { defineConfig } from 'vitest/config';

// Unit tests of the web app's pure functions (node) and its components (jsdom); browser journeys live in e2e/.
export default defineConfig({
  resolve: { conditions: ['@ventanilla/source'] },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'web', include: ['src/**/*.test.ts', 'build/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        // Component tests in jsdom with Testing Library and MSW (src/shared/testing).
        test: {
          name: 'web-dom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/shared/testing/setup-dom.ts'],
        },
      },
    ],
  },
});
