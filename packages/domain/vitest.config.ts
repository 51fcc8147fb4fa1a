import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The domain's tests alone, for Stryker (stryker.config.mjs); `npx vitest run --project domain` runs the same files
// from the root config.
export default defineConfig({
  test: { root: fileURLToPath(new URL('.', import.meta.url)), include: ['src/**/*.test.ts'] },
});
