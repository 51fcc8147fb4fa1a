// The back office's smaller capabilities, each in the browser once (docs/backoffice.md, "Staff edits" and "Tickets on
// screen"): a ticket's side with the customer's other tickets and orders; on an order, the status the customer sees
// and the provider set through their dialogs, the data-change alert and its switch after a customer correction, the
// cadastral lookup and a company report; the agent's own settings; a customer's payment data (method and IBAN, never
// a card); and the online agents, for admins only. Web-first assertions throughout; axe on each screen.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, apiLogin } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { ADMIN, startBackofficeWorld, type BackofficeWorld } from './support/backoffice-world.js';
import { newContext } from './support/browser.js';

const CUSTOMER = 'capacidades@example.com';
const OFFLINE_REFCAT = '0847106VK4704F0002PR'; // docs/integrations.md: Calle Alcala 45, Madrid
const PRODUCT = 'Nota simple del Registro de la Propiedad';
const SANDBOX_CIF = 'B86670460';
const IBAN = 'ES9121000418450200051332';

let world: BackofficeWorld;
let staff: BrowserContext;
let page: Page;
let itemId: number;
let orderId: number;

interface ItemDetail {
  client_status_id: number | null;
  provider_id: string | null;
  data_change_alert: boolean;
  customer: { customer_id: number };
}

const item = () => apiCall(staff, 'GET', `/api/backoffice/items/${itemId}`).then((r) => r.json as ItemDetail);
const heading = (name: string) => page.getByRole('heading', { level: 1, name });
const actions = () => page.locator('#acciones');
const plan = () => page.locator('#planificacion');

test.describe.serial('back-office capabilities in the browser', () => {
  test.beforeAll(async ({ browser }) => {
    // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
    test.setTimeout(300_000);
    world = await startBackofficeWorld(browser, { customerEmail: CUSTOMER });
    ({ staff, page, itemId, orderId } = world);
    // The customer corrects an answer of their order before anyone works it: the data-change alert's reason.
    const own = await apiCall(world.customer, 'GET', `/api/me/orders/${orderId}/items/${itemId}/answers`);
    const answers = (own.json as { answers: Record<string, unknown> }).answers;
    const corrected = await apiCall(world.customer, 'PUT', `/api/me/orders/${orderId}/items/${itemId}/answers`, {
      answers: { ...answers, '80': 'Calle Mayor 3, 1º A' },
    });
    expect(corrected.status).toBe(200);
  });

  test.afterAll(async () => {
    await world?.close();
    expect(world?.pageErrors ?? []).toEqual([]);
  });

  test("a ticket shows the customer's other tickets and orders at the side; each opens its tab", async () => {
    for (const subject of ['Primera consulta', 'Segunda consulta']) {
      const sent = await apiCall(world.customer, 'POST', '/api/contact', { email: CUSTOMER, subject, message: 'Hola' });
      expect(sent.status).toBe(200);
    }
    const list = await apiCall(staff, 'GET', `/api/backoffice/tickets?exact_email=${encodeURIComponent(CUSTOMER)}`);
    const tickets = (list.json as { items: { id: number; subject: string }[] }).items;
    const first = tickets.find((t) => t.subject === 'Primera consulta')!.id;
    const second = tickets.find((t) => t.subject === 'Segunda consulta')!.id;

    await page.goto(`/agentes/ticket/${second}`);
    await expect(heading(`Ticket ${second}`)).toBeVisible();
    const others = page.getByRole('region', { name: 'Otros tickets del cliente (1)' });
    await expect(others.getByRole('link')).toHaveText([`Ticket ${first}`]);
    await expect(others).toContainText('Primera consulta');
    const orders = page.getByRole('region', { name: 'Pedidos del cliente (1 líneas)' });
    await expect(orders.getByRole('link')).toHaveText([`Pedido ${itemId} · ${PRODUCT}`]);
    await expect(orders).toContainText(`pedido ${orderId}`);
    await expectNoAxeViolations(page, 'ticket with its side');

    await others.getByRole('link', { name: `Ticket ${first}` }).click();
    await expect(page).toHaveURL(new RegExp(`/agentes/ticket/${first}$`));
    await expect(heading(`Ticket ${first}`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Otros tickets del cliente (1)' }).getByRole('link')).toHaveText([
      `Ticket ${second}`,
    ]);
    await page
      .getByRole('region', { name: 'Pedidos del cliente (1 líneas)' })
      .getByRole('link', { name: `Pedido ${itemId} · ${PRODUCT}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/agentes/pedido/${itemId}$`));
    await expect(heading(`Pedido ${itemId}`)).toBeVisible();
  });

  test('the data-change alert shows after a customer correction and its switch turns it off', async () => {
    await page.goto(`/agentes/pedido/${itemId}`);
    await expect(heading(`Pedido ${itemId}`)).toBeVisible();
    await expect(page.getByText('Tienes este pedido bloqueado')).toBeVisible();
    const alert = page.getByText('El cliente ha cambiado datos de este pedido. Revísalos antes de seguir.');
    await expect(alert).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cambios de datos' })).toHaveAttribute('href', '#correcciones');
    await expect(page.locator('#correcciones')).toContainText('Calle Mayor 3, 1º A');
    const toggle = page.getByRole('checkbox', { name: 'Avisar de cambios de datos' });
    await expect(toggle).toBeChecked();
    await expectNoAxeViolations(page, 'order with the data-change alert');

    // The switch shows the server's state: it turns off once the change is saved.
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(alert).toHaveCount(0);
    await expect.poll(async () => (await item()).data_change_alert).toBe(false);
    await expect(page.locator('#historial')).toContainText('Alerta de cambio de datos');
  });

  test('the status the customer sees is set by hand through its dialog', async () => {
    await actions().getByRole('button', { name: 'Estado del cliente', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Estado que ve el cliente' });
    await expect(dialog).toBeVisible();
    const select = dialog.getByLabel('Estado para el cliente');
    await select.selectOption({ label: 'Listo' });
    await expect(select).toHaveValue('4');
    await expectNoAxeViolations(page, 'client status dialog');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(actions().getByText('Estado del cliente guardado.')).toBeVisible();
    await expect(plan()).toContainText('Listo (puesto a mano)');
    await expect.poll(async () => (await item()).client_status_id).toBe(4);
  });

  test('the provider is chosen from the providers list', async () => {
    await actions().getByRole('button', { name: 'Proveedor', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Proveedor del pedido' });
    const select = dialog.getByLabel('Proveedor');
    await expect(
      select.getByRole('option', { name: 'Colegio de Registradores de España (registradores)' }),
    ).toHaveCount(1);
    await select.selectOption({ label: 'Colegio de Registradores de España (registradores)' });
    await expect(select).toHaveValue('registradores');
    await expectNoAxeViolations(page, 'provider dialog');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(actions().getByText('Proveedor guardado.')).toBeVisible();
    await expect(plan()).toContainText('registradores');
    await expect.poll(async () => (await item()).provider_id).toBe('registradores');
  });

  test('the cadastral lookup and a company report answer beside the order', async () => {
    const tools = page.getByRole('region', { name: 'Consultas' });
    await tools.getByLabel('Referencia catastral').fill(OFFLINE_REFCAT);
    await tools.getByRole('button', { name: 'Consultar el Catastro' }).click();
    await expect(tools).toContainText(/Calle Alcala 45/i);
    await expect(tools).toContainText('Madrid');

    await tools.getByLabel('CIF de la empresa').fill('B86670461');
    await tools.getByRole('button', { name: 'Informe económico' }).click();
    await expect(tools.getByRole('alert')).toBeVisible();
    await tools.getByLabel('CIF de la empresa').fill(SANDBOX_CIF);
    await tools.getByRole('button', { name: 'Informe económico' }).click();
    await expect(tools).toContainText(`(${SANDBOX_CIF})`);
    await expect(tools).toContainText('Datos ficticios (sandbox)');
    await expect(tools).toContainText(/Facturación \d{4}/);
    // Audited from the top of the page: where the clicks left the window, whatever of the main column sits at the
    // sticky header's lower edge is "partly obscured" for axe's target-size rule (a fold's summary, seen once), which
    // says where the window stopped, not how the page is built. axe still audits the whole page, results included.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page, 'lookup results');
  });

  test("the agent's own settings: a refused number is said at its field; saved values come back", async () => {
    await page.goto('/agentes/ajustes');
    await expect(heading('Mis ajustes')).toBeVisible();
    const number = page.getByLabel('Número de Aircall');
    await number.fill('llamadme');
    await page.getByRole('button', { name: 'Guardar mis ajustes' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'own settings with an error');

    await number.fill('+34910000000');
    await page.getByLabel('Usuario de Aircall').fill('andresagente');
    await page.getByLabel('Código de etiquetador').fill('ET42');
    await page.getByLabel('Listas de productos').fill('notas | Notas | NS | Nota simple');
    await page.getByRole('button', { name: 'Guardar mis ajustes' }).click();
    await expect(page.getByText('Ajustes guardados.')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Número de Aircall')).toHaveValue('+34910000000');
    await expect(page.getByLabel('Usuario de Aircall')).toHaveValue('andresagente');
    await expect(page.getByLabel('Código de etiquetador')).toHaveValue('ET42');
    await expect(page.getByLabel('Listas de productos')).toHaveValue('notas | Notas | NS | Nota simple');
    await expectNoAxeViolations(page, 'own settings saved');
  });

  test("staff edit a customer's payment data: method and IBAN, never a card", async () => {
    const customerId = (await item()).customer.customer_id;
    await page.goto(`/agentes/client?id=${customerId}&store=1`);
    const section = page.getByRole('region', { name: 'Datos de pago' });
    await expect(section).toBeVisible();
    // No field takes a card number: the saved card can only be forgotten.
    await expect(section.getByRole('textbox', { name: /tarjeta/i })).toHaveCount(0);
    await expect(section).toContainText('Nadie del equipo ha cambiado estos datos.');

    await section.getByLabel('Método de pago preferido').selectOption({ label: 'Transferencia' });
    await section.getByLabel('Nueva cuenta bancaria (IBAN)').fill('4111 1111 1111 1111');
    await section.getByRole('button', { name: 'Guardar datos de pago' }).click();
    await expect(section.getByLabel('Nueva cuenta bancaria (IBAN)')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'payment data with an error');

    await section.getByLabel('Nueva cuenta bancaria (IBAN)').fill(IBAN);
    await section.getByRole('button', { name: 'Guardar datos de pago' }).click();
    await expect(section.getByText('Datos de pago guardados.')).toBeVisible();
    await expect(section.getByLabel('Método de pago preferido')).toHaveValue('bank');
    await expect(section).toContainText('ES91 •••• 1332');
    await expect(section).not.toContainText(IBAN);
    await expect(section.getByRole('table')).toContainText('Andrés Agente');
    await expectNoAxeViolations(page, 'payment data saved');
  });

  test('the online agents are for admins: the agent is told so, an admin sees who is active', async ({ browser }) => {
    await page.goto('/agentes/conectados');
    await expect(heading('Solo para administradores')).toBeVisible();

    const admin = await newContext(browser, world.server.baseUrl);
    try {
      await apiLogin(admin, ADMIN.email, ADMIN.password);
      const adminPage = await world.newPage(admin);
      await adminPage.goto('/agentes/conectados');
      await expect(adminPage.getByRole('heading', { level: 1, name: 'Agentes conectados' })).toBeVisible();
      await expect(adminPage.getByText('Personas del equipo activas en los últimos 5 minutos.')).toBeVisible();
      const rows = adminPage.getByRole('table').getByRole('row');
      await expect(rows.filter({ hasText: 'Andrés Agente' })).toContainText('Agente');
      await expect(rows.filter({ hasText: 'Ana Administradora' })).toContainText('Administrador');
      await expectNoAxeViolations(adminPage, 'online agents');
    } finally {
      await admin.close();
    }
  });
});
