// Canned responses in the browser (docs/backoffice.md, "Canned responses"): an admin writes one (an unknown
// placeholder is refused by name first); an agent picks it with the keyboard in the "e-mail from template" dialog of
// an order and it is filled with the order's values and inserted into the text. axe on each screen.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiLogin } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { paidOrder, registerCustomer } from './support/backoffice-orders.js';
import { newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const AGENT = { email: 'agente@ventanilla.test', password: 'agente-demo-2026' };
const ADMIN = { email: 'admin@ventanilla.test', password: 'admin-demo-2026' };

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let agent: BrowserContext;
let admin: BrowserContext;
let orderId: number;
let itemId: number;
const pageErrors: string[] = [];

async function pageOf(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
  return page;
}

test.describe.serial('canned responses', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    customer = await newContext(browser, server.baseUrl);
    agent = await newContext(browser, server.baseUrl);
    admin = await newContext(browser, server.baseUrl);
    const shop = await pageOf(customer);
    await shop.goto('/?store=1');
    await shop.waitForLoadState('networkidle');
    await registerCustomer(customer, 'respuestas@example.com');
    await apiLogin(agent, AGENT.email, AGENT.password);
    await apiLogin(admin, ADMIN.email, ADMIN.password);
    ({ orderId, itemId } = await paidOrder(customer, admin));
  });

  test.afterAll(async () => {
    for (const c of [customer, agent, admin]) await c?.close().catch(() => undefined);
    await server?.stop();
    expect(pageErrors).toEqual([]);
  });

  test('an admin writes a canned response; an unknown placeholder is refused by name', async () => {
    const page = await pageOf(admin);
    await page.goto('/agentes/respuestas');
    await expect(page.getByRole('heading', { level: 1, name: 'Respuestas predefinidas' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Certidão permanente/ })).toBeVisible();
    await page.getByRole('textbox', { name: /^Grupo/ }).fill('Seguimiento');
    await page.getByLabel('Título', { exact: true }).fill('Documentación recibida');
    await page.getByLabel('Texto', { exact: true }).fill('Hemos recibido la documentación de {{nombre_cliente}}.');
    await page.getByRole('button', { name: 'Guardar respuesta' }).click();
    const summary = page.getByRole('alert').filter({ hasText: '{{nombre_cliente}}' });
    await expect(summary).toBeVisible();
    await expectNoAxeViolations(page, 'canned responses with an error');
    await page
      .getByLabel('Texto', { exact: true })
      .fill('Hola {{nombre}}: hemos recibido la documentación del pedido {{numero_pedido}}.');
    await page.getByRole('button', { name: 'Guardar respuesta' }).click();
    await expect(page.getByText('Respuesta «Documentación recibida» guardada')).toBeVisible();
    await expect(page.getByRole('button', { name: /Documentación recibida/ })).toBeVisible();
    await page.getByLabel('Buscar respuestas').fill('documentación');
    await expect(page.getByText('Respuestas encontradas: 1')).toBeVisible();
    await expectNoAxeViolations(page, 'canned responses');
  });

  test('an agent inserts it, filled for the order, in the e-mail from a template', async () => {
    const page = await pageOf(agent);
    await page.goto(`/agentes/pedido/${itemId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Pedido ${itemId}` })).toBeVisible();
    await page.getByRole('button', { name: 'Correo desde plantilla' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correo desde plantilla' });
    await dialog.getByLabel('Plantilla', { exact: true }).selectOption('1');
    const picker = dialog.getByRole('combobox', { name: /Insertar respuesta predefinida/ });
    await picker.fill('recibido');
    await expect(dialog.getByRole('option', { name: /Documentación recibida/ })).toBeVisible();
    // Only the other groups: the Portuguese ones are not offered to this agent.
    await picker.fill('certid');
    await expect(dialog.getByText('No hay resultados', { exact: false }).first()).toBeVisible();
    await picker.fill('recibido');
    await picker.press('ArrowDown');
    await picker.press('Enter');
    const text = dialog.getByRole('textbox', { name: /motivo/i });
    await expect(text).toHaveValue(new RegExp(`hemos recibido la documentación del pedido ${orderId}\\.`));
    await expect(dialog.getByText('Respuesta «Documentación recibida» insertada.')).toBeVisible();
    await expectNoAxeViolations(page, 'template e-mail dialog with the canned response picker');
    await dialog.getByRole('button', { name: 'Enviar correo' }).click();
    await expect(dialog).toBeHidden();
  });
});
