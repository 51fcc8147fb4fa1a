// The customer's side of the person search and company reports (docs/customer-panel.md, "Person search (QP)";
// docs/integrations.md, "Company reports"), on the built product: a paid "propiedades de una persona" order shows its
// list under the line; the customer gets an empty form refused, a wrong DNI refused, adds a person, sends the list
// with a maximum and then cannot change it; another customer cannot open the order. A paid economic report gets the
// sandbox PDF attached by the background job, and the customer finds it among the order's documents. axe throughout.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, apiLogin } from './support/api.js';
import { registerCustomer } from './support/backoffice-orders.js';
import { AGENT } from './support/backoffice-world.js';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let other: BrowserContext;
let agent: BrowserContext;
let page: Page;

const QP_ANSWERS = {
  '1001': '100101',
  '1002': 'Lucía',
  '1003': 'Pérez García',
  '1005': '12345678Z',
  '1006': '2920', // up to 3 properties
  '1007': '100701',
  '1008': ['100801'],
};

/** Places and pays (bank transfer confirmed by the agent) one order of a product; returns its order id. */
async function paidOrderOf(urlKey: string, answers: Record<string, unknown>): Promise<number> {
  const added = await apiCall(customer, 'POST', '/api/cart/items', { store_id: 1, url_key: urlKey, answers });
  expect(added.status).toBe(201);
  const checkout = await apiCall(customer, 'POST', '/api/checkout', {
    payment_method: 'bank',
    accept_terms: true,
    start_now: true,
  });
  expect(checkout.status).toBe(201);
  const orderId = (checkout.json as { order_id: number }).order_id;
  const confirmed = await apiCall(agent, 'POST', `/api/backoffice/orders/${orderId}/confirm-transfer`, {});
  expect(confirmed.status).toBe(200);
  return orderId;
}

test.describe.serial('person search (QP) and company reports for customers', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    customer = await newContext(browser, server.baseUrl);
    other = await newContext(browser, server.baseUrl);
    agent = await newContext(browser, server.baseUrl);
    await apiLogin(agent, AGENT.email, AGENT.password);
    page = await customer.newPage();
    await page.goto('/');
    await registerCustomer(customer, 'qp-e2e@example.com');
    const otherPage = await other.newPage();
    await otherPage.goto('/');
    await registerCustomer(other, 'qp-e2e-otro@example.com');
    await otherPage.close();
  });

  test.afterAll(async () => {
    for (const c of [customer, other, agent]) await c?.close().catch(() => undefined);
    await server?.stop();
  });

  test('the customer lists a person and sends the list once', async () => {
    const orderId = await paidOrderOf('propiedades-de-una-persona', QP_ANSWERS);
    await page.goto(`/orders/detail/${orderId}`);
    const section = page.getByRole('region', { name: 'Personas cuyas propiedades buscamos' });
    await expect(section).toBeVisible();
    await expect(section.getByText('Todavía no has añadido a nadie.')).toBeVisible();
    await expectNoAxeViolations(page, 'QP list, empty');

    await section.getByRole('button', { name: 'Añadir a la lista' }).click();
    await expect(section.getByRole('alert').first()).toContainText('Por favor, escribe el dato');
    await expectNoAxeViolations(page, 'QP list, errors');

    await section.getByLabel('Nombre', { exact: true }).fill('Ana');
    await section.getByLabel('Apellidos').fill('Silva Gómez');
    await section.getByLabel('DNI o NIE').fill('12345678A');
    await section.getByRole('button', { name: 'Añadir a la lista' }).click();
    await expect(section.getByText('El NIF no es válido').first()).toBeVisible();

    await section.getByLabel('DNI o NIE').fill('x1234567l');
    await section.getByRole('button', { name: 'Añadir a la lista' }).click();
    await expect(section.getByText('Hemos añadido a Ana Silva Gómez.')).toBeVisible();
    await expect(section.getByRole('list', { name: 'Personas de la lista' })).toContainText(
      'Ana Silva Gómez (X1234567L)',
    );

    await section.getByRole('button', { name: 'Enviar la lista (1 persona)' }).click();
    await expect(section.getByRole('alert').first()).toContainText('Por favor, selecciona una opción');
    await section.getByLabel('Número máximo de propiedades a localizar').selectOption('3');
    await section.getByRole('button', { name: 'Enviar la lista (1 persona)' }).click();
    await expect(section.getByText('Lista enviada: buscamos hasta 3 propiedades.')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Añadir a la lista' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'QP list, sent');

    // Read-only for the API too, and not the other customer's.
    const itemId = ((await apiCall(customer, 'GET', `/api/me/orders/${orderId}`)).json as { items: { id: number }[] })
      .items[0]!.id;
    const late = await apiCall(customer, 'POST', '/api/me/qp/names', {
      item_id: itemId,
      nombre: 'Otra',
      apellidos: 'Persona',
      nif: '12345678Z',
    });
    expect(late.status).toBe(409);
    expect((await apiCall(other, 'GET', `/api/me/qp/${itemId}`)).status).toBe(404);
    const otherPage = await other.newPage();
    await otherPage.goto(`/orders/detail/${orderId}`);
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Pedido no encontrado' })).toBeVisible();
    await expect(otherPage.getByText('Ana Silva Gómez')).toHaveCount(0);
    await otherPage.close();
  });

  test('a paid economic report gets its sandbox PDF attached; the customer downloads it', async () => {
    const orderId = await paidOrderOf('informe-economico', { '5501': 'Ejemplo Servicios SL', '5502': 'B86670460' });
    await page.goto(`/orders/detail/${orderId}`);
    const link = page.getByRole('link', { name: 'informe-economico-B86670460.pdf' });
    // The background job (pg-boss, polling every few seconds) attaches it shortly after the payment.
    await expect(async () => {
      await page.reload();
      await expect(link).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expectNoAxeViolations(page, 'order with the company report');
    const href = await link.getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
