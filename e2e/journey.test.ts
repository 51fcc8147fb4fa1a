// The walking skeleton's journey (steps 1-6) in Debian's Chromium against the built product: a visitor
// orders a nota simple and pays on the sandbox provider's page, an agent works the order in the back office, and
// the customer downloads the result. Things are found by role and label, as a person would find them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { formatViolations, runAxe, type AxeViolation } from './support/axe.js';
import { newContext } from './support/browser.js';
import {
  definitions,
  eventually,
  focused,
  minimalPdf,
  norm,
  screenshot,
  textOf,
  waitForPath,
  writeTemp,
} from './support/page-checks.js';
import { ARTIFACTS, startServer, type RunningServer } from './support/server.js';
import { acceptCheckoutConsents } from './support/checkout-consents.js';

const PRODUCT = 'Nota simple del Registro de la Propiedad';
const MUNICIPALITY = 'Alcalá de Henares';
const FIRST_ADDRESS = 'Calle Mayor 1, 2º B';
const ADDRESS = 'Calle Mayor 12, 3º A';
const OWNER = 'María García López';
const OTHER_DATA = 'Finca registral 12345, Registro de la Propiedad de Alcalá de Henares nº 1';
const URGENT = /^Sí, servicio urgente/;
const AGENT = { email: 'agente@ventanilla.test', password: 'agente-demo-2026', name: 'Andrés Agente' };
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const CUSTOMER = {
  email: `lucia.e2e.${run}@example.com`,
  firstname: 'Lucía',
  lastname: 'Prueba Journey',
  password: 'clave-segura-2026',
};
const PDF_NAME = 'nota-simple-e2e.pdf';

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let page: Page;
let agent: BrowserContext | undefined;
let tempDir: string;
let orderId = '';
let itemId = 0;
const pdf = minimalPdf('Nota simple - Ventanilla e2e');
const pageErrors: string[] = [];
const axeResults: { label: string; url: string; violations: AxeViolation[] }[] = [];
const timings: { name: string; ms: number; state: string }[] = [];

/** Records axe's findings for one page; the last step fails if any page had a violation. */
async function audit(p: Page, label: string): Promise<void> {
  const violations = await runAxe(p);
  axeResults.push({ label, url: new URL(p.url()).pathname, violations });
}

async function shot(p: Page, name: string): Promise<void> {
  await screenshot(p, ARTIFACTS, name);
}

function watch(p: Page, who: string): void {
  p.on('pageerror', (err) => pageErrors.push(`${who} ${p.url()}: ${err.message}`));
}

/**
 * One ordered step of the journey, timed for the summary. The describe block is serial: after a failure the later
 * steps are skipped (they depend on it), and Playwright keeps the trace and a screenshot of every open page.
 */
function step(name: string, fn: () => Promise<void>): void {
  test(name, async () => {
    const started = Date.now();
    try {
      await fn();
      timings.push({ name, ms: Date.now() - started, state: 'passed' });
    } catch (err) {
      timings.push({ name, ms: Date.now() - started, state: 'failed' });
      throw err;
    }
  });
}

/** The page's <h1>, once it has rendered. */
async function heading(p: Page, name: string | RegExp): Promise<void> {
  await expect(
    p.getByRole('heading', { level: 1, name, exact: typeof name === 'string' ? true : undefined }),
  ).toBeVisible();
}

/** The live price panel, read as "term" -> "amount", once it shows `total`. */
async function priceShows(p: Page, expected: Record<string, string>): Promise<void> {
  const panel = p.getByRole('region', { name: 'Precio' });
  await expect.poll(() => definitions(panel.locator('dl'))).toEqual(expected);
}

/** Waits until the page's <h1> has the keyboard focus (the app moves it there after each navigation). */
async function headingFocused(p: Page): Promise<void> {
  await eventually(async () => {
    const tag = await p.evaluate(() => document.activeElement?.closest('h1') !== null);
    expect(tag).toBe(true);
  });
}

test.describe
  .serial('Walking skeleton: one nota simple order through shop, payment, back office and customer panel', () => {
  test.beforeAll(async ({ browser: launched }) => {
    // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
    test.setTimeout(300_000);
    browser = launched;
    tempDir = mkdtempSync(path.join(tmpdir(), 'ventanilla-e2e-files-'));
    server = await startServer();
    customer = await newContext(browser, server.baseUrl);
    page = await customer.newPage();
    watch(page, 'customer');
  });

  test.afterAll(async () => {
    const summary = axeResults
      .map(
        (r) =>
          `  ${r.violations.length === 0 ? 'ok  ' : 'FAIL'} ${r.label} (${r.url})${r.violations.length ? `: ${r.violations.map((v) => v.id).join(', ')}` : ''}`,
      )
      .join('\n');
    const total = timings.reduce((sum, t) => sum + t.ms, 0);
    console.log(
      `\nJourney on ${server?.db ?? '?'}: ${(total / 1000).toFixed(1)} s\n` +
        timings.map((t) => `  ${t.state.padEnd(6)} ${(t.ms / 1000).toFixed(1).padStart(5)} s  ${t.name}`).join('\n') +
        `\naxe (${axeResults.length} pages checked):\n${summary}\n`,
    );
    await agent?.close().catch(() => undefined);
    await customer?.close().catch(() => undefined);
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    await server?.stop();
  });

  step('the app runs under its own strict Content-Security-Policy (no bypass)', async () => {
    const strict = await newContext(browser, server.baseUrl, { bypassCSP: false });
    try {
      await strict.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      const p = await strict.newPage();
      watch(p, 'strict-csp');
      const response = await p.goto('/?store=1');
      expect(response?.headers()['content-security-policy'] ?? '').toMatch(/script-src 'self'/);
      // The start page's search (a GET form the router opens under this CSP), then the result's "Solicitar".
      await heading(p, 'Trámites registrales y certificados online');
      await p.getByRole('searchbox', { name: 'Buscar un trámite' }).fill('nota simple registro propiedad');
      await p.getByRole('button', { name: 'Buscar', exact: true }).click();
      await heading(p, 'Resultados de «nota simple registro propiedad»');
      await p.getByRole('link', { name: `Solicitar ${PRODUCT}`, exact: true }).click();
      await heading(p, 'Provincia y Municipio');
      await priceShows(p, { 'Precio base': '20,76 €', IVA: '4,36 €', Total: '25,12 €' });
      await expect
        .poll(() => p.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))
        .toEqual([]);
    } finally {
      await strict.close();
    }
  });

  step('1. the catalogue by category shows the nota simple with its price including VAT', async () => {
    // The start page: the search, the most ordered, the categories; every service one link away.
    await page.goto('/?store=1');
    await heading(page, 'Trámites registrales y certificados online');
    await expect(page).toHaveTitle(/^Trámites y certificados online - /);
    await page.getByRole('link', { name: /^Ver todos los trámites/ }).click();
    await waitForPath(page, /^\/tienda\/servicios$/);
    await heading(page, 'Servicios');
    const category = page.getByRole('region', { name: 'Registro de la Propiedad', exact: true });
    const card = category
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: PRODUCT, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card).toContainText('25,12 € IVA incluido', { useInnerText: true });
    await expect.poll(() => page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(3);
    await audit(page, 'catalogue');
    await shot(page, '01-catalogue');

    await card.getByRole('link', { name: `Solicitar ${PRODUCT}`, exact: true }).click();
    await waitForPath(page, /^\/tienda\/nota-simple\/step1$/);
  });

  step('2a. an empty "Continuar" shows the error summary, focused, with the spec messages', async () => {
    await heading(page, 'Provincia y Municipio');
    await priceShows(page, { 'Precio base': '20,76 €', IVA: '4,36 €', Total: '25,12 €' });
    await expect(page.getByRole('link', { name: 'Volver', exact: true })).toHaveCount(1);
    await audit(page, 'wizard step 1 (province, municipality)');

    await page.getByRole('button', { name: 'Continuar' }).click();
    const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Hay un problema' }) });
    await expect(summary).toBeVisible();
    await expect(page).toHaveTitle(/^Error: /);
    await expect.poll(async () => (await focused(page)).name).toMatch(/^Hay un problema/);
    const links = summary.getByRole('link');
    await expect
      .poll(() => links.allTextContents())
      .toEqual(['Provincia: Por favor, selecciona una opción', 'Municipio: Por favor, selecciona una opción']);
    // The message is repeated next to each field and is part of the field's description.
    for (const [label, message] of [
      ['Provincia', 'Por favor, selecciona una opción'],
      ['Municipio', 'Por favor, selecciona una opción'],
    ] as const) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      const description = await field.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      expect(norm(description)).toContain(message);
    }
    await audit(page, 'wizard step 1 with errors');
    await shot(page, '02-step1-errors');

    // Each error links to its field.
    await links.first().click();
    await expect.poll(async () => (await focused(page)).name).toBe('Provincia');
  });

  step('2b. province and municipality, then the address with the keyboard only', async () => {
    // Province and municipality are searchable pickers: type, then choose in the list.
    for (const [label, name] of [
      ['Provincia', 'Madrid'],
      ['Municipio', MUNICIPALITY],
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
    await page.getByRole('button', { name: 'Continuar' }).click();
    await waitForPath(page, /^\/tienda\/nota-simple\/step2$/);
    await heading(page, 'Dirección de la finca');
    await expect(page).not.toHaveTitle(/^Error/);
    await priceShows(page, { 'Precio base': '20,76 €', IVA: '4,36 €', Total: '25,12 €' });
    await audit(page, 'wizard step 2 (address)');

    // Keyboard only: focus starts on the question (<h1>), Tab reaches the field, Enter submits.
    await headingFocused(page);
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'input', name: 'Dirección de la finca' });
    await page.keyboard.type(FIRST_ADDRESS);
    await page.keyboard.press('Enter');
    await waitForPath(page, /^\/tienda\/nota-simple\/step3$/);
  });

  step('2c. owner and other data, with one use of the Back link that keeps the answer', async () => {
    await heading(page, 'Nombre del titular (opcional)');
    await audit(page, 'wizard step 3 (owner)');
    await page.getByLabel('Nombre del titular (opcional)').fill(OWNER);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await waitForPath(page, /^\/tienda\/nota-simple\/step4$/);
    await heading(page, 'Otros datos de la finca (opcional)');
    await audit(page, 'wizard step 4 (other data)');

    await page.getByRole('link', { name: 'Volver', exact: true }).click();
    await waitForPath(page, /^\/tienda\/nota-simple\/step3$/);
    await heading(page, 'Nombre del titular (opcional)');
    await expect(page.getByLabel('Nombre del titular (opcional)')).toHaveValue(OWNER);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await waitForPath(page, /^\/tienda\/nota-simple\/step4$/);

    await page.getByLabel('Otros datos de la finca (opcional)').fill(OTHER_DATA);
    await page.getByRole('button', { name: 'Continuar' }).click();
    // Step 5: the purpose (optional). Steps 5.1 and 5.2 (cadastral reference, IDUFIR) are skipped: the owner is known.
    await waitForPath(page, /^\/tienda\/nota-simple\/step5$/);
    await heading(page, '¿Para qué necesitas la nota simple? (opcional)');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await waitForPath(page, /^\/tienda\/nota-simple\/step6$/);
  });

  step('2d. the urgent service by keyboard updates the live price to 32,08 €', async () => {
    await heading(page, '¿Necesitas el servicio urgente?');
    await audit(page, 'wizard step 6 (urgent service)');
    await headingFocused(page);
    await page.keyboard.press('Tab');
    const normal = page.getByRole('radio', { name: 'No, entrega normal en 24 horas laborables' });
    await expect
      .poll(() => focused(page))
      .toMatchObject({
        tag: 'input',
        type: 'radio',
        name: 'No, entrega normal en 24 horas laborables',
      });
    await page.keyboard.press('Space');
    await expect(normal).toBeChecked();
    await priceShows(page, { 'Precio base': '20,76 €', IVA: '4,36 €', Total: '25,12 €' });
    await page.keyboard.press('ArrowDown');
    const urgent = page.getByRole('radio', { name: URGENT });
    await expect(urgent).toBeChecked();
    await expect(urgent).toHaveValue('3782');
    await expect.poll(async () => (await focused(page)).name).toMatch(URGENT);
    // 20,76 + 5,75 = 26,51; VAT 21 % = 5,57; total 32,08.
    await priceShows(page, { 'Precio base': '20,76 €', Suplementos: '5,75 €', IVA: '5,57 €', Total: '32,08 €' });
    await shot(page, '03-step5-urgent-price');
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'button', name: 'Continuar' });
    await page.keyboard.press('Enter');
    await waitForPath(page, /^\/tienda\/nota-simple\/step7$/);
  });

  step('2e. the check-answers page, one "Cambiar" and back, then "Añadir al carrito"', async () => {
    await heading(page, 'Comprueba tus respuestas');
    const answers = page.getByRole('main').locator('dl').first();
    const expected = {
      Provincia: 'Madrid',
      Municipio: MUNICIPALITY,
      'Dirección de la finca': FIRST_ADDRESS,
      'Nombre del titular': OWNER,
      'Otros datos de la finca': OTHER_DATA,
      '¿Para qué necesitas la nota simple?': 'No indicado',
      '¿Necesitas el servicio urgente?': 'Sí, servicio urgente: entrega en 4 horas laborables',
    };
    await expect.poll(() => definitions(answers)).toEqual(expected);
    const change = page.getByRole('link', { name: /^Cambiar / });
    await expect(change).toHaveCount(7);
    await priceShows(page, { 'Precio base': '20,76 €', Suplementos: '5,75 €', IVA: '5,57 €', Total: '32,08 €' });
    await audit(page, 'check answers');
    await shot(page, '04-check-answers');

    await page.getByRole('link', { name: 'Cambiar Dirección de la finca', exact: true }).click();
    await waitForPath(page, /^\/tienda\/nota-simple\/step2\?return=confirmation$/);
    const address = page.getByLabel('Dirección de la finca', { exact: true });
    await expect(address).toHaveValue(FIRST_ADDRESS);
    await address.fill(ADDRESS);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await waitForPath(page, /^\/tienda\/nota-simple\/step7$/);
    await heading(page, 'Comprueba tus respuestas');
    await expect.poll(() => definitions(answers)).toEqual({ ...expected, 'Dirección de la finca': ADDRESS });

    await page.getByRole('button', { name: 'Añadir al carrito' }).click();
    await waitForPath(page, /^\/tienda\/cart\/add\/ns$/);
  });

  step('3a. the cart shows the line and the total; checkout registers a new customer', async () => {
    await heading(page, 'Carrito');
    await expect(page.getByRole('heading', { level: 2, name: PRODUCT })).toBeVisible();
    const totals = page.getByRole('main').locator('dl.cart-totals');
    await expect.poll(() => definitions(totals)).toEqual({ Subtotal: '26,51 €', IVA: '5,57 €', Total: '32,08 €' });
    await expect(
      page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Carrito (1)' }),
    ).toBeVisible();
    await audit(page, 'cart');
    await shot(page, '05-cart');

    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await waitForPath(page, /^\/customer\/checkout$/);
    await heading(page, 'Finalizar compra');
    await audit(page, 'checkout (sign in or register)');
    const register = page.getByRole('region', { name: 'Crear una cuenta' });
    await register.getByLabel('Correo electrónico').fill(CUSTOMER.email);
    await register.getByLabel('Nombre', { exact: true }).fill(CUSTOMER.firstname);
    await register.getByLabel('Apellidos').fill(CUSTOMER.lastname);
    await register.getByLabel('Contraseña').fill(CUSTOMER.password);
    await register.getByRole('button', { name: 'Crear cuenta' }).click();

    const methods = page.getByRole('group', { name: 'Método de pago' });
    await expect(methods).toBeVisible();
    await methods.getByRole('radio', { name: 'Tarjeta' }).check();
    await expect(
      page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mis pedidos' }),
    ).toBeVisible();
    await audit(page, 'checkout (payment method)');
    await shot(page, '06-checkout');
  });

  step('3b. the sandbox provider declines 4000 0000 0000 0002 and the shop says so', async () => {
    await acceptCheckoutConsents(page);
    await page.getByRole('button', { name: 'Pagar 32,08 €' }).click();
    await waitForPath(page, /^\/sandbox-pay\/checkout\/[^/?]+/);
    await heading(page, /^Pago a Ventanilla/);
    await expect(page.getByRole('main')).toContainText('Importe 32,08 €', { useInnerText: true });
    await audit(page, 'sandbox card page');
    await shot(page, '07-sandbox-card');
    await payWithCard(page, '4000 0000 0000 0002');

    const failed = await waitForPath(page, /^\/customer\/payment\?/);
    expect(failed.searchParams.get('error')).toBe('card_declined');
    orderId = failed.searchParams.get('order_id') ?? '';
    expect(orderId).toMatch(/^10\d{7}$/);
    await heading(page, 'No se ha completado el pago');
    // The sandbox sends its decline code (card_declined, as in the server's API tests); the shop must name it.
    await expect(page.getByRole('main')).toContainText('El banco ha rechazado la tarjeta.', { useInnerText: true });
    await expect(page.getByRole('main')).toContainText(
      `Hemos guardado tu pedido ${orderId}. No se te ha cobrado nada.`,
      { useInnerText: true },
    );
    await audit(page, 'payment failed');
    await shot(page, '08-payment-failed');

    // The order exists once, unpaid (panel status 0), and nothing was captured.
    const list = (await (await page.request.get('/api/me/orders')).json()) as {
      total: number;
      items: { items: { panel_status_id: number }[] }[];
    };
    expect(list.total).toBe(1);
    expect(list.items[0]!.items.map((i) => i.panel_status_id)).toEqual([0]);
    const payment = (await (await page.request.get(`/api/orders/${orderId}/payment`)).json()) as { paid: boolean };
    expect(payment.paid).toBe(false);
  });

  step('3c. retry with the 3-D Secure challenge card, code 123456, and land on the success page', async () => {
    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await waitForPath(page, /^\/sandbox-pay\/checkout\/[^/?]+/);
    await heading(page, /^Pago a Ventanilla/);
    await payWithCard(page, '4000 0000 0000 3220');

    await waitForPath(page, /^\/sandbox-pay\/3ds\/[^/?]+/);
    await heading(page, 'Verificación 3-D Secure');
    await audit(page, 'sandbox 3-D Secure challenge');
    await page.getByLabel('Código de verificación').fill('123456');
    await page.getByRole('button', { name: 'Confirmar' }).click();

    await waitForPath(page, new RegExp(`^/checkout/success/${orderId}$`));
    // The provider's signed notification may reach the server after the browser: the page polls until paid.
    await heading(page, 'Pedido realizado');
    const main = page.getByRole('main');
    await expect(main).toContainText(`Tu número de pedido es ${orderId}`, { useInnerText: true });
    await expect(main.locator('strong', { hasText: orderId })).toHaveCount(1);
    await expect(main.getByRole('link', { name: 'Ver el detalle del pedido' })).toBeVisible();
    await audit(page, 'checkout success');
    await shot(page, '09-success');
  });

  step('4. the API holds exactly one paid order with one item for this customer', async () => {
    const me = (await (await page.request.get('/api/me')).json()) as { user: { email: string } };
    expect(me.user.email).toBe(CUSTOMER.email);
    const response = await page.request.get('/api/me/orders');
    expect(response.status()).toBe(200);
    const list = (await response.json()) as {
      total: number;
      items: {
        order_id: number | string;
        status: string;
        total: string;
        items: { id: number; panel_status_id: number; summary: string }[];
      }[];
    };
    expect(list.total).toBe(1);
    expect(list.items).toHaveLength(1);
    const order = list.items[0]!;
    expect(String(order.order_id)).toBe(orderId);
    expect(order.total).toBe('32.08');
    expect(order.items).toHaveLength(1);
    expect(order.items[0]!.panel_status_id).toBe(40);
    expect(order.items[0]!.summary).toBe(`Madrid | ${MUNICIPALITY}`);
    itemId = order.items[0]!.id;
    const payment = (await (await page.request.get(`/api/orders/${orderId}/payment`)).json()) as { paid: boolean };
    expect(payment.paid).toBe(true);
  });

  step("5a. the agent logs in at /agentes, finds the item by the customer's email and reads it", async () => {
    agent = await newContext(browser, server.baseUrl);
    const a = await agent.newPage();
    watch(a, 'agent');
    await a.goto('/agentes');
    await heading(a, 'Acceso agentes');
    await audit(a, 'agent login');
    await a.getByLabel('Correo electrónico').fill(AGENT.email);
    await a.getByLabel('Contraseña').fill(AGENT.password);
    await a.getByRole('button', { name: 'Entrar' }).click();

    await heading(a, 'Pedidos');
    await expect(a.getByText(`Agente: ${AGENT.name}`)).toBeVisible();
    const row = a.getByRole('row').filter({ has: a.getByRole('link', { name: String(itemId), exact: true }) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(CUSTOMER.email, { useInnerText: true });
    await expect(row).toContainText(orderId, { useInnerText: true });
    await audit(a, 'agent item list');
    await shot(a, '10-agent-list');

    await a.getByLabel('Correo electrónico del cliente').fill(CUSTOMER.email);
    await a.getByRole('button', { name: 'Filtrar' }).click();
    await waitForPath(a, /^\/agentes\?email=/);
    await expect(a.getByRole('status').filter({ hasText: 'Resultados: 1' })).toBeVisible();
    const rows = a.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2); // header + the one item
    await audit(a, 'agent item list filtered');

    await a.getByRole('link', { name: String(itemId), exact: true }).click();
    await waitForPath(a, new RegExp(`^/agentes/pedido/${itemId}$`));
    await heading(a, `Pedido ${itemId}`);
    const answers = await definitions(a.getByRole('region', { name: 'Respuestas' }).locator('dl'));
    expect(answers).toMatchObject({
      Provincia: 'Madrid',
      Municipio: MUNICIPALITY,
      'Dirección de la finca': ADDRESS,
      'Nombre del titular': OWNER,
    });
    const customerData = await definitions(a.getByRole('region', { name: 'Cliente' }).locator('dl'));
    expect(customerData).toMatchObject({
      Nombre: `${CUSTOMER.firstname} ${CUSTOMER.lastname}`,
      'Correo electrónico': CUSTOMER.email,
    });
    const payments = a.getByRole('region', { name: 'Pagos' });
    await expect.poll(() => definitions(payments.locator('dl'))).toMatchObject({ Pedido: orderId, Total: '32,08 €' });
    // Two attempts: the declined card and the 3-D Secure one; the API says which was captured.
    const paymentRows = payments.getByRole('table').getByRole('row').filter({ hasText: '32,08 €' });
    await expect(paymentRows).toHaveCount(2);
    const detail = (await (await a.request.get(`/api/backoffice/items/${itemId}`)).json()) as {
      payments: { status: string; amount: string }[];
    };
    expect(detail.payments.map((p) => `${p.status} ${p.amount}`).sort()).toEqual(['captured 32.08', 'failed 32.08']);
    await audit(a, 'agent item page');
    await shot(a, '11-agent-item');
  });

  step('5b. the agent moves it to "En proceso" and "Entregado", writes a note and uploads the PDF', async () => {
    const a = agent!.pages()[0]!;
    const statusSection = a.getByRole('region', { name: 'Estado' });
    for (const [value, text] of [
      ['50', 'En proceso'],
      ['110', 'Entregado'],
    ] as const) {
      await statusSection.getByLabel('Nuevo estado').selectOption(value);
      await statusSection.getByRole('button', { name: 'Cambiar estado' }).click();
      await expect(statusSection.getByText(`Estado cambiado a «${text}».`)).toBeVisible();
      await expect(statusSection).toContainText(`Estado actual: ${text}`, { useInnerText: true });
    }
    // The history is folded on the dense item page: open it.
    await a.locator('summary', { hasText: 'Historial' }).click();
    const history = a.getByRole('region', { name: 'Historial' }).getByRole('row');
    for (const change of ['Pendiente → En proceso', 'En proceso → Entregado']) {
      const row = history.filter({ hasText: change });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(AGENT.name, { useInnerText: true });
    }

    const notes = a.getByRole('region', { name: 'Notas' });
    const note = 'Pedida al Registro de Alcalá de Henares nº 1; nota simple enviada al cliente.';
    await notes.getByLabel('Nueva nota').fill(note);
    await notes.getByRole('button', { name: 'Guardar nota' }).click();
    await expect(notes.getByText('Nota guardada.')).toBeVisible();
    await expect(notes.getByRole('listitem').filter({ hasText: note })).toContainText(AGENT.name, {
      useInnerText: true,
    });

    const files = a.getByRole('region', { name: 'Archivos' });
    const pdfPath = writeTemp(tempDir, PDF_NAME, pdf);
    await files.getByLabel('Documento para adjuntar').setInputFiles(pdfPath);
    await files.getByRole('button', { name: 'Subir archivo' }).click();
    await expect(files.getByText(`Se ha subido «${PDF_NAME}».`)).toBeVisible();
    const fileRow = files.getByRole('row').filter({ has: a.getByRole('link', { name: PDF_NAME }) });
    await expect(fileRow).toBeVisible();
    await expect(fileRow).toContainText('Sí', { useInnerText: true });
    await audit(a, 'agent item page after the changes');
    await shot(a, '12-agent-item-done');
  });

  step('6a. the customer sees the order "Listo" with its summary and downloads the PDF', async () => {
    await page.goto('/orders');
    await heading(page, 'Mis pedidos');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: orderId, exact: true }) });
    await expect(row).toBeVisible();
    const rowText = await textOf(row);
    expect(rowText).toContain('Listo');
    expect(rowText).toContain(`Madrid | ${MUNICIPALITY}`);
    expect(rowText).toContain('32,08 €');
    await audit(page, 'customer orders');
    await shot(page, '13-orders');

    await row.getByRole('link', { name: orderId, exact: true }).click();
    await waitForPath(page, new RegExp(`^/orders/detail/${orderId}$`));
    await heading(page, `Pedido ${orderId}`);
    const documentLink = page.getByRole('link', { name: PDF_NAME });
    await expect(documentLink).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Listo', { useInnerText: true });
    await audit(page, 'customer order detail');
    await shot(page, '14-order-detail');

    const [download] = await Promise.all([page.waitForEvent('download'), documentLink.click()]);
    expect(download.suggestedFilename()).toBe(PDF_NAME);
    const saved = await download.path();
    expect(readFileSync(saved).equals(pdf)).toBe(true);
  });

  step('6b. /logout, then the guard sends /orders to the login and back to /orders after it', async () => {
    await page.goto('/logout');
    await waitForPath(page, /^\/$/);
    await expect(
      page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Acceder' }),
    ).toBeVisible();
    await expect.poll(async () => (await page.request.get('/api/me')).status()).toBe(401);

    await page.goto('/orders');
    await waitForPath(page, /^\/customer\/authenticate\?next=%2Forders$/);
    await heading(page, 'Iniciar sesión');
    await audit(page, 'customer login');
    await page.getByLabel('Correo electrónico').fill(CUSTOMER.email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Contraseña').fill(CUSTOMER.password);
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
    await waitForPath(page, /^\/orders$/);
    await heading(page, 'Mis pedidos');
    await expect(page.getByRole('link', { name: orderId, exact: true })).toBeVisible();
  });

  step('axe reports zero violations on every page checked, and no page threw', async () => {
    const failing = axeResults.filter((r) => r.violations.length > 0);
    const report = failing.map((r) => `${r.label} (${r.url}):\n${formatViolations(r.violations)}`).join('\n\n');
    expect(failing.length, `axe violations:\n${report}`).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});

/** Fills the sandbox provider's card form (name, number, expiry, CVC) and pays. */
async function payWithCard(p: Page, number: string): Promise<void> {
  await p.getByLabel('Titular de la tarjeta').fill(`${CUSTOMER.firstname} ${CUSTOMER.lastname}`);
  await p.getByLabel('Número de tarjeta').fill(number);
  await p.getByLabel('Caducidad (MM/AA)').fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await p.getByLabel('Código de seguridad (CVC)').fill('123');
  await p.getByRole('button', { name: /^Pagar/ }).click();
}
