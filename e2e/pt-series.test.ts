// The Portuguese series codes in the browser (docs/invoicing.md, "Portugal"): an admin finds the screen in the
// menu, records the AT validation code of a series, sees it listed, and a bad code is refused. axe on the screen.
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { apiLogin } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN = { email: 'admin@ventanilla.test', password: 'admin-demo-2026' };

let server: RunningServer;
let browser: Browser;
let admin: BrowserContext;

test.describe.serial('Portuguese series codes', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    admin = await newContext(browser, server.baseUrl);
    await apiLogin(admin, ADMIN.email, ADMIN.password);
  });
  test.afterAll(async () => {
    await admin?.close();
    await server?.stop();
  });

  test('an admin records a series code from the menu', async () => {
    const page = await admin.newPage();
    await page.goto('/agentes');
    await page.getByRole('link', { name: 'Series de Portugal (ATCUD)' }).click();
    await expect(page.getByRole('heading', { name: 'Series de facturación de Portugal' })).toBeVisible();
    await expectNoAxeViolations(page, 'Portuguese series codes');

    await page.getByLabel('Serie', { exact: true }).fill('F26-2030');
    await page.getByLabel('Código de validación de la AT').fill('AB-12');
    await page.getByRole('button', { name: 'Guardar código' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();

    await page.getByLabel('Código de validación de la AT').fill('abcd1234');
    await page.getByRole('button', { name: 'Guardar código' }).click();
    await expect(page.getByText('Código de la serie F26-2030 guardado')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'ABCD1234' })).toBeVisible();
  });
});
