// The incident loop in the browser (docs/backoffice.md, "Templates and the incident loop"): an agent raises an
// incidence from a template with a live preview; the customer gets its e-mail, reads it in the customer panel and
// answers with a message and a document; the agent sees the answer on the order and the order back in the queue.
// An admin edits a template and an unknown placeholder is refused by name. axe on each screen.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, apiLogin, csrfToken } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { paidOrder, registerCustomer } from './support/backoffice-orders.js';
import { newContext } from './support/browser.js';
import { minimalPdf } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

const AGENT = { email: 'agente@ventanilla.test', password: 'agente-demo-2026' };
const ADMIN = { email: 'admin@ventanilla.test', password: 'admin-demo-2026' };
const INCIDENT_TEXT = 'Necesitamos la escritura de compraventa firmada.';
const ANSWER_TEXT = 'Os adjunto la escritura firmada.';

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let agent: BrowserContext;
let admin: BrowserContext;
let agentPage: Page;
let customerPage: Page;
let orderId: number;
let itemId: number;
const pageErrors: string[] = [];

async function pageOf(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
  return page;
}

test.describe.serial('the incident loop', () => {
  test.beforeAll(async ({ browser: launched }) => {
    // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    customer = await newContext(browser, server.baseUrl);
    agent = await newContext(browser, server.baseUrl);
    admin = await newContext(browser, server.baseUrl);
    customerPage = await pageOf(customer);
    await customerPage.goto('/?store=1');
    await customerPage.waitForLoadState('networkidle');
    await registerCustomer(customer, 'incidencia@example.com');
    await apiLogin(agent, AGENT.email, AGENT.password);
    await apiLogin(admin, ADMIN.email, ADMIN.password);
    agentPage = await pageOf(agent);
    ({ orderId, itemId } = await paidOrder(customer, admin));
  });

  test.afterAll(async () => {
    for (const c of [customer, agent, admin]) await c?.close().catch(() => undefined);
    await server?.stop();
    expect(pageErrors).toEqual([]);
  });

  test('the agent raises an incidence from a template, after its preview', async () => {
    await agentPage.goto(`/agentes/pedido/${itemId}`);
    await expect(agentPage.getByRole('heading', { level: 1, name: `Pedido ${itemId}` })).toBeVisible();
    await agentPage.getByRole('button', { name: 'Abrir incidencia' }).click();
    const dialog = agentPage.getByRole('dialog', { name: 'Abrir incidencia' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Incidencia', { exact: true }).selectOption('52');
    await dialog.getByLabel('Texto para el cliente').fill(INCIDENT_TEXT);
    // The live preview fills the order's values and the agent's text, in the store's language.
    const preview = dialog.frameLocator('iframe[title="Vista previa del texto"]');
    await expect(preview.locator('body')).toContainText(INCIDENT_TEXT);
    await expect(preview.locator('body')).toContainText(String(orderId));
    await expect(dialog).toContainText(`Incidencia en tu pedido ${orderId}`);
    await expectNoAxeViolations(agentPage, 'incidence dialog with its preview');

    await dialog.getByRole('button', { name: 'Enviar incidencia al cliente' }).click();
    await expect(dialog).toBeHidden();
    await expect(agentPage.getByText('Incidencia abierta: el cliente ha recibido el correo.')).toBeVisible();
    await expect(agentPage.locator('#plantillas')).toContainText(INCIDENT_TEXT);
    await expect(agentPage.locator('#historial')).toContainText('Incidencia');

    // The customer's e-mail is in the back office's mailbox, in Spanish (store 1).
    const mails = await apiCall(agent, 'GET', '/api/backoffice/emails?kind=incidence');
    const sent = (mails.json as { items: { order_id: number | null; subject: string; to: string }[] }).items;
    const mail = sent.find((m) => m.order_id === orderId);
    expect(mail?.to).toBe('incidencia@example.com');
    expect(mail?.subject).toContain(`Incidencia en tu pedido ${orderId}`);
  });

  test('the customer reads the incident in the panel and answers with a document', async () => {
    await customerPage.goto(`/orders/detail/${orderId}`);
    const panel = customerPage.getByRole('region', { name: 'Incidencia' });
    await expect(panel).toContainText(INCIDENT_TEXT);
    await expectNoAxeViolations(customerPage, 'customer order page with the incident form');

    await panel.getByLabel('Tu respuesta').fill(ANSWER_TEXT);
    await panel.getByLabel('Documentos').setInputFiles({
      name: 'escritura.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf('Escritura firmada'),
    });
    await panel.getByRole('button', { name: 'Enviar respuesta' }).click();
    await expect(panel.getByText('Hemos recibido tu respuesta. Seguimos con tu trámite.')).toBeVisible();
    await expect(panel).toContainText(ANSWER_TEXT);
    await expect(panel.getByRole('button', { name: 'Enviar respuesta' })).toHaveCount(0);
    await expectNoAxeViolations(customerPage, 'customer order page after answering');
  });

  test('the agent sees the answer with its file on the order, and the order back in the queue', async () => {
    await agentPage.reload();
    await expect(agentPage.getByRole('heading', { level: 1, name: `Pedido ${itemId}` })).toBeVisible();
    const section = agentPage.locator('#plantillas');
    await expect(section).toContainText(ANSWER_TEXT);
    await expect(section.getByRole('link', { name: 'escritura.pdf' })).toBeVisible();
    await expect(section).toContainText('Sí, pendiente de revisar');
    // The history: the answer moved it from Incidencia back to Pendiente (a work status).
    await expect(agentPage.locator('#historial')).toContainText('Incidencia');
    await expect(agentPage.locator('#historial')).toContainText('Pendiente');
    // The history line itself carries the customer's answer and its file count.
    await expect(agentPage.locator('#historial')).toContainText('Respuesta del cliente a la incidencia');
    await expect(agentPage.locator('#historial')).toContainText(`«${ANSWER_TEXT}» (archivos adjuntos: 1)`);
    const detail = await apiCall(agent, 'GET', `/api/backoffice/items/${itemId}`);
    const history = (detail.json as { history: { accion: string }[] }).history.map((h) => h.accion);
    expect(history).toContain('respuesta_incidencia');
    await expectNoAxeViolations(agentPage, 'order with the customer answer');

    // Closing the order's tab releases its lock; the auto-assign tab then gives this order back to the agent.
    await agentPage.getByRole('button', { name: `Cerrar la pestaña Pedido ${itemId}` }).click();
    await expect(agentPage.getByRole('tab', { name: `Pedido ${itemId}` })).toHaveCount(0);
    // The release is a no-op if the tab's close already made it (so the queue below does not race the close).
    const released = await agent.request.delete(`/api/backoffice/items/${itemId}/lock`, {
      headers: { 'x-csrf-token': await csrfToken(agent) },
    });
    expect(released.status()).toBe(200);
    await agentPage.goto('/agentes/-1');
    await expect(agentPage.getByRole('heading', { level: 1, name: `Pedido ${itemId}` })).toBeVisible();
    await expect(agentPage.locator('#plantillas')).toContainText(ANSWER_TEXT);
  });

  test('the agent e-mails the customer from a template after typing the value it lacks, and makes a PDF', async () => {
    await agentPage.getByRole('button', { name: 'Correo desde plantilla' }).click();
    const mail = agentPage.getByRole('dialog', { name: 'Correo desde plantilla' });
    await mail.getByLabel('Plantilla', { exact: true }).selectOption('3');
    // The order has no reference yet: shown as missing before sending, with a field to type it.
    await expect(mail.getByRole('status').filter({ hasText: 'Faltan datos' })).toContainText('{{referencia}}');
    await mail.getByLabel('Referencia').fill('R-2026-7');
    const preview = mail.frameLocator('iframe[title="Vista previa del texto"]');
    await expect(preview.locator('body')).toContainText('R-2026-7');
    await expect(mail.getByRole('status').filter({ hasText: 'Faltan datos' })).toHaveCount(0);
    await expectNoAxeViolations(agentPage, 'e-mail dialog with a typed value');
    await mail.getByRole('button', { name: 'Enviar correo al cliente' }).click();
    await expect(agentPage.getByText('Correo enviado al cliente.')).toBeVisible();
    const mails = await apiCall(agent, 'GET', '/api/backoffice/emails?kind=template');
    const sent = (mails.json as { items: { order_id: number | null }[] }).items;
    expect(sent.some((m) => m.order_id === orderId)).toBe(true);

    await agentPage.getByRole('button', { name: 'PDF desde plantilla' }).click();
    const pdf = agentPage.getByRole('dialog', { name: 'PDF desde plantilla' });
    await pdf.getByLabel('Plantilla', { exact: true }).selectOption('2');
    const missing = pdf.getByRole('group', { name: 'Datos que faltan para esta plantilla' });
    await expect(missing).toBeVisible();
    for (const input of await missing.getByRole('textbox').all()) await input.fill('Dato de prueba');
    await expect(pdf.getByRole('status').filter({ hasText: 'Faltan datos' })).toHaveCount(0);
    await pdf.getByRole('button', { name: 'Generar PDF' }).click();
    await expect(agentPage.getByText('PDF generado y añadido a los archivos.')).toBeVisible();
    await expect(agentPage.locator('#archivos')).toContainText('Autorización de representación');
  });

  test('an admin edits an incidence template: the preview updates and an unknown placeholder is refused', async () => {
    const page = await pageOf(admin);
    await page.goto('/agentes/plantillas');
    await expect(page.getByRole('heading', { level: 1, name: 'Plantillas' })).toBeVisible();
    await expectNoAxeViolations(page, 'templates list');
    await page.getByRole('link', { name: /Falta documentación \(Español\)/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Plantilla 52' })).toBeVisible();
    const body = page.getByLabel('Texto (HTML)');
    await body.fill('<p>Hola {{nombre}}, falta {{documento}}.</p>');
    await page.getByRole('button', { name: 'Guardar plantilla' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
    await expect(summary).toContainText('{{documento}}');
    await expectNoAxeViolations(page, 'template editor with an error');

    await body.fill('<p>Hola {{nombre}}, falta la escritura.</p>');
    await expect(page.frameLocator('iframe[title="Vista previa del texto"]').locator('body')).toContainText(
      'falta la escritura',
    );
    await page.getByRole('button', { name: 'Guardar plantilla' }).click();
    await expect(page.getByText('Plantilla guardada.')).toBeVisible();
  });
});
