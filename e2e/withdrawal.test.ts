// The right of withdrawal in a browser (docs/withdrawal.md): a customer buys with the consents and pays at the sandbox
// provider, opens the order page, uses "Desistir del pedido", confirms, and sees the refund with its credit note and
// the line "Abonado"; an order an agent has delivered offers no withdrawal, says why, and the API refuses it too.
// axe on the order page before, during and after. Web-first assertions only.
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { apiCall, apiLogin, csrfToken } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { paidOrder } from './support/backoffice-orders.js';
import { AGENT } from './support/backoffice-world.js';
import { newContext } from './support/browser.js';
import { acceptCheckoutConsents } from './support/checkout-consents.js';
import { waitForPath, waitForReactRoot } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

const NOTA_SIMPLE = {
  store_id: 1,
  url_key: 'nota-simple',
  answers: { '78': '5028', '79': '28005', '80': 'Calle Mayor 1, 2º B', '77': 'Juan Español', '411': '3781' },
};

/** The status of an order line: the tag under its heading (other tags may follow, e.g. in the offers below). */
const statusOf = (line: Locator) => line.locator(':scope > p > .tag');

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let agent: BrowserContext;
let page: Page;

test.describe.serial('withdrawing from an order on its page', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    customer = await newContext(browser, server.baseUrl);
    agent = await newContext(browser, server.baseUrl);
    await apiLogin(agent, AGENT.email, AGENT.password);
    page = await customer.newPage();
    // The cart first, then the account (the cart is kept), in one session opened for store 1.
    const headers = { 'x-csrf-token': await csrfToken(page, 1) };
    const added = await page.request.post('/api/cart/items', { data: NOTA_SIMPLE, headers });
    expect(added.status(), await added.text()).toBe(201);
    const registered = await page.request.post('/api/auth/register', {
      data: {
        email: `desiste.${Date.now().toString(36)}@example.com`,
        password: 'correct-horse-battery',
        firstname: 'Lucía',
        lastname: 'Desiste',
      },
      headers,
    });
    expect(registered.status()).toBe(201);
  });

  test.afterAll(async () => {
    await customer?.close().catch(() => undefined);
    await agent?.close().catch(() => undefined);
    await server?.stop();
  });

  test('buys and pays by card, then withdraws: refunded with a credit note, the line "Abonado"', async () => {
    test.setTimeout(180_000);
    await page.goto('/customer/checkout');
    await waitForReactRoot(page);
    await acceptCheckoutConsents(page);
    await page.getByRole('radio', { name: 'Tarjeta', exact: true }).check();
    await page.getByRole('button', { name: /^Pagar \d/ }).click();
    await waitForPath(page, /^\/sandbox-pay\/checkout\/[^/?]+/, 30_000);
    await page.getByLabel('Titular de la tarjeta', { exact: true }).fill('Lucía Desiste');
    await page.getByLabel('Número de tarjeta', { exact: true }).fill('4242 4242 4242 4242');
    await page
      .getByLabel('Caducidad (MM/AA)', { exact: true })
      .fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
    await page.getByLabel('Código de seguridad (CVC)', { exact: true }).fill('123');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    const success = await waitForPath(page, /^\/checkout\/success\/\d+$/, 30_000);
    const orderId = success.pathname.split('/').pop()!;

    await page.goto(`/orders/detail/${orderId}`);
    await waitForReactRoot(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toContainText(orderId);
    const line = main.getByRole('region', { name: /Nota simple/i });
    await expect(statusOf(line)).toHaveText('En tramitación');
    const invoices = main.getByRole('region', { name: 'Factura y abonos' });
    await expect(invoices.getByRole('link', { name: /^Descargar factura / })).toBeVisible();
    const section = main.getByRole('region', { name: 'Desistir del pedido' });
    await expect(section).toContainText(
      /Puedes desistir de este pedido hasta el .+, mientras no lo hayamos completado/,
    );
    await expectNoAxeViolations(page, 'order page with the withdrawal offered');

    // The confirmation step takes focus; "No, mantener el pedido" goes back to the button.
    const start = section.getByRole('button', { name: 'Desistir del pedido' });
    await start.click();
    const confirmTitle = section.getByRole('heading', { name: `¿Quieres desistir del pedido ${orderId}?` });
    await expect(confirmTitle).toBeFocused();
    await expectNoAxeViolations(page, 'order page, withdrawal confirmation step');
    await section.getByRole('button', { name: 'No, mantener el pedido' }).click();
    await expect(start).toBeFocused();
    await start.click();
    await section.getByRole('button', { name: 'Sí, desistir del pedido' }).click();

    const done = main.getByRole('status').filter({ hasText: 'Has desistido del pedido' });
    await expect(done).toBeVisible();
    await expect(done).toContainText(
      /Hemos cancelado el pedido y te hemos devuelto \d+,\d{2}\s€\. Te hemos enviado por correo la factura rectificativa \S+\./,
    );
    // The credit note the server issued (its number from the API) is the one the page names.
    const notes = await apiCall(customer, 'GET', `/api/me/invoices?order_id=${orderId}&kind=credit_note`);
    expect(notes.status).toBe(200);
    const note = (notes.json as { items: { number: string }[] }).items[0];
    expect(note).toBeDefined();
    await expect(done).toContainText(`factura rectificativa ${note!.number}.`);
    await expectNoAxeViolations(page, 'order page after the withdrawal');

    // The order as the customer finds it later: the line refunded, the credit note to download, no offer.
    await page.reload();
    await waitForReactRoot(page);
    await expect(statusOf(line)).toHaveText('Abonado');
    await expect(invoices.getByRole('link', { name: `Descargar abono ${note!.number} (PDF)` })).toBeVisible();
    await expect(main.getByText(/^Desististe de este pedido el /)).toBeVisible();
    await expect(main.getByRole('button', { name: 'Desistir del pedido' })).toHaveCount(0);
    await expect
      .poll(async () => (await apiCall(customer, 'GET', `/api/me/orders/${orderId}`)).json)
      .toMatchObject({ status: 'canceled' });
    await expectNoAxeViolations(page, 'order page of a withdrawn order');
  });

  test('an order the agent has delivered offers no withdrawal, says why, and the API refuses it', async () => {
    test.setTimeout(120_000);
    const { orderId, itemId } = await paidOrder(customer, agent);
    const item = await apiCall(agent, 'GET', `/api/backoffice/items/${itemId}`);
    const delivered = await apiCall(agent, 'POST', `/api/backoffice/items/${itemId}/status`, {
      panel_status_id: 110,
      version: (item.json as { updated_at: string }).updated_at,
    });
    expect(delivered.status).toBe(200);

    await page.goto(`/orders/detail/${orderId}`);
    await waitForReactRoot(page);
    const main = page.getByRole('main');
    await expect(statusOf(main.getByRole('region', { name: /Nota simple/i }))).toHaveText('Listo');
    await expect(
      main.getByText('Este pedido ya se ha completado: el derecho de desistimiento ha terminado.'),
    ).toBeVisible();
    await expect(main.getByRole('button', { name: 'Desistir del pedido' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'order page of a performed order');

    // Asking anyway (an old tab, a script): refused in the store's language, nothing refunded.
    const refused = await customer.request.post(`/api/me/orders/${orderId}/withdraw`, {
      headers: { 'x-csrf-token': await csrfToken(customer) },
    });
    expect(refused.status()).toBe(409);
    // An API answer, read once it has arrived (not the page's state).
    const refusal: unknown = await refused.json();
    expect(refusal).toMatchObject({
      code: 'WITHDRAWAL_REFUSED',
      message: expect.stringMatching(/^Ya no puedes desistir de este pedido: el trámite se ha completado/),
    });
    const notes = await apiCall(customer, 'GET', `/api/me/invoices?order_id=${orderId}&kind=credit_note`);
    expect(notes.json).toMatchObject({ items: [] });
  });
});
