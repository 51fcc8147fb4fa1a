// The cookie banner (GOV.UK's: at the top, in the page's flow, blocking nothing) appears on a first visit with
// "Reject all" beside "Accept all" (same size and weight), is keyboard reachable without holding focus, the choice
// survives a reload (nothing non-necessary stored before or after rejecting), the footer's "Cookie settings" reopens
// it with the choice shown; the legal pages of each language have their title and are full HTML without JavaScript
// and are in the sitemap. axe on the banner and on a legal page.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CONSENT_COOKIE, CONSENT_STORAGE_KEY, CONSENT_VERSION } from '@ventanilla/domain';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function storeName(storeId: number): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/stores/${storeId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { name: string }).name;
}

async function withContext<T>(
  browser: Browser,
  options: { js: boolean; seedConsent: boolean },
  run: (page: Page, c: BrowserContext) => Promise<T>,
) {
  const context = await newContext(
    browser,
    server.baseUrl,
    { javaScriptEnabled: options.js, bypassCSP: options.js },
    options.seedConsent,
  );
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(window.localStorage));

test.describe.serial('cookie consent', () => {
  test('first visit: the banner, reject all persists across a reload, the footer reopens it', async ({ browser }) => {
    await withContext(browser, { js: true, seedConsent: false }, async (page, context) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      // The page asks: its HTML already holds the banner (the first paint), at the top: after the skip link, before the
      // header.
      const first = await (await context.request.get('/')).text();
      expect(first).toContain('data-consent="ask"');
      expect(first).toMatch(/<section class="cookie-consent"[^>]*>/);
      expect(first.indexOf('class="cookie-consent"')).toBeGreaterThan(first.indexOf('class="skip-link"'));
      expect(first.indexOf('class="cookie-consent"')).toBeLessThan(first.indexOf('class="site-header"'));
      expect(first).not.toContain('<dialog');
      await page.goto('/');
      const banner = page.getByRole('region', { name: 'Cookies en este sitio' });
      await expect(banner).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // It blocks nothing: the page's heading is visible beside it and its links can be used before choosing.
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
      // Both choices are buttons of the same kind and the same size.
      const reject = banner.getByRole('button', { name: 'Rechazar todas' });
      const accept = banner.getByRole('button', { name: 'Aceptar todas' });
      await expect.poll(() => reject.getAttribute('class')).toBe(await accept.getAttribute('class'));
      const [rejectBox, acceptBox] = [await reject.boundingBox(), await accept.boundingBox()];
      expect(rejectBox?.width).toBe(acceptBox?.width);
      expect(rejectBox?.height).toBe(acceptBox?.height);
      const weight = (l: typeof reject) => l.evaluate((el) => getComputedStyle(el).fontWeight);
      await expect.poll(() => weight(reject)).toBe(await weight(accept));
      // The levels are one disclosure away, all off but the necessary ones.
      await banner.getByText('Elegir qué cookies aceptar').click();
      await expect(banner.getByRole('checkbox', { name: /Estrictamente necesarias/ })).toBeDisabled();
      await expect(banner.getByRole('checkbox', { name: /Estrictamente necesarias/ })).toBeChecked();
      for (const name of ['Funcionalidad', 'Seguimiento (analítica)', 'Publicidad personalizada']) {
        await expect(banner.getByRole('checkbox', { name })).not.toBeChecked();
      }
      await expectNoAxeViolations(page, 'cookie banner');
      // Nothing but the session cookie before a choice; nothing of ours in storage.
      await expect.poll(() => storedKeys(page)).toEqual([]);
      expect((await context.cookies()).map((c) => c.name).filter((n) => n !== 'vt_sid')).toEqual([]);

      // Keyboard: after the skip link, the banner is the first thing Tab reaches (policy link, "Aceptar todas",
      // "Rechazar todas"); focus is not held there: Tab goes on through the page.
      await page.reload();
      await expect(banner).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Saltar al contenido principal' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(banner.getByRole('link', { name: 'Leer la política de cookies' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(accept).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(reject).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.cookie-consent'))).toBe(false);
      await reject.focus();
      await page.keyboard.press('Enter');
      // The choice is confirmed in its place (focused), until hidden.
      const confirmation = banner.getByRole('status');
      await expect(confirmation).toContainText('Has rechazado las cookies que no son necesarias.');
      await expect(confirmation).toBeFocused();
      await expect(reject).toBeHidden();
      await expectNoAxeViolations(page, 'cookie banner, choice confirmed');
      await banner.getByRole('button', { name: 'Ocultar este mensaje' }).click();
      await expect(banner).toBeHidden();
      const stored = await page.evaluate((key) => window.localStorage.getItem(key), CONSENT_STORAGE_KEY);
      const choice = JSON.parse(stored ?? 'null') as { version: number; date: string; levels: unknown };
      expect(choice.version).toBe(CONSENT_VERSION);
      expect(Date.now() - Date.parse(choice.date)).toBeLessThan(86_400_000);
      expect(choice.levels).toEqual({ functionality: false, tracking: false, targeting: false });
      // The same record in the consent cookie, so the server stops asking: the next page's HTML has no banner.
      const cookie = (await context.cookies()).find((c) => c.name === CONSENT_COOKIE);
      expect(decodeURIComponent(cookie?.value ?? '')).toBe(stored);
      expect(cookie?.sameSite).toBe('Lax');
      const next = await (await context.request.get('/tienda/nota-simple')).text();
      expect(next).toContain('data-consent="given"');
      expect(next).not.toContain('cookie-consent');
      expect(problems).toEqual([]);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page.getByRole('contentinfo').getByRole('button', { name: 'Configuración de cookies' }),
      ).toBeVisible();
      await expect(banner).toHaveCount(0);

      // The footer's button reopens it at the top, focused, showing the choice made; saving one level keeps only it.
      const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Configuración de cookies' });
      await settings.click();
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('heading', { name: 'Cookies en este sitio' })).toBeFocused();
      await expect(banner.getByRole('checkbox', { name: 'Funcionalidad' })).not.toBeChecked();
      await banner.getByRole('checkbox', { name: 'Funcionalidad' }).check();
      await banner.getByRole('button', { name: 'Guardar mi elección' }).click();
      await expect(banner).toBeHidden();
      await expect(settings).toBeFocused();
      const levels = await page.evaluate(
        (key) => (JSON.parse(window.localStorage.getItem(key) ?? 'null') as { levels: unknown }).levels,
        CONSENT_STORAGE_KEY,
      );
      expect(levels).toEqual({ functionality: true, tracking: false, targeting: false });
      // Escape closes the reopened banner without changing the choice.
      await settings.click();
      await expect(banner).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(banner).toBeHidden();
      await expect(settings).toBeFocused();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner).toHaveCount(0);
    });
  });

  test('on a phone the page stays usable around the banner, and accepting is one click', async ({ browser }) => {
    await withContext(browser, { js: true, seedConsent: false }, async (page) => {
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto('/tienda/nota-simple');
      const banner = page.getByRole('region', { name: 'Cookies en este sitio' });
      await expect(banner).toBeVisible();
      // The page's own links work while the banner is shown (nothing covers them).
      await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Servicios' }).click();
      await expect(page).toHaveURL(/\/tienda\/servicios/);
      await expect(banner).toBeVisible();
      await banner.getByRole('button', { name: 'Aceptar todas' }).click();
      await expect(banner.getByRole('status')).toContainText('Has aceptado todas las cookies.');
    });
  });

  test('without JavaScript a first visit is not asked (nothing optional can be stored): the page is readable', async ({
    browser,
  }) => {
    await withContext(browser, { js: false, seedConsent: false }, async (page) => {
      await page.goto('/tienda/nota-simple');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.cookie-consent')).toBeHidden();
    });
  });

  test('a choice stored before the consent cookie existed: the banner goes at once and the cookie is written', async ({
    browser,
  }) => {
    // seedConsent puts the choice in both places; this browser has it in local storage only.
    await withContext(browser, { js: true, seedConsent: true }, async (page, context) => {
      await context.clearCookies();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.cookie-consent')).toHaveCount(0);
      await expect.poll(async () => (await context.cookies()).some((c) => c.name === CONSENT_COOKIE)).toBe(true);
      expect(problems).toEqual([]);
    });
  });

  const LEGAL = [
    { storeId: 1, lang: 'es', path: '/legal/privacidad', title: 'Política de privacidad', text: 'AEPD' },
    { storeId: 17, lang: 'en', path: '/legal/cookies', title: 'Cookie policy', text: 'vt_sid' },
    { storeId: 16, lang: 'pt', path: '/legal/condiciones', title: 'Termos e condições', text: 'Livro de Reclamações' },
    { storeId: 17, lang: 'en', path: '/legal/privacidad', title: 'Privacy policy', text: 'Data Protection Commission' },
    { storeId: 1, lang: 'es', path: '/legal/aviso-legal', title: 'Aviso legal', text: 'LSSI-CE' },
  ] as const;

  for (const { storeId, lang, path, title, text } of LEGAL) {
    test(`${lang}: ${path} in store ${storeId} without JavaScript`, async ({ browser }) => {
      const name = await storeName(storeId);
      await withContext(browser, { js: false, seedConsent: false }, async (page) => {
        const response = await page.goto(`${path}?store=${storeId}`);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page).toHaveTitle(`${title} - ${name}`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByRole('main')).toContainText(text);
        // The seller's own data, no placeholder text (legal-entity.test.ts checks the aviso legal).
        await expect(page.getByRole('main')).not.toContainText(/pendiente|\[/i);
        // Reachable from the footer of any page.
        await expect(page.getByRole('contentinfo').getByRole('link', { name: title })).toHaveAttribute('href', path);
      });
    });
  }

  test('a legal page with JavaScript: hydrated without a mismatch, and accessible', async ({ browser }) => {
    await withContext(browser, { js: true, seedConsent: true }, async (page) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto('/legal/cookies?store=16');
      await expect(page.getByRole('heading', { level: 1, name: 'Política de cookies' })).toBeVisible();
      await page.waitForResponse((r) => r.url().includes('/api/session')).catch(() => undefined);
      await expectNoAxeViolations(page, 'legal page (pt, cookies)');
      await page.getByRole('main').getByRole('link', { name: 'Aviso legal' }).click();
      await expect(page).toHaveURL(/\/legal\/aviso-legal/);
      await expect(page.getByRole('heading', { level: 1, name: 'Aviso legal' })).toBeVisible();
      expect(problems).toEqual([]);
    });
  });

  test('an unknown legal page is a 404; the sitemap lists the four legal pages', async () => {
    const missing = await fetch(`${server.baseUrl}/legal/privacy?store=1`);
    expect(missing.status).toBe(404);
    const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml?store=17`)).text();
    for (const slug of ['aviso-legal', 'privacidad', 'cookies', 'condiciones']) {
      expect(sitemap).toMatch(new RegExp(`<loc>https://[^<]+/legal/${slug}</loc>`));
    }
  });
});
