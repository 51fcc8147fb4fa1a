// A product page of each language answers full HTML to a browser without JavaScript (title,
// description, canonical, hreflang, JSON-LD price equal to the API's price), and with JavaScript React hydrates that
// same markup without a mismatch and the page works on (its order button leads into the wizard).
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

interface ApiProduct {
  name: string;
  price: string;
  meta_title: string;
  meta_description: string;
  stores: string[];
}
interface ApiStore {
  store_id: number;
  name: string;
  language: string;
  country: string;
}

const PAGES = [
  { storeId: 1, urlKey: 'nota-simple', host: 'ventanilla.es' },
  { storeId: 16, urlKey: 'certidao-permanente', host: 'ventanilla.pt' },
  { storeId: 17, urlKey: 'folio-request', host: 'ventanilla.ie' },
] as const;

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

async function withContext<T>(browser: Browser, js: boolean, run: (page: Page, c: BrowserContext) => Promise<T>) {
  // No bypassCSP here: the pages must work under the product's own Content-Security-Policy.
  const context = await newContext(browser, server.baseUrl, { javaScriptEnabled: js, bypassCSP: false });
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

test.describe.serial('server-rendered product pages', () => {
  for (const { storeId, urlKey, host } of PAGES) {
    test(`store ${storeId} (${urlKey}): the HTML without JavaScript`, async ({ browser }) => {
      const product = await api<ApiProduct>(`/api/stores/${storeId}/products/${urlKey}`);
      const store = await api<ApiStore>(`/api/stores/${storeId}`);
      await withContext(browser, false, async (page) => {
        const response = await page.goto(`/tienda/${urlKey}?store=${storeId}`);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', store.language);
        expect(product.meta_title).not.toBe('');
        await expect(page).toHaveTitle(`${product.meta_title} - ${store.name}`);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', product.meta_description);
        const canonical = `https://${host}/tienda/${urlKey}`;
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
        const alternates = await page
          .locator('link[rel="alternate"][hreflang]')
          .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
        expect(alternates).toContainEqual([`${store.language}-${store.country}`, canonical]);
        const jsonLd = await page
          .locator('script[type="application/ld+json"]')
          .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? 'null') as Record<string, unknown>));
        const ld = jsonLd.find((d) => d['@type'] === 'Product') as { name: string; offers: Record<string, unknown> };
        expect(ld.name).toBe(product.name);
        expect(ld.offers['price']).toBe(product.price);
        expect(ld.offers['priceCurrency']).toBe('EUR');
        expect(jsonLd.some((d) => d['@type'] === 'BreadcrumbList')).toBe(true);
        await expect
          .poll(() => page.locator('meta[property="og:title"]').getAttribute('content'))
          .toBe(await page.title());
        // The content is in the page, not behind a spinner.
        await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
        await expect(page.locator('.product-page__amount')).toContainText(
          new RegExp(product.price.replace('.', '[.,]')),
        );
      });
    });
  }

  test('with JavaScript the same markup is hydrated, without a mismatch, and works on', async ({ browser }) => {
    await withContext(browser, true, async (page) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      const productCalls: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'GET' && /\/api\/stores\/16\/(products\/[^/?]+|categories)(\?|$)/.test(r.url())) {
          productCalls.push(r.url());
        }
      });
      const sessionLoaded = page.waitForResponse((r) => r.url().includes('/api/session'));
      await page.goto('/tienda/certidao-permanente?store=16');
      const heading = page.getByRole('heading', { level: 1, name: 'Certidão Permanente do Registo Predial' });
      await expect(heading).toBeVisible();
      // The browser's own session arrives (the page was rendered with a public stand-in), then the app is live.
      await sessionLoaded;
      await page.getByRole('link', { name: 'Pedir', exact: true }).click();
      await expect(page).toHaveURL(/\/tienda\/certidao-permanente\/step1/);
      await expect(page.getByRole('combobox', { name: 'Distrito ou região autónoma' })).toBeVisible();
      expect(problems).toEqual([]);
      // Hydrated from the page's own data: neither the page nor the wizard after it fetched the product again.
      expect(productCalls).toEqual([]);
    });
  });

  test('an unknown address answers 404 with a helpful page, without and with JavaScript', async ({ browser }) => {
    for (const js of [false, true]) {
      await withContext(browser, js, async (page) => {
        const response = await page.goto('/tienda/servicios/no-such-thing/at-all?store=17');
        expect(response?.status()).toBe(404);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Land Registry', exact: true })).toBeVisible();
        await expect(page).toHaveTitle('Page not found - Ventanilla Ireland');
      });
    }
  });
});
