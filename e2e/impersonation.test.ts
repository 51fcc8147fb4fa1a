// "Log in as the customer" in the browser (docs/backoffice.md, "Customers"): an admin finds a customer in the
// `client` tab, logs in as them, sees the banner and the customer's orders in the shop, and goes back to the back
// office, signed in as themselves again. axe on the customer screen and on the shop with the banner. The banner's
// time is in the shop's language, not the browser's locale.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiLogin } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { paidOrder, registerCustomer } from './support/backoffice-orders.js';
import { newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN = { email: 'admin@ventanilla.test', password: 'admin-demo-2026' };
const CUSTOMER_EMAIL = 'suplantada@example.com';

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let admin: BrowserContext;
let orderId: number;
const pageErrors: string[] = [];

async function pageOf(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
  return page;
}

test.describe.serial('log in as the customer', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    customer = await newContext(browser, server.baseUrl);
    // A browser in American English: the banner's time still follows the shop's language (24-hour "15:40").
    admin = await newContext(browser, server.baseUrl, { locale: 'en-US' });
    const shop = await pageOf(customer);
    await shop.goto('/?store=1');
    await shop.waitForLoadState('networkidle');
    await registerCustomer(customer, CUSTOMER_EMAIL);
    await apiLogin(admin, ADMIN.email, ADMIN.password);
    ({ orderId } = await paidOrder(customer, admin));
  });

  test.afterAll(async () => {
    for (const c of [customer, admin]) await c?.close().catch(() => undefined);
    await server?.stop();
    expect(pageErrors).toEqual([]);
  });

  test('an admin logs in as a customer, sees the banner and their orders, and goes back', async () => {
    const page = await pageOf(admin);
    await page.goto('/agentes/client');
    await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    await page.getByRole('searchbox', { name: /Buscar clientes/ }).fill(String(orderId));
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Clientes encontrados: 1' })).toBeVisible();
    await page.getByRole('link', { name: CUSTOMER_EMAIL }).click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(CUSTOMER_EMAIL) })).toBeVisible();
    await expect(page.getByRole('cell', { name: String(orderId), exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page, 'customer page');

    await page.getByRole('button', { name: 'Entrar como este cliente' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    const banner = page.getByRole('region', { name: 'Acceso como cliente' });
    await expect(banner).toContainText(`Estás viendo la tienda como ${CUSTOMER_EMAIL}`);
    await expect(banner).toContainText(/\(solo lectura, hasta las \d{2}:\d{2}\)/);
    await expect(banner).not.toContainText(/AM|PM/);
    await expect(page.getByText(String(orderId)).first()).toBeVisible();
    await expectNoAxeViolations(page, 'shop as the customer');

    // Read-only: where the shop would change something it says why it cannot (the server refuses it too).
    await page.evaluate(() =>
      localStorage.setItem(
        'ventanilla:draft:1:nota-simple',
        JSON.stringify({
          answers: { 77: 'Juan Español', 78: '5028', 79: '28005', 80: 'Calle Mayor 1, 2º B', 411: '3781' },
          seen: [77, 78, 79, 80, 411],
          lastPath: null,
          lastStep: 0,
          updatedAt: Date.now(),
        }),
      ),
    );
    await page.goto('/tienda/nota-simple/confirmation');
    await expect(page.getByRole('button', { name: 'Añadir al carrito' })).toBeDisabled();
    await expect(page.getByText(/en solo lectura: no puedes añadir al carrito/)).toBeVisible();
    await expectNoAxeViolations(page, 'check answers as the customer');

    await banner.getByRole('button', { name: 'Volver al back office' }).click();
    await expect(page).toHaveURL(/\/agentes\/client\?id=\d+$/);
    await expect(page.getByRole('region', { name: 'Acceso como cliente' })).toHaveCount(0);
    await expect(page.getByText(/Ana Administradora/).first()).toBeVisible();
    // The audit shows the visit, ended by going back.
    await expect(page.getByRole('cell', { name: ADMIN.email })).toBeVisible();
    await expect(page.getByRole('cell', { name: /returned/ })).toBeVisible();
  });
});
