// The shop loads its screens on demand: the first page fetches the entry and only its own chunks (never
// the back office's or the customer panel's), and a chunk that cannot load (a deploy removed it) makes the page empty
// its caches and reload once, then show an error with a retry instead of a blank page. The pages the server renders
// (now also a wizard's question pages and a signed-in customer's checkout) arrive with their content and hydrate
// without a mismatch; what only the browser knows (a stored draft) applies after hydration.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, apiLogin } from './support/api.js';
import { newContext } from './support/browser.js';
import { waitForReactRoot } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** The console errors and uncaught exceptions of `on` from now on (the page must hydrate without any). */
function pageErrors(on: Page): string[] {
  const errors: string[] = [];
  on.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  on.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The scripts `on` requests from now on, by chunk name (the build's hash dropped); `clear` starts the list again. */
function scriptsLoaded(on: Page): { loaded: () => string[]; clear: () => void } {
  let scripts: string[] = [];
  on.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.replace(/^\/assets\//, ''));
  });
  return { loaded: () => scripts.map((s) => s.replace(/-[\w-]{8}\.js$/, '')), clear: () => (scripts = []) };
}

/** Signs the demo customer in through the API of `on` (its cookies) with a nota simple in the cart. */
async function signInWithCart(on: BrowserContext): Promise<void> {
  await apiLogin(on, 'cliente@ventanilla.test', 'cliente-demo-2026');
  const added = await apiCall(on, 'POST', '/api/cart/items', {
    store_id: 1,
    url_key: 'nota-simple',
    answers: { 77: 'Juan Español', 78: '5028', 79: '28005', 80: 'Calle Mayor 1, 2º B', 411: '3781' },
  });
  expect(added.status).toBe(201);
}

test.describe.serial('screens load on demand', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
  });

  test.beforeEach(async () => {
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
  });

  test.afterEach(async () => context?.close());
  test.afterAll(async () => server?.stop());

  test('the home is hydrated as islands: its own entry, no route table nor screens, one language (after it)', async () => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForReactRoot(page);
    await page.waitForLoadState('networkidle');
    const names = scripts.map((s) => s.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, ''));
    // docs/decisions/0028-home-page-islands.md: the frame around the server's markup, not the app's entry.
    expect(names).toContain('islands');
    expect(names).toContain('frame');
    // The page carries the texts it shows: its head names no language chunk, which loads after the hydration.
    const html = await (await context.request.get('/')).text();
    expect(html).not.toMatch(/href="\/assets\/es-[\w-]{8}\.js"/);
    expect(html).not.toMatch(/src="\/assets\/index-[\w-]{8}\.js"/);
    // After the hydration, the frame's texts (build/frame-texts.ts), not the language's whole catalogue.
    expect(names).toContain('frame-texts-es');
    for (const absent of ['index', 'catalog', 'backoffice', 'account', 'statistics.route', 'es', 'en', 'pt']) {
      expect(names).not.toContain(absent);
    }
  });

  test("the home's islands: a signed-in header and cart count; its links and search load the next page, which runs the app", async () => {
    const errors = pageErrors(page);
    await signInWithCart(context);
    await page.goto('/');
    await waitForReactRoot(page);
    const header = page.getByRole('banner');
    // The server's markup is the public page; the hydrated header is this customer's.
    await expect(header.getByRole('link', { name: 'Cerrar sesión' })).toBeVisible();
    await expect(header.getByRole('link', { name: /\(1\)/ })).toBeVisible();
    const popular = page.getByRole('main').getByRole('link').first();
    const target = await popular.getAttribute('href');
    await popular.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForReactRoot(page);
    await page.goBack();
    await waitForReactRoot(page);
    await page.getByRole('searchbox', { name: 'Buscar un trámite' }).fill('nota simple');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados de «nota simple»');
    await header.getByRole('link', { name: /^Carrito/ }).click();
    await expect(page).toHaveURL(/\/tienda\/cart$/);
    await expect(page.getByText('Nota simple').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the catalogue's list, a product and a legal page are islands too; the order link loads the wizard, which runs the app; back and forward", async () => {
    const errors = pageErrors(page);
    const { loaded, clear } = scriptsLoaded(page);
    // docs/decisions/0028-home-page-islands.md: the frame around the server's markup, not the app's entry.
    for (const url of ['/tienda/servicios', '/legal/privacidad']) {
      clear();
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await waitForReactRoot(page);
      await page.waitForLoadState('networkidle');
      expect(loaded(), url).toContain('islands');
      for (const absent of ['index', 'catalog', 'legal']) expect(loaded(), url).not.toContain(absent);
    }
    // From the list to a product: a full page load, hydrated as islands.
    await page.goto('/tienda/servicios');
    await waitForReactRoot(page);
    clear();
    await page
      .getByRole('main')
      .getByRole('link', { name: 'Más información sobre Nota simple del Registro de la Propiedad', exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(/\/tienda\/nota-simple$/);
    const product = page.getByRole('heading', { level: 1, name: 'Nota simple del Registro de la Propiedad' });
    await expect(product).toBeVisible();
    await waitForReactRoot(page);
    expect(loaded()).toContain('islands');
    expect(loaded()).not.toContain('index');
    // The order link loads the wizard's first step, which runs the whole app.
    clear();
    await page.getByRole('main').getByRole('link', { name: 'Solicitar', exact: true }).click();
    await expect(page).toHaveURL(/\/tienda\/nota-simple\/step1$/);
    await expect(page.getByRole('button', { name: 'Continuar', exact: true })).toBeVisible();
    await waitForReactRoot(page);
    expect(loaded()).toContain('index');
    // Back to the product page and forward to the step again.
    await page.goBack();
    await expect(page).toHaveURL(/\/tienda\/nota-simple$/);
    await expect(product).toBeVisible();
    await waitForReactRoot(page);
    await page.goForward();
    await expect(page).toHaveURL(/\/tienda\/nota-simple\/step1$/);
    await expect(page.getByRole('button', { name: 'Continuar', exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the server-rendered home (a large page) hydrates under the CSP: no inline script, no console error', async () => {
    const errors = pageErrors(page);
    const html = await (await context.request.get('/')).text();
    // React outlines a boundary larger than its chunk size behind an inline script the CSP blocks (error 419).
    expect(html).not.toMatch(/<script>/);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('a wizard step renders its first question from what the page carries: no product or evaluate request, no console error', async () => {
    const errors = pageErrors(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/stores/')) asked.push(`${r.method()} ${path}`);
    });
    await page.goto('/tienda/nota-simple/step51');
    await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
    await expect(page.locator('.price-panel')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked.filter((a) => a.includes('/products/'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the wizard step and the signed-in checkout arrive as HTML with their content, before any script runs', async () => {
    const noScript = await newContext(browser, server.baseUrl, { javaScriptEnabled: false });
    try {
      const step = await noScript.newPage();
      await step.goto('/tienda/nota-simple/step51');
      await expect(step.getByRole('heading', { level: 1, name: /^Referencia catastral/ })).toBeVisible();
      await expect(step.getByRole('textbox', { name: /^Referencia catastral/ })).toHaveValue('');
      await expect(step.getByRole('button', { name: 'Continuar' })).toBeVisible();
      await expect(step.locator('.price-panel')).toContainText('€');
      await signInWithCart(noScript);
      const checkout = await noScript.newPage();
      const response = await checkout.goto('/customer/checkout');
      // One customer's page: no cache may keep it.
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      await expect(checkout.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();
      await expect(checkout.getByRole('region', { name: 'Resumen del pedido' })).toContainText('Nota simple');
      await expect(checkout.getByRole('group', { name: 'Método de pago' })).toBeVisible();
      await expect(checkout.getByRole('link', { name: 'Cerrar sesión' })).toBeVisible();
    } finally {
      await noScript.close();
    }
  });

  test('the signed-in checkout hydrates its server markup: its chunk, the session asked for once, no cart request, no console error', async () => {
    const errors = pageErrors(page);
    await signInWithCart(context);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto('/customer/checkout');
    await expect(page.getByRole('group', { name: 'Método de pago' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The cart came with the page; the browser asks for its own session (with its CSRF token) once.
    expect(asked.filter((p) => p === '/api/session')).toHaveLength(1);
    expect(asked.filter((p) => p === '/api/cart')).toEqual([]);
    expect(asked.some((p) => /^\/assets\/checkout-[\w-]+\.js$/.test(p))).toBe(true);
    // It works on (hydrated, not a dead copy): choosing a method checks it.
    await page.getByRole('radio', { name: /^Tarjeta/ }).check();
    await expect(page.getByRole('radio', { name: /^Tarjeta/ })).toBeChecked();
    await expect(page.getByRole('button', { name: /^Pagar / })).toBeEnabled();
    expect(errors).toEqual([]);
  });

  test("a visitor's cart is hydrated as islands: the frame and the cart's island, whose controls change the cart", async () => {
    const errors = pageErrors(page);
    const { loaded, clear } = scriptsLoaded(page);
    await signInWithCart(context);
    await signInWithCart(context);
    await page.goto('/tienda/cart');
    const lines = page.locator('.cart-line');
    const before = await lines.count();
    expect(before).toBeGreaterThanOrEqual(2);
    await waitForReactRoot(page);
    await page.waitForLoadState('networkidle');
    // docs/decisions/0028-home-page-islands.md: the islands' entry and the cart's island, not the app.
    expect(loaded()).toContain('islands');
    expect(loaded()).toContain('cart-island');
    for (const absent of ['index', 'checkout', 'catalog']) expect(loaded()).not.toContain(absent);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: `Carrito (${before})` })).toBeVisible();
    // Removing a line: the server's new cart, in the page and in the header's count.
    await page
      .getByRole('button', { name: /^Eliminar/ })
      .first()
      .click();
    await expect(page.getByRole('status').filter({ hasText: /^Se ha eliminado «Nota simple/ })).toBeVisible();
    await expect(lines).toHaveCount(before - 1);
    await expect(header.getByRole('link', { name: `Carrito (${before - 1})` })).toBeVisible();
    // Its links and "Finalizar compra" load the next page, which the server renders.
    clear();
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await expect(page).toHaveURL(/\/customer\/checkout$/);
    await expect(page.getByRole('group', { name: 'Método de pago' })).toBeVisible();
    await waitForReactRoot(page);
    expect(loaded()).toContain('index');
    expect(errors).toEqual([]);
  });

  test('a stored draft is applied once the server-rendered wizard step is hydrated', async () => {
    const errors = pageErrors(page);
    const draft = { answers: { '82': '7183812VK4778S0001QK' }, seen: [], lastPath: null, lastStep: 0 };
    await page.addInitScript((value) => {
      window.localStorage.setItem('ventanilla:draft:1:nota-simple', value);
    }, JSON.stringify(draft));
    // The server's markup is the same for everyone: the field is empty there.
    const html = await (await context.request.get('/tienda/nota-simple/step51')).text();
    expect(html).not.toContain('7183812VK4778S0001QK');
    await page.goto('/tienda/nota-simple/step51');
    await expect(page.getByRole('textbox', { name: /^Referencia catastral/ })).toHaveValue('7183812VK4778S0001QK');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('what is typed on the server-rendered step before its code arrives is kept and sent', async () => {
    // The wizard's code is held back: the customer types into the server's markup, as on a slow phone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/wizard-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/tienda/nota-simple/step51', { waitUntil: 'domcontentloaded' });
    const field = page.getByRole('textbox', { name: /^Referencia catastral/ });
    await field.fill('9872023VH5797S0001WX');
    release();
    await waitForReactRoot(page);
    await expect(field).toHaveValue('9872023VH5797S0001WX');
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await page.waitForURL(/\/tienda\/nota-simple\/step52$/);
    await page.unrouteAll();
  });

  test('a chunk that does not load: the page reloads once, then says so and offers a retry', async () => {
    let attempts = 0;
    let documents = 0;
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents += 1;
    });
    // Every request for the cart's chunks fails, as for a file a new deploy removed: the app's (checkout) and, once
    // the page has reloaded (the server then renders the session's cart as islands), its island's.
    const cartChunks = /\/assets\/(checkout|cart-island)-[\w-]+\.js$/;
    await page.route(cartChunks, (route) => {
      attempts += 1;
      return route.abort('failed');
    });
    // A wizard step runs the app (the catalogue's pages are islands, their links full page loads: decision 0028).
    await page.goto('/tienda/nota-simple/step51');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForReactRoot(page);
    await page.getByRole('link', { name: /^Carrito/ }).click();
    await expect(page.getByRole('alert')).toContainText('No se ha podido cargar esta página');
    await expect(page.getByRole('button', { name: 'Volver a intentarlo' })).toBeVisible();
    // One navigation by the test, one reload by the page; the chunk asked for on both.
    expect(documents).toBe(2);
    expect(attempts).toBeGreaterThanOrEqual(2);
    // Once the file is there again, the retry shows the cart.
    await page.unroute(cartChunks);
    await page.getByRole('button', { name: 'Volver a intentarlo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Carrito' })).toBeVisible();
  });
});
