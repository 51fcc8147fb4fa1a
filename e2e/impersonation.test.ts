// "Log in as the customer" in the browser (docs/backoffice.md, "Customers"): an admin finds a customer in the
// `client` tab, logs in as them, sees the banner and the customer's orders in the shop, and goes back to the back
// office, signed in as themselves again. axe on the customer screen and on the shop with the banner. The banner's
// time is in the shop's language, not the browser's locale. While impersonating, the banner stays visible and
// clickable above whatever the shop opens: the cookie banner of a first visit, the footer's cookie settings and the
// confirmation step of the customer's area (withdrawing an order), on a phone and on a wide screen.
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { apiCall, apiLogin } from './support/api.js';
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
let firstVisit: BrowserContext | undefined;
let orderId: number;
const pageErrors: string[] = [];

/**
 * The element is on screen and nothing covers it: the topmost element at its centre is the element (or inside it),
 * so a click there reaches it.
 */
async function expectOnTop(target: Locator, where: string): Promise<void> {
  await expect(target, where).toBeInViewport({ ratio: 1 });
  const topmost = await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit && el.contains(hit) ? 'itself' : (hit?.outerHTML.slice(0, 120) ?? 'nothing');
  });
  expect(topmost, `${where}: the topmost element at its centre`).toBe('itself');
}

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
    for (const c of [customer, admin, firstVisit]) await c?.close().catch(() => undefined);
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

  test('the banner stays above the cookie banner of a first visit, the cookie settings and a confirmation step', async () => {
    // An admin whose browser has no cookie choice yet: the shop asks for one while they are logged in as the customer.
    firstVisit = await newContext(browser, server.baseUrl, {}, false);
    await apiLogin(firstVisit, ADMIN.email, ADMIN.password);
    const session = await apiCall(customer, 'GET', '/api/session');
    const customerId = (session.json as { user: { id: number } }).user.id;
    const started = await apiCall(firstVisit, 'POST', `/api/backoffice/customers/${customerId}/impersonation`, {});
    expect(started.status).toBe(200);
    const page = await pageOf(firstVisit);
    const banner = page.getByRole('region', { name: 'Acceso como cliente' });
    const back = banner.getByRole('button', { name: 'Volver al back office' });
    const cookies = page.getByRole('region', { name: 'Cookies en este sitio' });

    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/orders/detail/${orderId}`);
      await expect(banner).toContainText(CUSTOMER_EMAIL);
      await page.waitForLoadState('networkidle');
      await expect(cookies).toBeVisible();
      await expectOnTop(back, `${width} px, the cookie banner of a first visit`);
      await expectNoAxeViolations(page, `${width} px, the shop as the customer with the cookie banner`);
      await cookies.getByRole('button', { name: 'Rechazar todas' }).click();
      await cookies.getByRole('button', { name: 'Ocultar este mensaje' }).click();
      await expect(cookies).toHaveCount(0);

      await page.getByRole('contentinfo').getByRole('button', { name: 'Configuración de cookies' }).click();
      await expect(cookies.getByRole('button', { name: 'Aceptar todas' })).toBeVisible();
      await expectOnTop(back, `${width} px, the cookie settings`);
      // The settings' heading, focused and scrolled to, is not under the banner either.
      await expectOnTop(cookies.getByRole('heading', { name: 'Cookies en este sitio' }), `${width} px, its heading`);
      await page.keyboard.press('Escape');
      await expect(cookies).toBeHidden();

      await page.getByRole('button', { name: 'Desistir del pedido' }).click();
      const confirm = page.getByRole('group', { name: `¿Quieres desistir del pedido ${orderId}?` });
      await expect(confirm).toBeVisible();
      await expectOnTop(back, `${width} px, the confirmation to withdraw`);
      await confirm.getByRole('button', { name: 'No, mantener el pedido' }).click();
      await expect(confirm).toHaveCount(0);
      // The first visit again: the next width meets the cookie banner as a first visit does.
      await firstVisit.clearCookies({ name: 'vt_consent' });
      await page.evaluate(() => localStorage.clear());
    }
    await back.click();
    await expect(page).toHaveURL(/\/agentes\/client\?id=\d+$/);
  });
});
