// Orders created by agents, end to end on the built product: an agent opens the "Crear NS" tab, answers the nota
// simple's questions for a customer and creates the order; the e-mailed pay link is signed (#k=...), so whoever holds it
// pays without signing in (without the key the page asks to sign in) with the sandbox provider and comes back to the
// link's page, which says the order is paid. axe on every new screen.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, apiLogin } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { registerCustomer } from './support/backoffice-orders.js';
import { newContext } from './support/browser.js';
import { eventually, waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';
import { acceptCheckoutConsents } from './support/checkout-consents.js';

const AGENT = { email: 'agente@ventanilla.test', password: 'agente-demo-2026' };
const CUSTOMER = { email: 'pago-por-enlace@example.com', password: 'correct-horse-battery' };

let server: RunningServer;
let browser: Browser;
let agent: BrowserContext;
let customer: BrowserContext;
let page: Page;
let orderId = '';
let payLink = '';
const pageErrors: string[] = [];

/** The pay link of a message in the development mailbox (its .eml file, quoted-printable). */
function payLinkInMailbox(id: number): string {
  const eml = readFileSync(path.join(server.dataDir, 'mailbox', `${id}.eml`), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return /https?:\/\/[^\s"<>]+\/payment\/order\/\d+[^\s"<>]*/.exec(eml)?.[0] ?? '';
}

test.describe.serial('an agent creates a nota simple for a customer, who pays it by the e-mailed link', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    customer = await newContext(browser, server.baseUrl);
    await registerCustomer(customer, CUSTOMER.email);
    await customer.close();
    customer = await newContext(browser, server.baseUrl);
    agent = await newContext(browser, server.baseUrl);
    await apiLogin(agent, AGENT.email, AGENT.password);
    page = await agent.newPage();
    page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
  });

  test.afterAll(async () => {
    for (const c of [customer, agent]) await c?.close().catch(() => undefined);
    await server?.stop();
    expect(pageErrors).toEqual([]);
  });

  test('the Crear NS tab asks for the customer and the nota simple questions; errors are listed', async () => {
    await page.goto('/agentes/ns');
    await expect(page.getByRole('heading', { level: 1, name: 'Crear NS' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Crear NS' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('combobox', { name: 'Provincia', exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'Crear NS');

    // Nothing answered: the server refuses with the reasons, listed above the form.
    await page.getByLabel('Email del cliente').fill(CUSTOMER.email);
    await page.getByRole('button', { name: /^Crear pedido de/ }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
    await expect(summary).toBeVisible();
    await expectNoAxeViolations(page, 'Crear NS with errors');
  });

  test('the agent answers and creates the unpaid order; the price is the server’s', async () => {
    for (const [label, name] of [
      ['Provincia', 'Madrid'],
      ['Municipio', 'Alcalá de Henares'],
    ] as const) {
      const input = page.getByRole('combobox', { name: label, exact: true });
      await input.click();
      await page.keyboard.type(name);
      await page
        .getByRole('option', { name: new RegExp(`^${name}`) })
        .first()
        .click();
      await expect(input).toHaveValue(name);
    }
    await page.getByLabel('Dirección de la finca').fill('Calle Mayor 1, 2º B');
    await page.getByLabel('Nombre del titular (opcional)').fill('Juan Español');
    await page.getByLabel(/^No, entrega normal/).check();
    const submit = page.getByRole('button', { name: 'Crear pedido de 25,12 € y enviar enlace de pago' });
    await expect(submit).toBeVisible();
    await submit.click();
    const done = page.getByRole('status').filter({ hasText: /Pedido \d+ creado por 25,12 €/ });
    await expect(done).toBeVisible();
    orderId = /Pedido (\d+) creado/.exec((await done.textContent()) ?? '')?.[1] ?? '';
    expect(orderId).not.toBe('');
    await expect(done.getByText('El cliente recibirá un email con el enlace para pagarlo.')).toBeVisible();
    await expectNoAxeViolations(page, 'order created');
  });

  test('the pay-by-link e-mail reaches the customer', async () => {
    const sent = await eventually(
      async () => {
        const list = (await (await agent.request.get('/api/backoffice/emails?kind=order_received')).json()) as {
          items: Array<{ id: number; to: string; status: string; order_id: number | null }>;
        };
        const item = list.items.find((i) => i.to === CUSTOMER.email && String(i.order_id) === orderId);
        expect(item?.status).toBe('sent');
        return item!;
      },
      { timeout: 20_000, interval: 250 },
    );
    payLink = payLinkInMailbox(sent.id);
    expect(payLink).toContain(`/payment/order/${orderId}`);
  });

  test('the link pays without signing in; without its key the page asks to sign in', async () => {
    const anonymous = await newContext(browser, server.baseUrl);
    try {
      const shop = await anonymous.newPage();
      shop.on('pageerror', (err) => pageErrors.push(`${shop.url()}: ${err.message}`));
      const link = new URL(payLink);
      expect(link.hash).toMatch(/^#k=\d{10}\.[A-Za-z0-9_-]{43}$/);
      // The address without its key: the customer's own page, behind sign-in.
      await shop.goto(`${link.pathname}${link.search}`);
      await waitForPath(shop, /^\/customer\/authenticate/);
      // The e-mailed link itself.
      await shop.goto(`${link.pathname}${link.search}${link.hash}`);
      await expect(shop.getByRole('heading', { level: 1 })).toContainText(orderId);
      await expect(shop.getByText('Puedes pagar este pedido con el enlace que te hemos enviado')).toBeVisible();
      await expectNoAxeViolations(shop, 'pay by the signed link');

      await shop.getByRole('radio', { name: 'Tarjeta' }).check();
      await acceptCheckoutConsents(shop);
      await shop.getByRole('button', { name: 'Pagar 25,12 €' }).click();
      await waitForPath(shop, /^\/sandbox-pay\/checkout\/[^/?]+/);
      await shop.getByLabel('Titular de la tarjeta').fill('Lucía Pérez');
      await shop.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
      await shop
        .getByLabel('Caducidad (MM/AA)')
        .fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
      await shop.getByLabel('Código de seguridad (CVC)').fill('123');
      await shop.getByRole('button', { name: /^Pagar/ }).click();
      // Back on the link's page (still signed out), which follows the payment until it is confirmed.
      await waitForPath(shop, new RegExp(`^/payment/order/${orderId}`));
      await expect(shop.getByText('Pedido pagado.')).toBeVisible({ timeout: 20_000 });
      await expectNoAxeViolations(shop, 'paid by the signed link');
    } finally {
      await anonymous.close();
    }
    // The customer's own account sees it paid.
    await apiLogin(customer, CUSTOMER.email, CUSTOMER.password);
    await eventually(
      async () => {
        const res = await apiCall(customer, 'GET', `/api/orders/${orderId}/payment`);
        expect((res.json as { paid: boolean }).paid).toBe(true);
      },
      { timeout: 20_000, interval: 250 },
    );
  });

  test('Create QP: the person-search lists of a QP item; Localizaciones: the properties found', async () => {
    const created = await apiCall(agent, 'POST', '/api/backoffice/agent-orders', {
      customer: { email: CUSTOMER.email },
      store_id: 1,
      url_key: 'propiedades-de-una-persona',
      answers: {
        '1001': '100101',
        '1002': 'Lucía',
        '1003': 'Pérez García',
        '1005': '12345678Z',
        '1006': '2920',
        '1007': '100701',
        '1008': ['100801'],
      },
    });
    expect(created.status).toBe(201);
    const itemId = String((created.json as { item_id: number }).item_id);

    await page.goto('/agentes/qp');
    await expect(page.getByRole('heading', { level: 1, name: 'Crear QP' })).toBeVisible();
    await page.getByLabel('Número de línea del pedido QP').fill(itemId);
    await page.getByRole('button', { name: 'Ver' }).click();
    await expect(page.getByText('Aún no hay personas en la lista.')).toBeVisible();
    // A wrong NIF is refused with the validator's message, linked from the summary.
    await page.getByLabel('Nombre', { exact: true }).last().fill('Lucía');
    await page.getByLabel('Apellidos', { exact: true }).last().fill('Pérez García');
    await page.getByLabel('NIF o NIE').fill('12345678A');
    await page.getByRole('button', { name: 'Añadir a la lista' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Hay un problema' })).toBeVisible();
    await expectNoAxeViolations(page, 'Create QP lists with errors');
    await page.getByLabel('NIF o NIE').fill('12345678Z');
    await page.getByRole('button', { name: 'Añadir a la lista' }).click();
    await expect(page.getByRole('cell', { name: '12345678Z' })).toBeVisible();
    await page.getByLabel('Lucía Pérez García (12345678Z)').check();
    await page.getByLabel('Máximo de propiedades').fill('3');
    await page.getByRole('button', { name: 'Tramitar', exact: true }).click();
    await expect(page.getByRole('cell', { name: '3', exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'Create QP lists');

    await page.goto('/agentes/localizaciones');
    await expect(page.getByRole('heading', { level: 1, name: 'Localizaciones' })).toBeVisible();
    await page.getByLabel('Número de línea del pedido QP').fill(itemId);
    await page.getByRole('button', { name: 'Ver' }).click();
    await page.getByLabel('Registro', { exact: true }).fill('Madrid 2');
    await page.getByLabel('Finca', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Guardar la localización' }).click();
    await expect(page.getByRole('cell', { name: '12345', exact: true })).toBeVisible();
    await expect(page.getByText(`Propiedades localizadas del pedido ${itemId} (caben 2 más)`)).toBeVisible();
    await expectNoAxeViolations(page, 'Localizaciones');
  });
});
