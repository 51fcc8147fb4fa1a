// Configuration lists in the browser (docs/backoffice.md, "Configuration lists"): an admin edits a land registry
// (a bad e-mail is refused in the error summary first) and sees the change in its history; exports the list as CSV
// and imports it back: a file with an error row is refused whole with its line, the clean file is imported. axe on
// each screen. A provider payment's files: upload a PDF, see it listed and in the history, download it, delete it.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, apiLogin } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN = { email: 'admin@ventanilla.test', password: 'admin-demo-2026' };

let server: RunningServer;
let browser: Browser;
let admin: BrowserContext;
const pageErrors: string[] = [];

async function pageOf(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
  return page;
}

test.describe.serial('configuration lists', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    admin = await newContext(browser, server.baseUrl);
    await apiLogin(admin, ADMIN.email, ADMIN.password);
  });

  test.afterAll(async () => {
    await admin?.close().catch(() => undefined);
    await server?.stop();
    expect(pageErrors).toEqual([]);
  });

  test('an admin edits a registry and sees the change in its history', async () => {
    const page = await pageOf(admin);
    await page.goto('/agentes');
    await page.getByRole('link', { name: 'Listas', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Listas de configuración' })).toBeVisible();
    await expectNoAxeViolations(page, 'the lists');
    await page.getByRole('link', { name: 'Registros de la Propiedad' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Registros de la Propiedad' })).toBeVisible();
    await page
      .getByRole('searchbox', { name: 'Buscar' })
      .or(page.getByLabel('Buscar', { exact: true }))
      .fill('madrid nº 7');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByText('1 registro', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'a list');
    await page.getByRole('link', { name: /madrid-07/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editar madrid-07' })).toBeVisible();

    await page.getByLabel(/^Correo/).fill('no-es-un-correo');
    await page.getByRole('button', { name: 'Guardar' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Correo: El correo electrónico no es válido' });
    await expect(summary).toBeVisible();
    await expectNoAxeViolations(page, 'the form with an error');
    await summary.getByRole('link').click();
    await expect(page.getByLabel(/^Correo/)).toBeFocused();

    await page.getByLabel(/^Correo/).fill('madrid7@example.org');
    await page.getByLabel('Registro lento').check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Guardado: madrid-07')).toBeVisible();
    const history = page.getByRole('region', { name: 'Historial de cambios' });
    await expect(history.getByText('Correo: — → madrid7@example.org')).toBeVisible();
    await expect(history.getByText('Registro lento: false → true')).toBeVisible();
    await expect(history.getByRole('cell', { name: 'Cambio', exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'the record with its history');
  });

  test('exports the list and imports it back: an error row refuses the file, the clean file is imported', async () => {
    const page = await pageOf(admin);
    await page.goto('/agentes/listas/registros');
    const href = await page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href');
    const exported = await admin.request.get(href!);
    expect(exported.status()).toBe(200);
    const lines = (await exported.text()).trim().split(/\r?\n/);
    expect(lines[0]).toContain('"id_registro","nombre"');
    const madrid7 = lines.find((l) => l.startsWith('"madrid-07"'))!;
    expect(madrid7).toContain('madrid7@example.org');
    const clean = [lines[0], madrid7, lines[1]].join('\n');
    const columns = lines[0]!.split(',').map((c) => c.replace(/"/g, ''));
    const badRow = columns.map((c) => (c === 'id_registro' ? 'nuevo-x' : c === 'email' ? 'correo-malo' : '')).join(',');
    const broken = [clean, badRow].join('\n');

    await page.getByLabel('Archivo CSV').setInputFiles({
      name: 'registros.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(broken),
    });
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'No se ha importado nada' });
    await expect(refused).toBeVisible();
    await expect(refused.getByText('Línea 4, nombre: Por favor, escribe el dato')).toBeVisible();
    await expect(refused.getByText(/Línea 4, email: El correo electrónico no es válido/)).toBeVisible();
    await expectNoAxeViolations(page, 'a refused import');
    expect((await admin.request.get('/api/backoffice/config-lists/registros/nuevo-x')).status()).toBe(404);

    await page.getByLabel('Archivo CSV').setInputFiles({
      name: 'registros.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(clean),
    });
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await expect(page.getByText('Importado: 0 nuevos, 2 actualizados.')).toBeVisible();
    const record = await (await admin.request.get('/api/backoffice/config-lists/registros/madrid-07')).json();
    expect(record).toMatchObject({ email: 'madrid7@example.org', registro_lento: true });
  });

  test("an admin uploads a provider payment's file, downloads it and deletes it; the history says so", async () => {
    const created = await apiCall(admin, 'POST', '/api/backoffice/config-lists/provider_payments', {
      provider_id: 'registradores',
      concepto: 'Factura e2e',
      importe: '12.00',
      fecha: '2026-11-20',
    });
    expect(created.status).toBe(201);
    const key = (created.json as { key: string }).key;
    const page = await pageOf(admin);
    await page.goto(`/agentes/listas/provider_payments/${key}`);
    const files = page.getByRole('region', { name: 'Archivos del pago' });
    await expect(files).toContainText('No hay archivos.');
    // The names are the server's: the record's form has no field for them.
    await expect(page.getByLabel('Archivos', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page, 'a provider payment without files');

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    await files.getByLabel('Documento para adjuntar').setInputFiles({
      name: 'factura-e2e.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await files.getByRole('button', { name: 'Subir archivo' }).click();
    await expect(files.getByText('Se ha subido «factura-e2e.pdf».')).toBeVisible();
    const link = files.getByRole('link', { name: 'factura-e2e.pdf' });
    await expect(link).toBeVisible();
    await expect(page.getByRole('table').last()).toContainText('Archivo añadido');
    await expectNoAxeViolations(page, 'a provider payment with a file');
    const download = await page.request.get((await link.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body()).equals(pdf)).toBe(true);

    await files.getByRole('button', { name: 'Borrar factura-e2e.pdf' }).click();
    await expect(files.getByText('Se ha borrado «factura-e2e.pdf».')).toBeVisible();
    await expect(files).toContainText('No hay archivos.');
    await expect(page.getByRole('table').last()).toContainText('Archivo borrado');
  });
});
