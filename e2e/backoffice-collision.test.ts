// Two agents, two browsers, one order (docs/backoffice.md, "Workspace" and "Locks and the queue"): the first opens it
// and holds its lock; the second sees the lock message naming the holder, every control that would write disabled with
// "Bloqueado por <holder>" beside it (a shortcut says the same), and a write sent anyway is refused by the server; they
// force the unlock (recorded in the history), the first one is told at once and their controls are disabled in turn.
// axe on each page.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiCall } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { AGENT, SECOND, twoAgentsOnOneOrder, type TwoAgents } from './support/two-agents.js';
import { waitForPath } from './support/page-checks.js';

let world: TwoAgents;
let first: BrowserContext;
let second: BrowserContext;
let firstPage: Page;
let secondPage: Page;
let itemId: number;

/** The controls a lock refuses are disabled, the reason is shown, and the note shortcut announces it. */
async function expectLockedOut(page: Page, holder: string): Promise<void> {
  await expect(page.locator('#item-lock-reason')).toHaveText(`Bloqueado por ${holder}`);
  await expect(page.getByLabel('Nueva nota')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Guardar nota' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cambiar estado' })).toBeDisabled();
  await expect(page.getByRole('group', { name: 'Acciones del pedido' })).toHaveAccessibleDescription(
    `Bloqueado por ${holder}`,
  );
  await page.locator('body').press('n');
  await expect(page.locator('#ws-announcer')).toHaveText(`No disponible: Bloqueado por ${holder}`);
}

/** A note sent to the server without the page (as an old page would): the answer's status. */
async function postNote(context: BrowserContext, text: string): Promise<number> {
  const detail = await apiCall(context, 'GET', `/api/backoffice/items/${itemId}`);
  const version = (detail.json as { updated_at: string }).updated_at;
  return (await apiCall(context, 'POST', `/api/backoffice/items/${itemId}/notes`, { text, version })).status;
}

/** Adds a note through the item page's form. */
async function addNote(page: Page, text: string): Promise<void> {
  await page.getByLabel('Nueva nota').fill(text);
  await page.getByRole('button', { name: 'Guardar nota' }).click();
}

test.describe.serial('two agents collide on one order', () => {
  test.beforeAll(async ({ browser }) => {
    // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
    test.setTimeout(300_000);
    world = await twoAgentsOnOneOrder(browser, 'colision@example.com');
    ({ first, second, firstPage, secondPage, itemId } = world);
  });

  test.afterAll(async () => {
    await world?.close();
    expect(world?.pageErrors ?? []).toEqual([]);
  });

  test('the first agent opens the order in a tab and holds its lock', async () => {
    await firstPage.goto(`/agentes/pedido/${itemId}`);
    await expect(firstPage.getByRole('heading', { level: 1, name: `Pedido ${itemId}` })).toBeVisible();
    const tabs = firstPage.getByRole('tablist', { name: 'Pestañas abiertas' });
    await expect(tabs.getByRole('tab', { name: `Pedido ${itemId}` })).toHaveAttribute('aria-selected', 'true');
    await expect(firstPage.getByText('Tienes este pedido bloqueado')).toBeVisible();
    await expect(firstPage).toHaveTitle(new RegExp(`^Pedido ${itemId} - `));
    await expectNoAxeViolations(firstPage, 'order tab holding the lock');
  });

  test('the second agent sees the lock message with the holder; their controls are disabled, a write is refused', async () => {
    await secondPage.goto(`/agentes/pedido/${itemId}`);
    await expect(secondPage.getByRole('heading', { level: 1, name: `Pedido ${itemId}` })).toBeVisible();
    const lockAlert = secondPage.getByRole('alert').filter({ hasText: 'Pedido bloqueado' });
    await expect(lockAlert).toContainText(`Otro usuario (${AGENT.name}) ha bloqueado este pedido.`);
    await expect(lockAlert.getByRole('button', { name: 'Forzar desbloqueo' })).toBeVisible();
    await expectNoAxeViolations(secondPage, 'order tab locked by another agent');

    await expectLockedOut(secondPage, AGENT.name);
    // The server refuses the write anyway (423), naming the holder; the note was not saved.
    await expect.poll(() => postNote(second, 'Nota del segundo agente'), { intervals: [60_000] }).toBe(423);
    const detail = await apiCall(second, 'GET', `/api/backoffice/items/${itemId}`);
    expect((detail.json as { notes: { text: string }[] }).notes).toEqual([]);
  });

  test('force unlock: recorded in the history, the second agent holds it, the first one is refused', async () => {
    await secondPage.getByRole('button', { name: 'Forzar desbloqueo' }).click();
    await expect(secondPage.getByText('Has forzado el desbloqueo')).toBeVisible();
    await expect(secondPage.getByText('Tienes este pedido bloqueado')).toBeVisible();
    await expect(secondPage.locator('#historial')).toContainText('Desbloqueo forzado');
    const detail = await apiCall(second, 'GET', `/api/backoffice/items/${itemId}`);
    const history = (detail.json as { history: { accion: string; admin_user_id: number | null }[] }).history;
    const forced = history.find((h) => h.accion === 'desbloqueo_forzado');
    // Who forced it, and whose lock it broke (the admin with user id 1 is shown as "Sistema" on screen).
    expect(forced).toMatchObject({
      admin_user_id: expect.any(Number),
      details: { previous_holder_id: expect.any(Number) },
    });
    expect(forced?.admin_user_id).not.toBe(
      (forced as unknown as { details: { previous_holder_id: number } }).details.previous_holder_id,
    );
    await expectNoAxeViolations(secondPage, 'order tab after a forced unlock');

    // The first agent's tab is told at once (the lock event stream), without writing or waiting for the change check,
    // and their write is now the refused one.
    const firstAlert = firstPage.getByRole('alert').filter({ hasText: 'Pedido bloqueado' });
    await expect(firstAlert).toContainText(`Otro usuario (${SECOND.name}) ha bloqueado este pedido.`);
    await expectLockedOut(firstPage, SECOND.name);
    await expect.poll(() => postNote(first, 'Nota del primer agente'), { intervals: [60_000] }).toBe(423);
    await expectNoAxeViolations(firstPage, 'order tab after losing the lock');

    // The holder's write goes through.
    await addNote(secondPage, 'Nota tras el desbloqueo');
    await expect(secondPage.locator('#notas')).toContainText('Nota tras el desbloqueo');
  });

  test('closing the tab releases the lock: the other agent can take it', async () => {
    const tabs = secondPage.getByRole('tablist', { name: 'Pestañas abiertas' });
    await expect(tabs.getByRole('tab', { name: `Pedido ${itemId}` })).toBeVisible();
    await secondPage.getByRole('button', { name: `Cerrar la pestaña Pedido ${itemId}` }).click();
    await expect(tabs.getByRole('tab', { name: `Pedido ${itemId}` })).toHaveCount(0);
    await waitForPath(secondPage, /^\/agentes/);
    await expect
      .poll(async () => (await apiCall(first, 'POST', `/api/backoffice/items/${itemId}/lock`, {})).status)
      .toBe(200);
  });
});
