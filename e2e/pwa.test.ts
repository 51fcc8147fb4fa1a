// The installable app: the manifest is linked from every page (server-rendered or not) and opens the orders
// list; the service worker registers and controls the page after a reload, and offline a page address answers the
// offline page; /version.json holds the app version the footer shows; when the server's build differs from the one
// loaded, an accessible prompt offers the reload. A 401 on an API call signs the customer out.
import { expect, test, type Browser } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { apiLogin } from './support/api.js';
import { registerCustomer } from './support/backoffice-orders.js';
import { AGENT } from './support/backoffice-world.js';
import { newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

interface VersionFile {
  version: string;
  build: string;
  built_at: string;
}

let server: RunningServer;
let browser: Browser;

test.describe.serial('the installable app', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
  });
  test.afterAll(async () => server?.stop());

  test('every page links the manifest; the manifest is valid and opens /orders', async () => {
    // The home and a product page are rendered on the server; /orders and the login are the app shell.
    for (const pathname of ['/', '/tienda/nota-simple', '/orders', '/customer/authenticate']) {
      const res = await fetch(`${server.baseUrl}${pathname}`);
      const html = await res.text();
      expect(html, pathname).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
    }
    const res = await fetch(`${server.baseUrl}/manifest.webmanifest`);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as { start_url: string; display: string; icons: { src: string }[] };
    expect(manifest.start_url).toBe('/orders');
    expect(manifest.display).toBe('standalone');
    for (const icon of manifest.icons) expect((await fetch(`${server.baseUrl}${icon.src}`)).status).toBe(200);
  });

  test('/version.json holds the version the footer shows; the same build prompts nothing', async () => {
    const res = await fetch(`${server.baseUrl}/version.json`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const version = (await res.json()) as VersionFile;
    expect(version.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(version.build).toMatch(/^[\w.-]+$/);
    expect(Number.isNaN(Date.parse(version.built_at))).toBe(false);

    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    const polled = page.waitForResponse((r) => new URL(r.url()).pathname === '/version.json');
    await page.goto('/');
    await expect(page.locator('.site-footer')).toContainText(`Versión ${version.version}`);
    expect((await polled).status()).toBe(200);
    // The check has been made (its answer read) and found the build this page runs: no prompt.
    await expect(page.locator('.update-prompt')).toHaveAttribute('data-checks', '1');
    await expect(page.getByRole('button', { name: 'Actualizar ahora' })).toHaveCount(0);
    await context.close();
  });

  test('a newer build on the server: an accessible prompt, and its button reloads', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    let polls = 0;
    await page.route('**/version.json', async (route) => {
      polls++;
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ version: '9.9.9', build: 'a-newer-build', built_at: new Date().toISOString() }),
      });
    });
    await page.goto('/tienda/nota-simple');
    const prompt = page.getByRole('status').filter({ hasText: 'Hay una nueva versión de la aplicación.' });
    await expect(prompt).toBeVisible();
    expect(polls).toBe(1); // the first check, 2 s after the start; the next one is a day away
    await expectNoAxeViolations(page, 'the update prompt');
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Actualizar ahora' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });

  test('a 401 on an API call signs the customer out and leads to the login', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await registerCustomer(context, `pwa-401-${Date.now()}@example.com`);
    await page.goto('/orders');
    await expect(page.getByRole('link', { name: 'Cerrar sesión' })).toBeVisible();
    await page.waitForLoadState('networkidle'); // no call of the page in flight when the session goes
    // The session ends behind the app's back (expired, signed out elsewhere): the next call answers 401.
    await context.clearCookies();
    const refused = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 401);
    await page.getByRole('link', { name: 'Guardados' }).click();
    await refused;
    await expect(page).toHaveURL(/\/customer\/authenticate/);
    await expect(page.getByRole('navigation', { name: /./ }).getByRole('link', { name: 'Acceder' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cerrar sesión' })).toHaveCount(0);
    await context.close();
  });

  test('a 401 signs an agent out too: the back office shows its login', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/?store=1');
    await page.waitForLoadState('networkidle');
    await apiLogin(context, AGENT.email, AGENT.password);
    await page.goto('/agentes');
    await expect(page.getByRole('link', { name: 'Cerrar sesión' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await context.clearCookies();
    const refused = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 401);
    await page.getByRole('link', { name: 'Correo enviado' }).click();
    await refused;
    await expect(page.getByRole('heading', { level: 1, name: 'Acceso agentes' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cerrar sesión' })).toHaveCount(0);
    await context.close();
  });

  test('the service worker registers, controls the page after a reload, and answers the offline page', async () => {
    const context = await newContext(browser, server.baseUrl, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Registered 10 s after the load, then installed (the offline page cached) and active.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.baseUrl}/`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
      .toBe(`${server.baseUrl}/sw.js`);
    // The worker keeps no API answer and no page.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(cached.filter((u) => u.startsWith('/api/') || u === '/' || u.startsWith('/tienda'))).toEqual([]);
    expect(errors).toEqual([]);

    await context.setOffline(true);
    await page.goto('/orders').catch(() => undefined);
    await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
    await context.setOffline(false);
    await context.close();
  });
});
