// Saved items in the customer panel (docs/customer-panel.md), on the built product: the customer opens "Guardados",
// gets a plate refused and then saved, marks it as favourite and filters by favourites, saves a company and follows
// it (initials shown), agrees that orders save their items (kept after a reload), and cannot open another customer's
// item (the page says it is not found). axe on the list and the detail.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { apiCall, apiLogin, csrfToken } from './support/api.js';
import { paidOrder } from './support/backoffice-orders.js';
import { AGENT } from './support/backoffice-world.js';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

const CUSTOMER = { email: 'cliente@ventanilla.test', password: 'cliente-demo-2026' };

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let other: BrowserContext;
let agent: BrowserContext;
let page: Page;

test.describe.serial('saved items: list, add, favourite, follow, consent, ownership', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    customer = await newContext(browser, server.baseUrl);
    other = await newContext(browser, server.baseUrl);
    agent = await newContext(browser, server.baseUrl);
    await apiLogin(agent, AGENT.email, AGENT.password);
    await apiLogin(customer, CUSTOMER.email, CUSTOMER.password);
    page = await customer.newPage();
  });

  test.afterAll(async () => {
    for (const c of [customer, other, agent]) await c?.close().catch(() => undefined);
    await server?.stop();
  });

  test('the account links to the saved items; a wrong plate is refused, a right one saved', async () => {
    await page.goto('/orders');
    await page.getByRole('link', { name: 'Guardados' }).click();
    await waitForPath(page, /^\/guardados\/inmuebles$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mis guardados' })).toBeVisible();
    await expect(page.getByText('No hay nada guardado todavía.')).toBeVisible();
    await expectNoAxeViolations(page, 'saved items list');

    await page
      .getByRole('navigation', { name: 'Tipos de elementos guardados' })
      .getByRole('link', { name: 'Vehículos' })
      .click();
    await waitForPath(page, /^\/guardados\/vehiculos$/);
    await page.getByLabel('Nombre', { exact: true }).fill('Furgoneta de reparto');
    await page.getByLabel('Matrícula').fill('1234 ABC');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'La matrícula no es válida' }).first()).toBeVisible();

    await page.getByLabel('Matrícula').fill('1234 bcd');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Guardado: Furgoneta de reparto')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Furgoneta de reparto' })).toBeVisible();
  });

  test('the detail shows the plate in its canonical form; favourite, then the favourites filter', async () => {
    await page.getByLabel('Nombre', { exact: true }).fill('Coche de casa');
    await page.getByLabel('Matrícula').fill('5678BCD');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('link', { name: 'Coche de casa' })).toBeVisible();

    await page.getByRole('link', { name: 'Furgoneta de reparto' }).click();
    await waitForPath(page, /^\/guardados\/vehiculos\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Furgoneta de reparto' })).toBeVisible();
    await expect(page.getByText('1234BCD')).toBeVisible();
    await expectNoAxeViolations(page, 'saved item detail');
    await page.getByRole('button', { name: 'Marcar como favorito' }).click();
    await expect(page.getByRole('button', { name: 'Quitar de favoritos' })).toBeVisible();

    await page.getByRole('link', { name: 'Volver a la lista' }).click();
    await page.getByLabel('Solo favoritos').check();
    await page.getByRole('search').getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('link', { name: 'Furgoneta de reparto' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Coche de casa' })).toHaveCount(0);
  });

  test('a company shows its initials and can be followed', async () => {
    await page.goto('/guardados/empresas');
    await page.getByLabel('Nombre', { exact: true }).fill('Construcciones López SL');
    await page.getByLabel('CIF o NIF').fill('B12345674');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('link', { name: 'Construcciones López SL' }).click();
    await expect(page.getByText('CL', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Seguir esta empresa' }).click();
    await expect(page.getByText('Sigues esta empresa')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dejar de seguir' })).toBeVisible();
  });

  test('the consent to save items from orders is kept', async () => {
    await page.goto('/guardados/inmuebles');
    const consent = page.getByLabel('Guardar automáticamente el inmueble, la empresa o el vehículo de mis pedidos');
    await expect(consent).not.toBeChecked();
    await consent.check();
    await expect(page.getByRole('status').filter({ hasText: 'Preferencia guardada' })).toHaveCount(1);
    await page.reload();
    await expect(
      page.getByLabel('Guardar automáticamente el inmueble, la empresa o el vehículo de mis pedidos'),
    ).toBeChecked();
  });

  test("another customer's item is not found", async () => {
    expect(
      (
        await other.request.post('/api/auth/register', {
          data: {
            email: 'otra-guardados@example.com',
            password: 'correct-horse-battery',
            firstname: 'Otra',
            lastname: 'Persona',
          },
          headers: {
            'x-csrf-token': ((await (await other.request.get('/api/session')).json()) as { csrf_token: string })
              .csrf_token,
          },
        })
      ).status(),
    ).toBe(201);
    const created = await apiCall(other, 'POST', '/api/me/properties', { name: 'Casa ajena' });
    expect(created.status).toBe(201);
    const id = (created.json as { id: number }).id;
    await page.goto(`/guardados/inmuebles/${id}`);
    await expect(page.getByRole('alert').filter({ hasText: 'No encontramos este elemento.' })).toBeVisible();
    await expect(page.getByText('Casa ajena')).toHaveCount(0);
  });

  test('a paid nota simple saves its property; the PDF the agent attaches is read in the order and on the property', async () => {
    // The consent was given above: paying saves the property.
    const { orderId, itemId } = await paidOrder(customer, agent);
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const pdfPage = doc.addPage([595, 842]);
    [
      'NOTA SIMPLE INFORMATIVA',
      'Registro de la Propiedad de Madrid Nº 5',
      'IDUFIR: 28079000123456',
      'DESCRIPCIÓN DE LA FINCA',
      'URBANA: Vivienda letra B en la planta segunda, Calle Mayor 1.',
      'TITULARIDADES',
      'ESPAÑOL ESPAÑOL, JUAN 12345678Z 100% del pleno dominio.',
      'CARGAS',
      'NO hay cargas registradas',
      'Queda prohibida la incorporación de los datos de esta nota a ficheros o bases informáticas.',
    ].forEach((text, i) => pdfPage.drawText(text, { x: 50, y: 790 - i * 14, size: 10, font }));
    const detail = await agent.request.get(`/api/backoffice/items/${itemId}`);
    const version = ((await detail.json()) as { updated_at: string }).updated_at;
    const upload = await agent.request.post(`/api/backoffice/items/${itemId}/files`, {
      headers: { 'x-csrf-token': await csrfToken(agent) },
      multipart: {
        version,
        file: { name: 'nota-simple.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) },
      },
    });
    expect(upload.status()).toBe(201);

    await page.goto(`/orders/detail/${orderId}`);
    await expect(page.getByRole('heading', { level: 3, name: 'Nota simple' })).toBeVisible();
    await expect(page.getByText('28079000123456')).toBeVisible();
    await expect(page.getByText('NO hay cargas registradas')).toBeVisible();
    await expect(page.getByText('Queda prohibida')).toHaveCount(0);

    await page.goto('/guardados/inmuebles');
    await page.getByRole('link', { name: /^Calle Mayor 1, 2º B/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Nota simple' })).toBeVisible();
    await expect(page.getByText('ESPAÑOL ESPAÑOL, JUAN 12345678Z 100% del pleno dominio.')).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`Pedido ${orderId}`) })).toBeVisible();
    await expectNoAxeViolations(page, 'saved property with its nota simple');
  });
});
