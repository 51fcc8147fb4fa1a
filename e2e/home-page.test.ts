// The start page (docs/shop-flows.md, "The start page"): the search, the most ordered services and the categories
// instead of every card; the search and the group chips work without JavaScript (GET forms and links the server
// renders) and the same pages hydrate with it.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function page(options: { javaScriptEnabled?: boolean; width?: number } = {}): Promise<Page> {
  const context = await newContext(browser, server.baseUrl, {
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  contexts.push(context);
  return context.newPage();
}

const pageHeight = (p: Page) => p.evaluate(() => document.documentElement.scrollHeight);

test.describe.serial('the start page', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
  });

  test.afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await server?.stop();
  });

  test('search, most ordered, categories: a short page, every service one link away', async () => {
    const p = await page();
    await p.goto('/?store=1');
    await expect(p.getByRole('heading', { level: 1 })).toHaveText('Trámites registrales y certificados online');
    await expect(p.getByRole('searchbox', { name: 'Buscar un trámite' })).toBeVisible();
    const popular = p.getByRole('region', { name: 'Los trámites más pedidos' });
    // No orders yet: the catalogue's first services.
    await expect(popular.getByRole('listitem')).toHaveCount(6);
    await expect(popular.getByRole('link').first()).toHaveText('Nota simple del Registro de la Propiedad');
    const categories = p.getByRole('region', { name: 'Categorías' });
    await expect(categories.getByRole('link', { name: 'Registro de la Propiedad', exact: true })).toBeVisible();
    // No product cards on the start page any more: the page was 53 cards long (8,563 px at 1280 px).
    await expect(p.locator('.product-card')).toHaveCount(0);
    await p.waitForLoadState('networkidle');
    await expect.poll(() => pageHeight(p)).toBeLessThan(3000);
    await expectNoAxeViolations(p, 'start page');

    await p.getByRole('link', { name: /^Ver todos los trámites \(\d+\)$/ }).click();
    await waitForPath(p, /^\/tienda\/servicios$/);
    await expect(p.locator('.product-card').first()).toBeVisible();
    await expect.poll(() => p.locator('.product-card').count()).toBeGreaterThan(40);
  });

  test('without JavaScript: the search is a GET form the server answers, accents and case aside', async () => {
    const p = await page({ javaScriptEnabled: false });
    await p.goto('/?store=1');
    await p.getByRole('searchbox', { name: 'Buscar un trámite' }).fill('VEHICULO dgt');
    await p.getByRole('button', { name: 'Buscar', exact: true }).click();
    await waitForPath(p, /^\/tienda\/buscar\?q=/);
    expect(new URL(p.url()).searchParams.get('q')).toBe('VEHICULO dgt');
    await expect(p.getByRole('heading', { level: 1 })).toHaveText('Resultados de «VEHICULO dgt»');
    await expect(p.getByText(/^\d+ trámites? coincid\w* con «VEHICULO dgt»\.$/)).toBeVisible();
    await expect(
      p.getByRole('heading', { level: 2, name: 'Informe de vehículo de la DGT por matrícula' }),
    ).toBeVisible();
    // Nothing found: says so and offers the whole list.
    await p.goto('/tienda/buscar?q=zzqxw');
    await expect(p.getByText('No hay trámites que coincidan con «zzqxw».')).toBeVisible();
    await expect(p.getByRole('link', { name: 'Ver el catálogo de servicios' })).toBeVisible();
  });

  test('without JavaScript: the group chips are links that filter the list', async () => {
    const p = await page({ javaScriptEnabled: false });
    await p.goto('/tienda/servicios?store=1');
    const chips = p.getByRole('navigation', { name: 'Filtrar por tipo de trámite' });
    await chips.getByRole('link', { name: 'Marcas', exact: true }).click();
    await waitForPath(p, /^\/tienda\/servicios\?grupo=marcas$/);
    await expect(chips.getByRole('link', { name: 'Marcas', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(p.getByRole('region', { name: 'Registro de marcas' })).toBeVisible();
    await expect(p.getByRole('region', { name: 'Registro de la Propiedad', exact: true })).toHaveCount(0);
    await chips.getByRole('link', { name: 'Todos', exact: true }).click();
    await expect(p.getByRole('region', { name: 'Registro de la Propiedad', exact: true })).toBeVisible();

    // A category whose services are of two groups has chips of its own.
    await p.goto('/tienda/servicios/informes-de-vehiculos');
    const own = p.getByRole('navigation', { name: 'Filtrar por tipo de trámite' });
    const all = await p.locator('.product-card').count();
    await own.getByRole('link', { name: 'Otros trámites' }).click();
    await expect.poll(() => p.locator('.product-card').count()).toBeLessThan(all);
  });

  test('with JavaScript: the same search opens in the app, and a new query replaces the results', async () => {
    const p = await page();
    await p.goto('/?store=1');
    await p.waitForLoadState('networkidle');
    await p.getByRole('searchbox', { name: 'Buscar un trámite' }).fill('nota simple');
    await p.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(p.getByRole('heading', { level: 1 })).toHaveText('Resultados de «nota simple»');
    await expect(p.getByRole('heading', { level: 2, name: 'Nota simple del Registro de la Propiedad' })).toBeVisible();
    await expectNoAxeViolations(p, 'search results');
    const box = p.getByRole('searchbox', { name: 'Buscar un trámite' });
    await box.fill('matrimonio');
    await p.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(p.getByRole('heading', { level: 1 })).toHaveText('Resultados de «matrimonio»');
    await expect(p.getByRole('heading', { level: 2, name: /matrimonio/i }).first()).toBeVisible();
  });

  test('at 320 px the start page fits the screen', async () => {
    const p = await page({ width: 320 });
    await p.goto('/?store=1');
    await p.waitForLoadState('networkidle');
    await expect.poll(() => p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
