// Store 9, the English registry site, sells the Spanish catalogue in English. In Chromium its
// catalogue, product page and wizard read in English (the shop's own texts and the catalogue's alike), while store 1
// keeps the same product in Spanish.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, formatViolations, runAxe } from './support/axe.js';
import { apiLogin } from './support/api.js';
import { ADMIN } from './support/backoffice-world.js';
import { newContext } from './support/browser.js';
import { waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function withPage<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await newContext(browser, server.baseUrl);
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

const heading = (page: Page, name: string) =>
  expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();

test('store 9: the catalogue, the nota simple page and its wizard are in English', async ({ browser }) => {
  await withPage(browser, async (page) => {
    await page.goto('/tienda/servicios?store=9');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: /Land Registry extract \(nota simple\)/ }).first()).toBeVisible();
    await expect(page.getByText('Nota simple del Registro de la Propiedad')).toHaveCount(0);

    await page.goto('/tienda/nota-simple?store=9');
    await heading(page, 'Land Registry extract (nota simple)');
    await expect(
      page.getByText('Owners, description and charges of a property according to the Land Registry.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Delivery time' })).toBeVisible();
    await expect(page.locator('main')).not.toContainText(/Plazo de entrega|IVA incluido/);
    // No text of the page claims another language: the product's texts are the store's.
    await expect(page.locator('article[lang]')).toHaveCount(0);
    await expect(page).toHaveTitle('Land Registry extract (nota simple) online - Ventanilla Registry');

    await page.getByRole('link', { name: 'Order', exact: true }).click();
    await waitForPath(page, /^\/tienda\/nota-simple\/step1$/);
    await heading(page, 'Province and Town');
    for (const label of ['Province', 'Town']) {
      await expect(page.getByRole('combobox', { name: label, exact: true })).toBeVisible();
    }
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    // Answer the first page as a customer would, and the next question is in English too.
    for (const [label, name] of [
      ['Province', 'Madrid'],
      ['Town', 'Alcalá de Henares'],
    ] as const) {
      const input = page.getByRole('combobox', { name: label, exact: true });
      await input.click();
      await page.keyboard.type(name);
      await page
        .getByRole('option', { name: new RegExp(`^${name}`) })
        .first()
        .click();
      await expect(input).toHaveValue(name);
    }
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await waitForPath(page, /^\/tienda\/nota-simple\/step2$/);
    await heading(page, 'Address of the property');
    await expect(page.getByLabel('Address of the property', { exact: true })).toBeVisible();
    await expect(page.getByText('Street, number, block, floor and door').first()).toBeVisible();
  });
});

test('store 1 keeps the same product in Spanish', async ({ browser }) => {
  await withPage(browser, async (page) => {
    await page.goto('/tienda/nota-simple?store=1');
    await heading(page, 'Nota simple del Registro de la Propiedad');
    await expect(page.getByRole('heading', { name: 'Plazo de entrega' })).toBeVisible();
  });
});

test('the back office edits the English texts; store 9 shows the edit and a gap is refused', async ({ browser }) => {
  const admin = await newContext(browser, server.baseUrl);
  try {
    await apiLogin(admin, ADMIN.email, ADMIN.password);
    const page = await admin.newPage();
    await page.goto('/agentes/catalogo/15867');
    await page.getByRole('link', { name: 'Otros idiomas', exact: true }).click();
    await waitForPath(page, /^\/agentes\/catalogo\/15867\/idiomas$/);
    await expect(
      page.getByText('Idiomas de las tiendas que lo venden que necesitan traducción completa: en.'),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'translations page');
    const json = page.getByLabel('Traducciones (JSON)');
    await expect(json).toHaveValue(/"en"/);
    const translations = JSON.parse(await json.inputValue()) as {
      en: { name: string; form: { options: Record<string, unknown> } };
    };
    expect(translations.en.name).toBe('Land Registry extract (nota simple)');

    // A question left without its English text: the linter's problem in the error summary, nothing saved.
    const gap = structuredClone(translations);
    delete gap.en.form.options['411'];
    await json.fill(JSON.stringify(gap, null, 2));
    await page.getByRole('button', { name: 'Guardar traducciones' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
    await expect(
      summary.getByRole('link', { name: /Se vende en la tienda 9 \(en\).*form\.options\.411\.title/ }),
    ).toBeVisible();

    translations.en.name = 'Land Registry extract (nota simple), edited';
    await json.fill(JSON.stringify(translations, null, 2));
    await page.getByRole('button', { name: 'Guardar traducciones' }).click();
    await expect(page.getByText('Cambios guardados')).toBeVisible();
    const shop = await browser.newContext({ baseURL: server.baseUrl });
    const res = await shop.request.get('/api/stores/9/products/nota-simple');
    expect(((await res.json()) as { name: string }).name).toBe('Land Registry extract (nota simple), edited');
    await shop.close();
  } finally {
    await admin.close();
  }
});
