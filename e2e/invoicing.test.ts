// Invoices and credit notes in the browser: a customer pays a nota simple, downloads the invoice from the order page,
// an agent refunds part of it in the back office, and the customer finds the credit note under "Abonos".
// The order is placed through the API (the shop's own journey covers the wizard); the payment uses the sandbox page.
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { csrfToken } from './support/api.js';
import { formatViolations, runAxe, type AxeViolation } from './support/axe.js';
import { newContext } from './support/browser.js';
import { eventually, waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const CUSTOMER = {
  email: `factura.e2e.${run}@example.com`,
  firstname: 'Inés',
  lastname: 'Factura',
  password: 'clave-segura-2026',
};
const AGENT = { email: 'agente@ventanilla.test', password: 'agente-demo-2026' };
const ANSWERS = { '78': '5028', '79': '28005', '80': 'Calle Mayor 1, 2º B', '77': 'Juan Español', '411': '3781' };

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let agent: BrowserContext;
let page: Page;
let orderId = '';
let itemId = 0;
const axe: { label: string; violations: AxeViolation[] }[] = [];
const pageErrors: string[] = [];

async function audit(p: Page, label: string) {
  axe.push({ label, violations: await runAxe(p) });
}

test.describe.serial('invoices and credit notes', () => {
  test.beforeAll(async ({ browser: launched }) => {
    // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    customer = await newContext(browser, server.baseUrl);
    page = await customer.newPage();
    page.on('pageerror', (err) => pageErrors.push(`customer: ${err.message}`));
  });

  test.afterAll(async () => {
    await agent?.close().catch(() => undefined);
    await customer?.close().catch(() => undefined);
    await server?.stop();
  });

  test('the customer pays an order and downloads its invoice from the order page', async () => {
    await page.goto('/?store=1');
    // The page opens the session itself; asking for the CSRF token before it has done so would race two new sessions.
    await page.waitForLoadState('networkidle');
    let token = await csrfToken(page, 1);
    const headers = () => ({ 'x-csrf-token': token });
    expect(
      (
        await page.request.post('/api/cart/items', {
          headers: headers(),
          data: { store_id: 1, url_key: 'nota-simple', answers: ANSWERS },
        })
      ).status(),
    ).toBe(201);
    const { password, ...names } = CUSTOMER;
    expect(
      (await page.request.post('/api/auth/register', { headers: headers(), data: { ...names, password } })).status(),
    ).toBe(201);
    token = await csrfToken(page, 1);
    const checkout = await page.request.post('/api/checkout', {
      headers: headers(),
      data: { payment_method: 'cc', accept_terms: true, start_now: true },
    });
    expect(checkout.status()).toBe(201);
    const started = (await checkout.json()) as { order_id: number; redirect_url: string };
    orderId = String(started.order_id);

    await page.goto(started.redirect_url);
    await page.getByLabel('Titular de la tarjeta').fill(`${CUSTOMER.firstname} ${CUSTOMER.lastname}`);
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await page
      .getByLabel('Caducidad (MM/AA)')
      .fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
    await page.getByLabel('Código de seguridad (CVC)').fill('123');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await waitForPath(page, /^\/checkout\/success/);
    await eventually(
      async () => {
        const order = (await (await page.request.get(`/api/me/orders/${orderId}`)).json()) as {
          paid: boolean;
          items: { id: number }[];
        };
        expect(order.paid).toBe(true);
        itemId = order.items[0]!.id;
      },
      { timeout: 20_000 },
    );

    await page.goto(`/orders/detail/${orderId}`);
    const link = page.getByRole('link', { name: /^Descargar factura F01-\d{4}-000001 \(PDF\)$/ });
    await expect(link).toBeVisible();
    await audit(page, 'order detail with invoice');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^factura-F01-\d{4}-000001\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto('/orders');
    await expect(page.getByRole('link', { name: `Factura ${orderId}` })).toBeVisible();
    await audit(page, 'order list with invoice links');
  });

  test('the customer saves billing data; a wrong NIF is explained next to the field', async () => {
    await page.goto('/datos-facturacion');
    await expect(page.getByRole('heading', { level: 1, name: 'Datos de facturación' })).toBeVisible();
    await audit(page, 'billing data');
    await page.getByLabel('Nombre o razón social').fill('Inés Factura');
    await page.getByLabel('NIF').fill('12345678A');
    await page.getByLabel('Dirección de facturación').fill('Calle Mayor 1, 28001 Madrid');
    await page.getByRole('button', { name: 'Guardar datos de facturación' }).click();
    await expect(page.getByRole('link', { name: 'El NIF no es válido. Revisa el número y la letra' })).toBeVisible();
    await audit(page, 'billing data with errors');
    await page.getByLabel('NIF').fill('12345678Z');
    await page.getByRole('button', { name: 'Guardar datos de facturación' }).click();
    await expect(page.getByText('Hemos guardado tus datos de facturación')).toBeVisible();
  });

  test('an agent refunds part of the order in the back office; an over-refund is refused', async () => {
    agent = await newContext(browser, server.baseUrl);
    const a = await agent.newPage();
    a.on('pageerror', (err) => pageErrors.push(`agent: ${err.message}`));
    await a.goto('/agentes');
    await a.getByLabel('Correo electrónico').fill(AGENT.email);
    await a.getByLabel('Contraseña').fill(AGENT.password);
    await a.getByRole('button', { name: 'Entrar' }).click();
    await expect(a.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
    await a.goto(`/agentes/pedido/${itemId}`);
    const section = a.getByRole('region', { name: 'Facturas y devoluciones' });
    await expect(section.getByText('Queda por devolver: 25,12 €')).toBeVisible();

    await section.getByLabel('Importe a devolver (€, IVA incluido)').fill('30');
    await section.getByLabel('Motivo de la devolución').fill('Prueba de exceso');
    await section.getByRole('button', { name: 'Devolver y emitir abono' }).click();
    await expect(section.getByRole('link', { name: /no puede superar lo que queda por devolver/ })).toBeVisible();
    await audit(a, 'back-office refund error');

    await section.getByLabel('Importe a devolver (€, IVA incluido)').fill('10,00');
    await section.getByLabel('Motivo de la devolución').fill('Entrega fuera de plazo');
    await section.getByRole('button', { name: 'Devolver y emitir abono' }).click();
    await expect(section.getByText(/^Devolución hecha\. Se ha emitido el abono R01-\d{4}-000001\.$/)).toBeVisible();
    await expect(section.getByText('Queda por devolver: 15,12 €')).toBeVisible();
    await expect(section.getByRole('link', { name: /^Descargar abono R01-\d{4}-000001 \(PDF\)$/ })).toBeVisible();
    await audit(a, 'back-office refunds section');
  });

  test('the customer sees the credit note under "Abonos" and downloads it', async () => {
    await page.goto('/orders');
    await page.getByRole('link', { name: 'Abonos' }).click();
    await waitForPath(page, /^\/abonos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Abonos' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Entrega fuera de plazo' });
    await expect(row).toBeVisible();
    await expect(row).toContainText(/Factura F01-\d{4}-000001/);
    await expect(row).toContainText('-10,00');
    await audit(page, 'credit notes');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link').first().click()]);
    expect(download.suggestedFilename()).toMatch(/^abono-R01-\d{4}-000001\.pdf$/);
  });

  test('axe reports no violations on the pages checked, and no page threw', async () => {
    const failing = axe.filter((r) => r.violations.length > 0);
    expect(failing.length, failing.map((r) => `${r.label}:\n${formatViolations(r.violations)}`).join('\n\n')).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
