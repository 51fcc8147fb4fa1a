// Locks that follow the agent (docs/backoffice.md): only the order an agent is looking at holds its lock. A tab left
// in the background gives it back after BACKOFFICE_BACKGROUND_LOCK_SECONDS (10 here); the colleague already looking
// at the order is told at once (the lock event stream) and takes it without reloading; the first agent, back on the
// tab, is told who holds it now. Restored tabs hold nothing until shown. A ticket's tab does the same: the colleague
// looking at it sees its controls disabled with the reason, then takes it when the first agent looks elsewhere. axe on
// each state.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, csrfToken } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { AGENT, SECOND, twoAgentsOnOneOrder, type TwoAgents } from './support/two-agents.js';
const BACKGROUND_SECONDS = 10;

let world: TwoAgents;
let first: BrowserContext;
let second: BrowserContext;
let firstPage: Page;
let secondPage: Page;
let itemId: number;

test.describe.serial('a background tab gives its lock back', () => {
  test.beforeAll(async ({ browser }) => {
    // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
    test.setTimeout(300_000);
    world = await twoAgentsOnOneOrder(browser, 'fondo@example.com', {
      BACKOFFICE_BACKGROUND_LOCK_SECONDS: String(BACKGROUND_SECONDS),
    });
    ({ first, second, firstPage, secondPage, itemId } = world);
  });

  test.afterAll(async () => {
    await world?.close();
    expect(world?.pageErrors ?? []).toEqual([]);
  });

  test('the first agent looks at the order and holds it; the second is told who', async () => {
    await firstPage.goto(`/agentes/pedido/${itemId}`);
    await expect(firstPage.getByText('Tienes este pedido bloqueado')).toBeVisible();
    await secondPage.goto(`/agentes/pedido/${itemId}`);
    const lockAlert = secondPage.getByRole('alert').filter({ hasText: 'Pedido bloqueado' });
    await expect(lockAlert).toContainText(`Otro usuario (${AGENT.name}) ha bloqueado este pedido.`);
    await expectNoAxeViolations(secondPage, 'order locked by the colleague looking at it');
  });

  test('the first agent moves to another tab: after the grace time the colleague holds the order, without reloading', async () => {
    test.setTimeout(120_000);
    const tabs = firstPage.getByRole('tablist', { name: 'Pestañas abiertas' });
    await tabs.getByRole('tab', { name: 'Buscar' }).click();
    await expect(tabs.getByRole('tab', { name: 'Buscar' })).toHaveAttribute('aria-selected', 'true');
    // Still held during the grace time: a quick look elsewhere loses nothing.
    const early = await apiCall(second, 'POST', `/api/backoffice/items/${itemId}/lock`, {});
    expect(early.status).toBe(423);
    // Then given back; the colleague's page (looking at the order) takes it when told, not at its next heartbeat.
    await expect(secondPage.getByText('Tienes este pedido bloqueado')).toBeVisible({
      timeout: (BACKGROUND_SECONDS + 15) * 1000,
    });
    await expect(secondPage.getByRole('alert').filter({ hasText: 'Pedido bloqueado' })).toHaveCount(0);
    await expectNoAxeViolations(secondPage, 'order taken over after the background release');
  });

  test('back on the order, the first agent is told who holds it now', async () => {
    const tabs = firstPage.getByRole('tablist', { name: 'Pestañas abiertas' });
    await tabs.getByRole('tab', { name: `Pedido ${itemId}` }).click();
    const lockAlert = firstPage.getByRole('alert').filter({ hasText: 'Pedido bloqueado' });
    await expect(lockAlert).toContainText(`Otro usuario (${SECOND.name}) ha bloqueado este pedido.`);
    await expectNoAxeViolations(firstPage, 'back on a tab another agent took');
  });

  test('tabs restored at sign-in hold nothing until shown', async () => {
    test.setTimeout(150_000);
    const holder = async () =>
      ((await apiCall(first, 'GET', `/api/backoffice/items/${itemId}`)).json as { locked_by: { name: string } | null })
        .locked_by?.name ?? null;
    // The colleague moves to the search tab: the order goes back to the first agent, who is looking at it.
    const tabs = secondPage.getByRole('tablist', { name: 'Pestañas abiertas' });
    await tabs.getByRole('tab', { name: 'Buscar' }).click();
    await expect(tabs.getByRole('tab', { name: 'Buscar' })).toHaveAttribute('aria-selected', 'true');
    await expect(firstPage.getByText('Tienes este pedido bloqueado')).toBeVisible({
      timeout: (BACKGROUND_SECONDS + 15) * 1000,
    });
    // The first agent looks elsewhere too: after the grace time nobody holds the order.
    const firstTabs = firstPage.getByRole('tablist', { name: 'Pestañas abiertas' });
    await firstTabs.getByRole('tab', { name: 'Buscar' }).click();
    await expect(firstTabs.getByRole('tab', { name: 'Buscar' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(holder, { timeout: (BACKGROUND_SECONDS + 15) * 1000 }).toBeNull();
    // The colleague opens the back office again in a new window: the order's tab is restored, not shown, not locked.
    const again = await second.newPage();
    await again.goto('/agentes');
    const restored = again.getByRole('tablist', { name: 'Pestañas abiertas' });
    await expect(restored.getByRole('tab', { name: `Pedido ${itemId}` })).toBeVisible();
    await expect(restored.getByRole('tab', { name: 'Buscar' })).toHaveAttribute('aria-selected', 'true');
    await again.waitForLoadState('networkidle');
    // The order is still free, and the first agent can take it: a restored tab that locked it would make this a 423.
    await expect.poll(holder).toBeNull();
    expect((await apiCall(first, 'POST', `/api/backoffice/items/${itemId}/lock`, {})).status).toBe(200);
    await expect.poll(holder).toBe(AGENT.name);
    await again.close();
  });

  test("a ticket's tab follows the agent too: held while shown, given back in the background, told at once", async () => {
    test.setTimeout(120_000);
    // A ticket written by the colleague through the API, then let go: nobody holds it.
    const created = await second.request.post('/api/backoffice/tickets', {
      headers: { 'x-csrf-token': await csrfToken(second) },
      multipart: { email: 'fondo.ticket@example.com', subject: 'Ticket en segundo plano', body: 'Hola.' },
    });
    expect(created.status(), await created.text()).toBe(200);
    const ticketId = ((await created.json()) as { ticket_id: number }).ticket_id;
    const released = await second.request.delete(`/api/backoffice/tickets/${ticketId}/lock`, {
      headers: { 'x-csrf-token': await csrfToken(second) },
    });
    expect(released.status()).toBe(200);

    await firstPage.goto(`/agentes/ticket/${ticketId}`);
    await expect(firstPage.getByText('Tienes este ticket bloqueado mientras lo estás viendo.')).toBeVisible();
    await secondPage.goto(`/agentes/ticket/${ticketId}`);
    await expect(secondPage.getByText(`${AGENT.name} está trabajando en este ticket`)).toBeVisible();
    // The controls the lock would refuse: disabled, with the reason beside them.
    const close = secondPage.getByRole('button', { name: 'Cerrar ticket' });
    await expect(close).toBeDisabled();
    await expect(secondPage.locator('#ticket-lock-reason')).toHaveText(`Bloqueado por ${AGENT.name}`);
    await expectNoAxeViolations(secondPage, 'ticket locked by the colleague looking at it');

    // The first agent looks elsewhere: still held during the grace time, then given back, and the colleague's page
    // (looking at the ticket) takes it when told, not at its next heartbeat.
    const tabs = firstPage.getByRole('tablist', { name: 'Pestañas abiertas' });
    await tabs.getByRole('tab', { name: 'Buscar' }).click();
    await expect(tabs.getByRole('tab', { name: 'Buscar' })).toHaveAttribute('aria-selected', 'true');
    const early = await apiCall(second, 'POST', `/api/backoffice/tickets/${ticketId}/lock`, {});
    expect(early.status).toBe(423);
    await expect(secondPage.getByText('Tienes este ticket bloqueado mientras lo estás viendo.')).toBeVisible({
      timeout: (BACKGROUND_SECONDS + 15) * 1000,
    });
    await expect(close).toBeEnabled();
    await expect(secondPage.locator('#ticket-lock-reason')).toHaveCount(0);
    await expectNoAxeViolations(secondPage, 'ticket taken over after the background release');

    // Back on the ticket, the first agent is told who holds it now, and cannot close it.
    await tabs.getByRole('tab', { name: `Ticket ${ticketId}` }).click();
    await expect(firstPage.getByText(`${SECOND.name} está trabajando en este ticket`)).toBeVisible();
    await expect(firstPage.getByRole('button', { name: 'Cerrar ticket' })).toBeDisabled();
  });
});
