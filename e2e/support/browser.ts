// Debian's Chromium driven by playwright-core: no browser download, the same binary a CI machine gets from apt.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches headless Chromium; fails (never skips) when the executable is missing. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. The browser journey needs Debian's Chromium: ` +
        'run `sudo apt-get install chromium` (or set CHROMIUM_PATH to another Chromium executable).',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}

/**
 * A fresh context (its own cookies and storage: a separate person) in Spanish, with downloads allowed.
 *
 * bypassCSP: the server sends a strict Content-Security-Policy (script-src 'self'), which would block the inline
 * <script> that injects axe-core for the accessibility checks. Only the test's injection needs it; the journey's
 * `assertNoCspViolations` check loads the app in a context without it to prove the product does not.
 */
export async function newContext(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
    bypassCSP: true,
    ...options,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  return context;
}
