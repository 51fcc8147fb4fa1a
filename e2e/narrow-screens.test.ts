// A phone is a first-class screen: every customer page, at 320 and 390 px wide, fits without horizontal scrolling
// (tables turn into stacked rows, long words wrap) and axe finds nothing. A visitor's pages (home, catalogue, a
// category, a product, a wizard step, the cart with a line, checkout, sign-in, register, password forgot and reset,
// the legal pages, and the server's no-JavaScript forms: a wizard step, check answers, cart, sign-in), then a
// signed-in customer's (orders with a paid order, its detail and its success page, credit notes, billing data, saved
// items and one saved item, fast-buy from it, the profile, account deletion, notifications, the incident form, the
// cart edit page, the no-JavaScript checkout, the quote link's pay page, the waiting pages of bank transfer,
// Multibanco and MB WAY, the payment provider's card and 3-D Secure pages). The cookie banner of a first visit is
// checked at both widths too.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, apiLogin } from './support/api.js';
import { runAxe, formatViolations, type AxeViolation } from './support/axe.js';
import { paidOrder, registerCustomer } from './support/backoffice-orders.js';
import { AGENT } from './support/backoffice-world.js';
import { newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const WIDTHS = [320, 390] as const;
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

interface Finding {
  label: string;
  overflow: string | null;
  violations: AxeViolation[];
}

/** How far the page is wider than the screen, and the widest elements that stick out, or null when it fits. */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const { scrollWidth } = document.documentElement;
    if (scrollWidth <= window.innerWidth) return null;
    const culprits = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter(
        (el) =>
          el.getBoundingClientRect().right > window.innerWidth + 0.5 ||
          (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible'),
      )
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className || ''} (right ${Math.round(el.getBoundingClientRect().right)})`,
      );
    return `scrollWidth ${scrollWidth} > innerWidth ${window.innerWidth}: ${culprits.join(', ')}`;
  });
}

/** A page to visit: its address, or its address and that its spinner is its content (a payment it waits for). */
type Visit = string | { path: string; waits: true };

async function visitAll(page: Page, visits: readonly Visit[], findings: Finding[]): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const visit of visits) {
      const path = typeof visit === 'string' ? visit : visit.path;
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The page's data arrives after its heading on client-rendered screens: let it settle before measuring.
      await page.waitForLoadState('networkidle');
      if (typeof visit === 'string') await expect(page.locator('.spinner')).toHaveCount(0);
      findings.push({
        label: `${path} at ${width} px`,
        overflow: await overflow(page),
        violations: await runAxe(page),
      });
    }
  }
}

/** Adds a nota simple to this context's cart; returns the cart line's id. */
async function addNotaSimple(on: BrowserContext): Promise<number> {
  const added = await apiCall(on, 'POST', '/api/cart/items', {
    store_id: 1,
    url_key: 'nota-simple',
    answers: { '78': '5028', '79': '28005', '80': 'Calle Mayor 1, 2º B', '77': 'Juan Español', '411': '3781' },
  });
  expect(added.status).toBe(201);
  const lines = (added.json as { items: { id: number }[] }).items;
  return lines[lines.length - 1]!.id;
}

/** Places an order of one nota simple, to pay with `method`: its id, and where its payment goes on. */
async function placeOrder(on: BrowserContext, method: string): Promise<{ orderId: number; redirect: string }> {
  await addNotaSimple(on);
  const checkout = await apiCall(on, 'POST', '/api/checkout', {
    payment_method: method,
    accept_terms: true,
    start_now: true,
  });
  expect(checkout.status, JSON.stringify(checkout.json)).toBe(201);
  const placed = checkout.json as { order_id: number; redirect_url: string };
  return { orderId: placed.order_id, redirect: placed.redirect_url };
}

function report(findings: Finding[]): string {
  return findings
    .filter((f) => f.overflow || f.violations.length)
    .map((f) => `${f.label}:\n${f.overflow ? `  overflow: ${f.overflow}\n` : ''}${formatViolations(f.violations)}`)
    .join('\n\n');
}

test.describe.serial('narrow screens: every customer page fits 320 and 390 px', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(600_000);
    browser = launched;
    server = await startServer();
  });

  test.afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await server?.stop();
  });

  async function context(seedConsent = true): Promise<BrowserContext> {
    const c = await newContext(browser, server.baseUrl, {}, seedConsent);
    contexts.push(c);
    return c;
  }

  test('a visitor: catalogue, product, wizard, cart, checkout, sign-in, register and legal pages', async () => {
    test.setTimeout(400_000);
    const visitor = await context();
    const page = await visitor.newPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await addNotaSimple(visitor);
    const findings: Finding[] = [];
    await visitAll(
      page,
      [
        '/',
        '/tienda/buscar?q=certificado',
        '/tienda/servicios',
        '/tienda/servicios?grupo=registro-mercantil',
        '/tienda/servicios/registro-de-la-propiedad',
        '/tienda/servicios/informes-de-vehiculos',
        '/tienda/nota-simple',
        '/tienda/nota-simple/step1',
        '/tienda/cart',
        '/tienda/cart/add/ns',
        '/customer/checkout',
        '/customer/authenticate',
        `/customer/authenticate/${encodeURIComponent('nueva.cuenta@example.com')}`,
        '/customer/register',
        '/customer/password/forgot',
        '/customer/password/reset',
        '/html/tienda/nota-simple/step1',
        '/html/tienda/nota-simple/check',
        '/html/cart',
        '/html/sign-in',
        '/legal/aviso-legal',
        '/legal/privacidad',
        '/legal/cookies',
        '/legal/condiciones',
      ],
      findings,
    );
    expect(report(findings)).toBe('');
    // A cart line's question that ends in "?" is not followed by a colon.
    await page.goto('/tienda/cart');
    await expect(page.getByRole('main')).toContainText('¿Necesitas el servicio urgente?');
    await expect(page.getByRole('main')).not.toContainText('?:');
  });

  test('a signed-in customer: orders, order detail, credit notes, billing, saved items, profile', async () => {
    test.setTimeout(400_000);
    const customer = await context();
    const staff = await context();
    const page = await customer.newPage();
    await page.goto('/');
    await registerCustomer(customer, `estrecho.${run}@example.com`);
    await apiLogin(staff, AGENT.email, AGENT.password);
    const { orderId, itemId } = await paidOrder(customer, staff);
    const saved = await apiCall(customer, 'POST', '/api/me/properties', {
      name: 'Piso de la calle de Alcalá con un nombre largo',
    });
    expect(saved.status).toBe(201);
    const savedId = (saved.json as { id: number }).id;
    // Orders waiting for their payment: a bank transfer, and a card payment at the provider's 3-D Secure challenge.
    const { orderId: unpaidId } = await placeOrder(customer, 'bank');
    await page.goto((await placeOrder(customer, 'cc')).redirect);
    await page.getByLabel('Número de tarjeta').fill('4000 0000 0000 3220');
    await page.getByLabel('Caducidad (MM/AA)').fill('12/34');
    await page.getByLabel('Código de seguridad (CVC)').fill('123');
    await page.getByLabel('Titular de la tarjeta').fill('Lucía Pagos');
    const cardPage = new URL(page.url());
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByRole('heading', { name: 'Verificación 3-D Secure' })).toBeVisible();
    const threeDs = new URL(page.url());
    // A line in the cart: its edit page, the no-JavaScript checkout and a link for someone else to pay it.
    const lineId = await addNotaSimple(customer);
    const quote = await apiCall(customer, 'POST', '/api/cart/quote-link', {});
    expect(quote.status).toBe(201);
    const quoteLink = (quote.json as { url: string }).url;
    const findings: Finding[] = [];
    await visitAll(
      page,
      [
        '/orders',
        `/orders/detail/${orderId}`,
        '/abonos',
        '/datos-facturacion',
        '/guardados/inmuebles',
        `/guardados/inmuebles/${savedId}`,
        '/cuenta',
        '/avisos',
        '/documentos',
        `/documentos?pedido=${orderId}`,
        '/actividad',
        '/suscripciones',
        `/orders?estado=processing&q=${orderId}`,
        `/checkout/success/${orderId}`,
        `/tienda/compra-rapida/inmueble/${savedId}/certificado-registro-propiedad`,
        '/cuenta/borrar',
        `/customer/form/${itemId}/${orderId}`,
        `/tienda/cart/editar/${lineId}`,
        '/html/checkout',
        quoteLink,
        `/payment/bank?order_id=${unpaidId}`,
        `/payment/multibanco?order_id=${unpaidId}`,
        { path: `/payment/sibs/mbway?order_id=${unpaidId}`, waits: true },
        cardPage.pathname + cardPage.search,
        threeDs.pathname + threeDs.search,
      ],
      findings,
    );
    expect(report(findings)).toBe('');
    // The orders list keeps what matters on a phone: status, total and the invoice of the paid order.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto('/orders');
    const row = page.getByRole('row').filter({ hasText: String(orderId) });
    // Scrolled down to its row (only down: the orders waiting for their payment come first), never sideways.
    await row.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY));
    for (const cell of ['Estado', 'Total', 'Factura']) {
      await expect(row.getByText(cell, { exact: true }).first()).toBeVisible();
    }
    await expect(row.getByRole('link', { name: /Factura/ })).toBeInViewport();
  });

  test('a first visit: the cookie banner fits too and leaves the page usable', async () => {
    const first = await context(false);
    const page = await first.newPage();
    const findings: Finding[] = [];
    await visitAll(page, ['/', '/tienda/nota-simple'], findings);
    expect(report(findings)).toBe('');
  });
});
