// Debian's Chromium driven by @playwright/test: no browser download, the same binary a CI machine gets from apt.
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';
import { acceptAllConsent, CONSENT_COOKIE, CONSENT_STORAGE_KEY, serializeConsent } from '@ventanilla/domain';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Chromium's switches (headless comes from the launch option): no sandbox in containers, no GPU, no chatter. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Fails (never skips) when the executable is missing. */
export function requireChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. The browser suite needs Debian's Chromium: ` +
        'run `sudo apt-get install chromium` (or set CHROMIUM_PATH to another Chromium executable).',
    );
  }
}

/**
 * A fresh context (its own cookies and storage: a separate person) in Spanish, with downloads allowed.
 *
 * bypassCSP: the server sends a strict Content-Security-Policy (script-src 'self'), which would block the inline
 * <script> that injects axe-core for the accessibility checks. Only the test's injection needs it; the journey's
 * strict-CSP step loads the app in a context without it to prove the product does not.
 * serviceWorkers: blocked unless `options` allows them.
 *
 * seedConsent: the cookie choice ("accept all") is stored before any page loads, where the app keeps it (local
 * storage, and the consent cookie the server reads), so the cookie banner does not stand in the way of tests
 * about something else; e2e/cookie-consent.test.ts passes false to meet it.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
  seedConsent = true,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
    bypassCSP: true,
    // The app registers its service worker 10 s after a load; a worker that controls the page would take the
    // requests a test's page.route() means to answer. pwa.test.ts allows it for the worker's own journey.
    serviceWorkers: 'block',
    ...options,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  if (seedConsent) {
    const choice = serializeConsent(acceptAllConsent(new Date()));
    await context.addCookies([{ name: CONSENT_COOKIE, value: encodeURIComponent(choice), url: baseURL }]);
    await context.addInitScript(
      ([key, value]) => {
        try {
          if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
        } catch {
          // Pages without storage (about:blank) need no choice.
        }
      },
      [CONSENT_STORAGE_KEY, choice] as const,
    );
  }
  return context;
}
