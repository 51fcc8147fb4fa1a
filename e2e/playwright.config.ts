// The browser suite: @playwright/test driving Debian's Chromium (no browser download: `executablePath`, no channel).
// Each file starts its own built server and walks steps that depend on each other (`test.describe.serial`), so files
// run one after another in one worker. Traces and screenshots of failed tests land in e2e/artifacts/test-results.
// Test code resolves workspace packages from source: `npm test` here runs with --conditions=@ventanilla/source.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, requireChromium } from './support/browser.js';

requireChromium();

export default defineConfig({
  testDir: '.',
  testMatch: '*.test.ts',
  globalSetup: './support/global-setup.ts',
  outputDir: 'artifacts/test-results',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  // Generous: a loaded 2-core machine is slow (the build itself happens once, in the global setup).
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    launchOptions: { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
});
