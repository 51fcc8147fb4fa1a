// Fast-buy, cart edits and the quote link (docs/customer-panel.md, docs/shop-flows.md), on the built product: a
// customer agrees that orders save their items, pays a nota simple (its property is saved; the agent's PDF gives it
// its IDUFIR), then orders the Registro de la Propiedad certificate for that property from "Guardados": the answers
// are pre-filled by the server and the wizard skips the pages already answered (Back still reaches them). In the cart
// the certificate (one property) has no quantity to change, and a quote link is paid in another
// browser context, signed out. axe on each new screen.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { apiLogin, csrfToken } from './support/api.js';
import { paidOrder, registerCustomer } from './support/backoffice-orders.js';
import { AGENT } from './support/backoffice-world.js';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';
import { acceptCheckoutConsents } from './support/checkout-consents.js';

const IDUFIR = '28079000123456';

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let agent: BrowserContext;
let page: Page;
let quoteLink = '';

async function notaSimplePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pdfPage = doc.addPage([595, 842]);
  [
    'NOTA SIMPLE INFORMATIVA',
    'Registro de la Propiedad de Madrid Nº 5',
    `IDUFIR: ${IDUFIR}`,
    'DESCRIPCIÓN DE LA FINCA',
    'URBANA: Vivienda letra B en la planta segunda, Calle Mayor 1.',
    'TITULARIDADES',
    'ESPAÑOL ESPAÑOL, JUAN 12345678Z 100% del pleno dominio.',
    'CARGAS',
    'NO hay cargas registradas',
  ].forEach((text, i) => pdfPage.drawText(text, { x: 50, y: 790 - i * 14, size: 10, font }));
  return Buffer.from(await doc.save());
}

test.describe
  .serial('fast-buy from a saved property, a one-property cart line, quote link paid by someone else', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    customer = await newContext(browser, server.baseUrl);
    agent = await newContext(browser, server.baseUrl);
    await apiLogin(agent, AGENT.email, AGENT.password);
    page = await customer.newPage();
    await page.goto('/');
    await registerCustomer(customer, 'compra-rapida@example.com');
  });

  test.afterAll(async () => {
    for (const c of [customer, agent]) await c?.close().catch(() => undefined);
    await server?.stop();
  });

  test('with the consent, a paid nota simple saves its property; its PDF gives the IDUFIR', async () => {
    await page.goto('/guardados/inmuebles');
    await page.getByLabel('Guardar automáticamente el inmueble, la empresa o el vehículo de mis pedidos').check();
    await expect(page.getByRole('status').filter({ hasText: 'Preferencia guardada' })).toHaveCount(1);
    const { itemId } = await paidOrder(customer, agent);
    const detail = await agent.request.get(`/api/backoffice/items/${itemId}`);
    const version = ((await detail.json()) as { updated_at: string }).updated_at;
    const upload = await agent.request.post(`/api/backoffice/items/${itemId}/files`, {
      headers: { 'x-csrf-token': await csrfToken(agent) },
      multipart: {
        version,
        file: { name: 'nota-simple.pdf', mimeType: 'application/pdf', buffer: await notaSimplePdf() },
      },
    });
    expect(upload.status()).toBe(201);
    await page.reload();
    await page.getByRole('link', { name: /^Calle Mayor 1, 2º B/ }).click();
    await waitForPath(page, /^\/guardados\/inmuebles\/\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Pedir con estos datos' })).toBeVisible();
    await expectNoAxeViolations(page, 'saved property with fast-buy');
  });

  test('fast-buy: the certificate opens pre-filled and skips the answered pages; Back reaches them', async () => {
    await page.getByRole('link', { name: 'Solicitar Certificado del Registro de la Propiedad' }).click();
    // Which certificate is not known: the wizard starts there.
    await waitForPath(page, /^\/tienda\/certificado-registro-propiedad\/step1$/);
    await page.getByRole('radio', { name: 'Certificación de dominio (titularidad actual)' }).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    // How to identify the property (3), its IDUFIR (5) and owner (6) are answered: straight to page 7.
    await waitForPath(page, /^\/tienda\/certificado-registro-propiedad\/step7$/);
    await expectNoAxeViolations(page, 'fast-buy wizard page');
    // Back reaches the pre-filled owner, which can still be changed.
    await page.getByRole('link', { name: 'Volver' }).first().click();
    await waitForPath(page, /^\/tienda\/certificado-registro-propiedad\/step6$/);
    await expect(page.getByLabel(/Nombre del titular/)).toHaveValue('Juan Español');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await waitForPath(page, /^\/tienda\/certificado-registro-propiedad\/step7$/);
    await page.getByLabel('¿Ante quién vas a presentar la certificación?').selectOption({ label: 'Una notaría' });
    await page.getByRole('button', { name: 'Continuar' }).click();
    await waitForPath(page, /^\/tienda\/certificado-registro-propiedad\/confirmation$/);
    await expect(page.getByText(IDUFIR)).toBeVisible();
    await expect(page.getByText('Por el IDUFIR/CRU')).toBeVisible();
    await page.getByRole('button', { name: 'Añadir al carrito' }).click();
    await waitForPath(page, /^\/tienda\/cart\/add\/product$/);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Certificado del Registro de la Propiedad' }),
    ).toBeVisible();
  });

  test('cart: a certificate for one property has no quantity to change', async () => {
    await expect(page.locator('.cart-line__price')).toHaveText(/\d/);
    await expect(page.getByLabel('Cantidad')).toHaveCount(0);
    await expectNoAxeViolations(page, 'cart with a one-property line');
  });

  test('the owner makes a quote link', async () => {
    await page.getByRole('button', { name: 'Crear enlace de pago' }).click();
    const field = page.getByLabel('Enlace de pago para compartir');
    await expect(field).toHaveValue(/\/payment\/quote\/\d+#k=\d{10}\.[A-Za-z0-9_-]{43}$/);
    quoteLink = await field.inputValue();
    await expectNoAxeViolations(page, 'cart with a quote link');
  });

  test('someone else, signed out in another browser, pays it; the owner has the order', async () => {
    const payerContext = await newContext(browser, server.baseUrl);
    try {
      const payer = await payerContext.newPage();
      const link = new URL(quoteLink);
      await payer.goto(`${link.pathname}${link.hash}`);
      await expect(payer.getByRole('heading', { level: 1, name: 'Pagar un presupuesto' })).toBeVisible();
      await expect(payer.getByText('Lucía Pérez te ha pedido que pagues estos trámites.')).toBeVisible();
      // Nothing of the owner's property or answers.
      await expect(payer.getByText('Calle Mayor')).toHaveCount(0);
      await expect(payer.getByText(IDUFIR)).toHaveCount(0);
      await expectNoAxeViolations(payer, 'quote link payment page');
      // A changed key is not a link.
      const tampered = await payerContext.newPage();
      await tampered.goto(`${link.pathname}${link.hash.slice(0, -1)}${link.hash.endsWith('A') ? 'B' : 'A'}`);
      await expect(tampered.getByRole('alert')).toBeVisible();
      await tampered.close();

      await payer.getByRole('radio', { name: 'Tarjeta' }).check();
      await acceptCheckoutConsents(payer);
      await payer.getByRole('button', { name: /^Pagar/ }).click();
      await waitForPath(payer, /^\/sandbox-pay\/checkout\/[^/?]+/);
      await payer.getByLabel('Titular de la tarjeta').fill('Gestoría Pérez');
      await payer.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
      await payer
        .getByLabel('Caducidad (MM/AA)')
        .fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
      await payer.getByLabel('Código de seguridad (CVC)').fill('123');
      await payer.getByRole('button', { name: /^Pagar/ }).click();
      await waitForPath(payer, /^\/payment\/quote\/\d+/);
      await expect(payer.getByText(/^Pagado\. El pedido \d+ ya está en marcha/)).toBeVisible({ timeout: 20_000 });
    } finally {
      await payerContext.close();
    }
    await page.goto('/tienda/cart');
    await expect(page.getByText('Tu carrito está vacío.')).toBeVisible();
    await page.goto('/orders');
    await expect(page.getByText('Certificado del Registro de la Propiedad').first()).toBeVisible();
  });
});
