// The statistics screen (docs/backoffice.md, "Statistics"): an agent opens it from the back office's navigation, sees
// every plot with its summary and its data table (including a paid order of today), narrows the range and the stores
// (the address carries them), and a refused range shows the server's message by its field. axe on each state.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { startBackofficeWorld, type BackofficeWorld } from './support/backoffice-world.js';
import { waitForPath } from './support/page-checks.js';

const PLOTS = [
  'Pedidos por día',
  'Ingresos por día',
  'Pedidos por tienda',
  'Pedidos por estado',
  'Líneas por producto',
  'Antigüedad de la cola',
  'Rendimiento de los agentes',
];

let world: BackofficeWorld;
let page: Page;

test.describe.serial('the agent reads the statistics', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    world = await startBackofficeWorld(browser, { customerEmail: 'estadisticas.cliente@example.com' });
    page = world.page;
  });

  test.afterAll(async () => {
    await world?.close();
    expect(world?.pageErrors ?? []).toEqual([]);
  });

  test('from the navigation: every plot with its summary and, on demand, its table', async () => {
    await page.goto('/agentes');
    await page.getByRole('link', { name: 'Estadísticas' }).click();
    await waitForPath(page, /^\/agentes\/estadisticas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Estadísticas' })).toBeVisible();
    for (const title of PLOTS) {
      const section = page.getByRole('region', { name: title });
      await expect(section.getByRole('heading', { level: 2, name: title })).toBeVisible();
      // The chart: an SVG named by its title, reachable with the keyboard (Recharts' accessibility layer).
      const chart = section.getByRole('figure', { name: title }).getByRole('application', { name: title });
      await expect(chart).toBeVisible();
      await expect(chart).toHaveAttribute('tabindex', '0');
      // The data table behind the chart, on demand.
      await expect(section.getByRole('table', { name: title })).toHaveCount(0);
      await section.getByText('Ver los datos en tabla').click();
      await expect(section.getByRole('table', { name: title })).toBeVisible();
    }
    // The paid order of today is in the figures.
    await expect(page.getByRole('status').filter({ hasText: /1 pagados/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Devoluciones' })).toContainText(
      'No hay devoluciones en el periodo.',
    );
    await expectNoAxeViolations(page, 'statistics: every plot');
  });

  test('the range and the stores go in the address; a refused range is explained by its field', async () => {
    await page.getByLabel('Tiendas').fill('1');
    await page.getByRole('button', { name: 'Ver estadísticas' }).click();
    await waitForPath(page, /^\/agentes\/estadisticas\?store=1$/);
    // The table opened above stays open while the screen is the same one; open it if it is not.
    const byStore = page.getByRole('region', { name: 'Pedidos por tienda' }).locator('details');
    await expect(byStore).toBeVisible();
    if (!(await byStore.evaluate((fold) => (fold as HTMLDetailsElement).open)))
      await byStore.locator('summary').click();
    await expect(page.getByRole('table', { name: 'Pedidos por tienda' }).getByRole('row')).toHaveCount(2);

    await page.goto('/agentes/estadisticas?from=2026-03-10&to=2026-03-01');
    await expect(page.getByText('La fecha final (to) no puede ser anterior a la inicial').first()).toBeVisible();
    await expectNoAxeViolations(page, 'statistics: a refused range');
  });
});
