// Catalogue editing in the back office, end to end on the built product: an admin finds the nota simple, sets a new
// price, the shop shows it at once; a broken question form is refused with the linter's problems, each leading to its
// place in the JSON; the history restores the first version and the shop is back to 25.12. axe on every page.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiLogin } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { norm, textOf, waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN = { email: 'admin@ventanilla.test', password: 'admin-demo-2026' };
const NOTA = 'Nota simple del Registro de la Propiedad';

let server: RunningServer;
let browser: Browser;
let admin: BrowserContext;
let shopper: BrowserContext;
let page: Page;

async function heading(p: Page, name: string | RegExp): Promise<void> {
  await expect(p.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The price the shop's product page shows for the nota simple in store 1. */
async function shopPrice(): Promise<string> {
  const shop = await shopper.newPage();
  try {
    await shop.goto('/tienda/nota-simple?store=1');
    const amount = shop.locator('.product-page__amount');
    await expect(amount).toBeVisible();
    return norm(await textOf(amount));
  } finally {
    await shop.close();
  }
}

test.describe.serial('catalogue editing: price, question form, history', () => {
  test.beforeAll(async ({ browser: launched }) => {
    // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    admin = await newContext(browser, server.baseUrl);
    shopper = await newContext(browser, server.baseUrl);
    await apiLogin(admin, ADMIN.email, ADMIN.password);
    page = await admin.newPage();
  });

  test.afterAll(async () => {
    for (const c of [admin, shopper]) await c?.close().catch(() => undefined);
    await server?.stop();
  });

  test('the catalogue list is reached from the back-office menu and filters by text', async () => {
    await page.goto('/agentes');
    await page.getByRole('navigation').getByRole('link', { name: 'Catálogo' }).click();
    await waitForPath(page, /^\/agentes\/catalogo$/);
    await heading(page, 'Catálogo de productos');
    await expectNoAxeViolations(page, 'catalogue list');

    await page.getByLabel('Nombre, url_key o id').fill('nota-simple');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^\d+ productos$/ })).toBeVisible();
    await expect.poll(() => shopPrice()).toBe('25,12 €');
    await page.getByRole('link', { name: NOTA }).click();
    await heading(page, `Editar «${NOTA}»`);
    await expectNoAxeViolations(page, 'product edit page');
  });

  test('a malformed price is refused in the error summary; a new price reaches the shop at once', async () => {
    const price = page.getByLabel('Precio sin IVA (€)');
    await price.fill('treinta');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
    await summary.getByRole('link', { name: /Escribe el precio con dos decimales/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('catalog-base-price');
    await expectNoAxeViolations(page, 'product edit page with errors');

    await price.fill('30,00');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cambios guardados' })).toBeVisible();
    // 30.00 + 21 % = 36.30
    await expect.poll(() => shopPrice()).toBe('36,30 €');
  });

  test('a form the linter rejects lists its problems, each leading to its place in the JSON', async () => {
    await page
      .getByRole('navigation', { name: 'Secciones del producto' })
      .getByRole('link', { name: 'Formulario de preguntas' })
      .click();
    await heading(page, `Formulario de «${NOTA}»`);
    await expectNoAxeViolations(page, 'form editor');

    const editor = page.getByLabel('Formulario (JSON)');
    await expect(editor).toHaveValue(/"options"/);
    const form = JSON.parse(await editor.inputValue()) as {
      options: Array<{ option_id: number; previous_steps: unknown[] }>;
    };
    form.options.find((o) => o.option_id === 411)!.previous_steps = [{ option_id: 4242, value: '1' }];
    await editor.fill(JSON.stringify(form, null, 2));
    await page.getByRole('button', { name: 'Guardar formulario' }).click();
    const message = 'options[411].previous_steps: la opción 4242 no existe en este formulario.';
    await expect(
      page.getByRole('alert').filter({ hasText: 'Hay un problema' }).getByRole('link', { name: message }),
    ).toBeVisible();
    const problems = page.locator('section', { has: page.getByRole('heading', { name: 'Problemas del formulario' }) });
    await problems
      .getByRole('listitem')
      .filter({ hasText: message })
      .getByRole('button', { name: /^Ir al punto del JSON/ })
      .click();
    const selected = await page.evaluate(() => {
      const el = document.activeElement as HTMLTextAreaElement;
      return el.value.slice(el.selectionStart, el.selectionEnd);
    });
    expect(selected).toBe('"option_id": 411');
    await expectNoAxeViolations(page, 'form editor with linter problems');
  });

  test('the history restores the first version: the shop is back to 25.12', async () => {
    await page.getByRole('link', { name: 'Historial de cambios' }).click();
    await heading(page, `Historial de «${NOTA}»`);
    await expect(page.getByRole('table').getByText('base_price')).toBeVisible();
    await expectNoAxeViolations(page, 'history');
    await page.getByRole('button', { name: 'Restaurar la versión 1' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Se ha restaurado la versión 1' })).toBeVisible();
    await expect.poll(shopPrice, { timeout: 10_000, intervals: [500] }).toBe('25,12 €');
    await expectNoAxeViolations(page, 'history after a restore');
  });
});
