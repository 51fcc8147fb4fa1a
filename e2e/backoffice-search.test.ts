// The order search, the workspace's `search` tab (docs/backoffice.md, "Search"): an agent finds an order by part of the
// customer's e-mail and by a word of its answers; the address carries the filters (a reload or a shared link gives the
// same list); a refused filter shows the server's message by its field and in the error summary. axe on each state.
import { expect, test, type Page } from '@playwright/test';
import { apiCall } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { startBackofficeWorld, type BackofficeWorld } from './support/backoffice-world.js';
import { waitForPath } from './support/page-checks.js';

let world: BackofficeWorld;
let page: Page;
let itemId: number;
let orderId: number;

test.describe.serial('the agent searches orders', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    world = await startBackofficeWorld(browser, { customerEmail: 'buscador.cliente@example.com' });
    ({ page, orderId, itemId } = world);
    const lock = await apiCall(world.staff, 'POST', `/api/backoffice/items/${itemId}/lock`, {});
    expect(lock.status).toBe(200);
  });

  test.afterAll(async () => {
    await world?.close();
    expect(world?.pageErrors ?? []).toEqual([]);
  });

  test('part of an e-mail and a word of the answers find the order; the address carries both', async () => {
    await page.goto('/agentes');
    await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
    await page.getByLabel('Correo electrónico del cliente').fill('BUSCADOR.cli');
    await page.getByLabel('Texto', { exact: true }).fill('calle mayor');
    await page.getByRole('group', { name: 'Estados' }).getByLabel('Pendiente (40)').check();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await waitForPath(page, /^\/agentes\?email=buscador\.cli&status=40&text=calle\+mayor$/);
    await expect(page.getByRole('status').filter({ hasText: 'Resultados: 1' })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: String(itemId) }) });
    await expect(row).toContainText(String(orderId));
    await expect(row).toContainText('Pendiente');
    await expect(row).toContainText('Bloqueado por');
    await expect(row.getByRole('list', { name: 'Indicadores' })).toContainText('ES');
    await expectNoAxeViolations(page, 'search results');

    // The same address in a fresh load (a shared link) fills the form and gives the same list.
    await page.reload();
    await expect(page.getByLabel('Correo electrónico del cliente')).toHaveValue('buscador.cli');
    await expect(page.getByLabel('Texto', { exact: true })).toHaveValue('calle mayor');
    await expect(page.getByRole('group', { name: 'Estados' }).getByLabel('Pendiente (40)')).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'Resultados: 1' })).toBeVisible();
  });

  test('a refused filter: the server says why, by the field and in the summary', async () => {
    await page.goto('/agentes');
    await page.getByLabel('Texto', { exact: true }).fill('ab');
    await page.getByLabel('Creado desde').fill('2026-10-05');
    await page.getByLabel('Creado hasta').fill('2026-10-04');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'El filtro text' });
    await expect(summary).toContainText('El filtro text necesita al menos 3 caracteres');
    await expect(summary).toContainText('La fecha final (date_end) no puede ser anterior a la inicial');
    await expect(page.getByLabel('Texto', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await summary.getByRole('link', { name: /text necesita/ }).click();
    await expect(page.getByLabel('Texto', { exact: true })).toBeFocused();
    await expectNoAxeViolations(page, 'search refused');

    // A hand-edited address with an unknown parameter is named too, never silently ignored.
    await page.goto('/agentes?per_page=5');
    await expect(page.getByRole('alert').filter({ hasText: 'per_page' })).toContainText(
      'El filtro «per_page» no existe',
    );
  });
});
