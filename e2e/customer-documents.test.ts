// The sign-in page asks the e-mail first (spec: customer/authenticate, then customer/authenticate/{email}): a new
// address goes on to the registration, a known one to its password. Then the documents page: the customer sends
// their DNI to a paid order from its page (upload progress), the order then says it has it, the document is listed
// and downloads; another customer's order is not found. On the built product, axe on each new screen.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, apiLogin } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { paidOrder } from './support/backoffice-orders.js';
import { AGENT } from './support/backoffice-world.js';
import { newContext } from './support/browser.js';
import { minimalPdf, waitForPath, writeTemp } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const CUSTOMER = {
  email: `documentos.${run}@example.com`,
  password: 'una-clave-larga-2026',
  firstname: 'Marta',
  lastname: 'Gil',
};

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let again: BrowserContext;
let agent: BrowserContext;
let stranger: BrowserContext;
let page: Page;
let tmp: string;

test.describe.serial('e-mail-first sign-in, then documents sent to an order', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    customer = await newContext(browser, server.baseUrl);
    again = await newContext(browser, server.baseUrl);
    agent = await newContext(browser, server.baseUrl);
    stranger = await newContext(browser, server.baseUrl);
    await apiLogin(agent, AGENT.email, AGENT.password);
    page = await customer.newPage();
    tmp = mkdtempSync(path.join(tmpdir(), 'vt-docs-'));
  });

  test.afterAll(async () => {
    for (const c of [customer, again, agent, stranger]) await c?.close().catch(() => undefined);
    await server?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  test('a new address goes from the e-mail step to the registration, and back to where it was going', async () => {
    await page.goto('/documentos');
    await waitForPath(page, /^\/customer\/authenticate\?next=%2Fdocumentos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page, 'sign-in: the e-mail step');
    // An address that is not one: the error summary, the field marked.
    await page.getByLabel('Correo electrónico').fill('no-es-un-correo');
    await page.getByRole('button', { name: 'Continuar' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
    await expect(summary).toBeVisible();
    await expectNoAxeViolations(page, 'sign-in: the e-mail step with an error');

    await page.getByLabel('Correo electrónico').fill(CUSTOMER.email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await waitForPath(page, /^\/customer\/authenticate\/documentos\.[^/]+%40example\.com\?next=%2Fdocumentos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Crear una cuenta' })).toBeVisible();
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(CUSTOMER.email);
    await expectNoAxeViolations(page, 'sign-in: registration of a new address');
    await page.getByLabel('Nombre', { exact: true }).fill(CUSTOMER.firstname);
    await page.getByLabel('Apellidos').fill(CUSTOMER.lastname);
    await page.getByLabel('Contraseña', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('main').getByRole('button', { name: 'Crear cuenta' }).click();
    await waitForPath(page, /^\/documentos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible();
  });

  test('a known address goes on to its password; a reload of that step asks the server again', async () => {
    const p = await again.newPage();
    await p.goto('/customer/authenticate');
    await p.getByLabel('Correo electrónico').fill(CUSTOMER.email.toUpperCase());
    await p.getByRole('button', { name: 'Continuar' }).click();
    await expect(p.getByText(`Escribe la contraseña de tu cuenta ${CUSTOMER.email.toUpperCase()}.`)).toBeVisible();
    await p.reload();
    await expect(p.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expectNoAxeViolations(p, 'sign-in: the password step');
    await p.getByLabel('Contraseña', { exact: true }).fill(CUSTOMER.password);
    await p.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
    await waitForPath(p, /^\/orders$/);
    await p.close();
  });

  test('the DNI is sent to a paid order from its page; the order then says it has it', async () => {
    test.setTimeout(120_000);
    const { orderId } = await paidOrder(customer, agent);
    await page.goto(`/orders/detail/${orderId}`);
    await page.getByRole('link', { name: 'Enviar documentos a este pedido' }).click();
    await waitForPath(page, new RegExp(`^/documentos\\?pedido=${orderId}$`));
    await expect(page.getByLabel('Pedido', { exact: true })).toHaveValue(String(orderId));
    await expect(page.getByText('Todavía no hay documentos en tus pedidos.')).toBeVisible();
    await expect(page.getByText('Ya nos enviaste tu documento de identidad para este pedido.')).toHaveCount(0);
    await expectNoAxeViolations(page, 'documents page');

    // Nothing chosen: the error summary names the field.
    await page.getByRole('button', { name: 'Enviar documentos' }).click();
    await expect(page.getByRole('link', { name: 'Elige al menos un archivo' })).toBeVisible();
    await expectNoAxeViolations(page, 'documents page with an error');

    await page.getByLabel('Mi DNI, NIE o pasaporte').check();
    await page
      .getByLabel('Documentos', { exact: true })
      .setInputFiles(writeTemp(tmp, 'dni.pdf', minimalPdf('DNI 12345678Z')));
    await page.getByRole('button', { name: 'Enviar documentos' }).click();
    await expect(page.getByText('Hemos recibido tu documento.')).toBeVisible();
    await expect(page.getByText('Ya nos enviaste tu documento de identidad para este pedido.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'dni.pdf' });
    await expect(row).toContainText('Tú (documento de identidad)');
    await expect(row.getByRole('link', { name: String(orderId) })).toBeVisible();
    await expectNoAxeViolations(page, 'documents page after sending');

    const href = await row.getByRole('link', { name: 'dni.pdf' }).getAttribute('href');
    const download = await customer.request.get(href ?? '');
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The order's page lists it too (under its line's documents).
    await page.goto(`/orders/detail/${orderId}`);
    await expect(page.getByRole('main')).toContainText('dni.pdf');

    // Another customer: the order is not found, and nothing of it is listed.
    await apiCall(stranger, 'POST', '/api/auth/register', {
      email: `ajeno.${run}@example.com`,
      password: 'otra-clave-larga-2026',
      firstname: 'Luis',
      lastname: 'Ruiz',
    });
    const foreign = await apiCall(stranger, 'GET', `/api/me/order-documents/has-dni?order_id=${orderId}`);
    expect(foreign.status).toBe(404);
    const list = await apiCall(stranger, 'GET', '/api/me/order-documents');
    expect((list.json as { total: number }).total).toBe(0);
  });
});
