// The actions on an order, in the browser (docs/backoffice.md, "Actions"): an agent sets a reference and a priority
// through dialogs (a refused value shows the error summary), pins and deletes notes, postpones the order, meets a
// version conflict (the order changed: message and reload), and finishes it. axe on the page and the open dialogs.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiCall } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { startBackofficeWorld, type BackofficeWorld } from './support/backoffice-world.js';
import { waitForPath } from './support/page-checks.js';

let world: BackofficeWorld;
let staff: BrowserContext;
let page: Page;
let itemId: number;

function detail() {
  return apiCall(staff, 'GET', `/api/backoffice/items/${itemId}`).then(
    (r) =>
      r.json as {
        referencia: string | null;
        priority: number;
        standby_until: string | null;
        panel_status_id: number;
        notes: { text: string; pinned: boolean }[];
      },
  );
}

test.describe.serial('an agent works an order with the item actions', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    world = await startBackofficeWorld(browser, { customerEmail: 'acciones@example.com' });
    ({ staff, page, itemId } = world);
  });

  test.afterAll(async () => {
    await world?.close();
    expect(world?.pageErrors ?? []).toEqual([]);
  });

  test('the item page shows the actions, the planning and the related orders', async () => {
    await page.goto(`/agentes/pedido/${itemId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Pedido ${itemId}` })).toBeVisible();
    const actions = page.locator('#acciones');
    for (const name of ['Finalizar', 'Cerrar pedido', 'No tramitar', 'Posponer', 'Delegar', 'Referencia']) {
      await expect(actions.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 2, name: 'Planificación' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Pedidos relacionados' })).toBeVisible();
    await expectNoAxeViolations(page, 'item page with actions');
  });

  test('reference and priority through dialogs; a refused priority shows the error summary', async () => {
    const actions = page.locator('#acciones');
    await actions.getByRole('button', { name: 'Referencia', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Referencia del pedido' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Referencia')).toBeFocused();
    await expectNoAxeViolations(page, 'reference dialog');
    await dialog.getByLabel('Referencia').fill('EXP-2026-77');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(actions.getByText('Referencia guardada.')).toBeVisible();
    await expect.poll(async () => (await detail()).referencia).toBe('EXP-2026-77');
    await expect(page.locator('#historial')).toContainText('Cambio de referencia');

    await actions.getByRole('button', { name: 'Prioridad', exact: true }).click();
    const priority = page.getByRole('dialog', { name: 'Prioridad del pedido' });
    await priority.getByLabel('Prioridad').fill('11');
    await priority.getByRole('button', { name: 'Guardar' }).click();
    const summary = priority.getByRole('alert');
    await expect(summary).toContainText('Debe estar entre 0 y 10');
    await expectNoAxeViolations(page, 'priority dialog with an error');
    await priority.getByLabel('Prioridad').fill('7');
    await priority.getByRole('button', { name: 'Guardar' }).click();
    await expect(priority).toHaveCount(0);
    await expect(page.locator('#planificacion')).toContainText('7');
    expect((await detail()).priority).toBe(7);
  });

  test('notes: pinned first, deleted after confirming', async () => {
    const notes = page.locator('#notas');
    for (const text of ['Primera nota', 'Segunda nota']) {
      await page.getByLabel('Nueva nota').fill(text);
      await page.getByRole('button', { name: 'Guardar nota' }).click();
      await expect(notes.getByText(text)).toBeVisible();
      // Saved: the form is emptied for the next one.
      await expect(page.getByLabel('Nueva nota')).toHaveValue('');
    }
    // Newest first: "Segunda" on top; pinning "Primera" brings it up.
    await notes
      .getByRole('listitem')
      .filter({ hasText: 'Primera nota' })
      .getByRole('button', { name: /^Fijar/ })
      .click();
    await expect(notes.getByRole('listitem').first()).toContainText('Primera nota');
    await expect(notes.getByRole('listitem').first()).toContainText('Fijada');
    await notes
      .getByRole('listitem')
      .filter({ hasText: 'Segunda nota' })
      .getByRole('button', { name: /^Borrar/ })
      .click();
    const confirm = page.getByRole('dialog', { name: '¿Borrar esta nota?' });
    await expectNoAxeViolations(page, 'delete note dialog');
    await confirm.getByRole('button', { name: 'Borrar' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(notes.getByText('Segunda nota')).toHaveCount(0);
    expect((await detail()).notes).toEqual([expect.objectContaining({ text: 'Primera nota', pinned: true })]);
  });

  test('a stale version: the order changed, the message is shown and the order reloaded', async () => {
    // Deterministic: the postpone request leaves with an old version, as if someone had changed the order meanwhile.
    await page.route(`**/api/backoffice/items/${itemId}/postpone`, async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, version: '2020-01-01T00:00:00.000Z' }) });
    });
    await page.locator('#acciones').getByRole('button', { name: 'Posponer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Posponer el pedido' });
    await dialog.getByLabel('Pospuesto hasta').fill('2099-01-01T10:00');
    await dialog.getByRole('button', { name: 'Posponer' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('#acciones')).toContainText('El pedido ha cambiado desde que lo abriste.');
    expect((await detail()).standby_until).toBeNull();
    await page.unroute(`**/api/backoffice/items/${itemId}/postpone`);

    // Out of range: more than a year away is refused by the server with the field's message.
    await page.locator('#acciones').getByRole('button', { name: 'Posponer', exact: true }).click();
    await dialog.getByLabel('Pospuesto hasta').fill('2099-01-01T10:00');
    await dialog.getByRole('button', { name: 'Posponer' }).click();
    await expect(dialog.getByRole('alert')).toContainText('La fecha está demasiado lejos');
    const tomorrow = new Date(Date.now() + 26 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T10:00`;
    await dialog.getByLabel('Pospuesto hasta').fill(local);
    await dialog.getByRole('button', { name: 'Posponer' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('#acciones')).toContainText('Pedido pospuesto.');
    expect((await detail()).standby_until).not.toBeNull();
  });

  test('finish and stop: the result is set and the agent lands on tab 0', async () => {
    await page.locator('#acciones').getByRole('button', { name: 'Finalizar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Finalizar el pedido' });
    await dialog.getByRole('button', { name: 'Finalizar y parar' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Elige el resultado');
    await dialog.getByLabel('Resultado').selectOption('110');
    await expectNoAxeViolations(page, 'finish dialog');
    await dialog.getByRole('button', { name: 'Finalizar y parar' }).click();
    await waitForPath(page, /^\/agentes\/0$/);
    expect((await detail()).panel_status_id).toBe(110);
  });
});
