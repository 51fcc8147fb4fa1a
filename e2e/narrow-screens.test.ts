// A phone is a first-class screen: every customer page, at 320 and 390 px wide, fits without horizontal scrolling
// (tables turn into stacked rows, long words wrap) and axe finds nothing. A visitor's pages (home, catalogue, a
// category, a product, a wizard step, the cart with a line, checkout, sign-in, register, the legal pages), then a
// signed-in customer's (orders with a paid order, its detail, credit notes, billing data, saved items and one saved
// item, the profile, notifications). The cookie banner of a first visit is checked at both widths too.
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

async function visitAll(page: Page, paths: readonly string[], findings: Finding[]): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The page's data arrives after its heading on client-rendered screens: let it settle before measuring.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.spinner')).toHaveCount(0);
      findings.push({
        label: `${path} at ${width} px`,
        overflow: await overflow(page),
        violations: await runAxe(page),
      });
    }
  }
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
    const added = await apiCall(visitor, 'POST', '/api/cart/items', {
      store_id: 1,
      url_key: 'nota-simple',
      answers: { '78': '5028', '79': '28005', '80': 'Calle Mayor 1, 2º B', '77': 'Juan Español', '411': '3781' },
    });
    expect(added.status).toBe(201);
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
    const { orderId } = await paidOrder(customer, staff);
    const saved = await apiCall(customer, 'POST', '/api/me/properties', {
      name: 'Piso de la calle de Alcalá con un nombre largo',
    });
    expect(saved.status).toBe(201);
    const savedId = (saved.json as { id: number }).id;
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
      ],
      findings,
    );
    expect(report(findings)).toBe('');
    // The orders list keeps what matters on a phone: status, total and the invoice of the paid order.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto('/orders');
    const row = page.getByRole('row').filter({ hasText: String(orderId) });
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
