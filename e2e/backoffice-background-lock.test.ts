// Locks that follow the agent (docs/backoffice.md): only the order an agent is looking at holds its lock. A tab left
// in the background gives it back after BACKOFFICE_BACKGROUND_LOCK_SECONDS (10 here); the colleague already looking
// at the order is told at once (the lock event stream) and takes it without reloading; the first agent, back on the
// tab, is told who holds it now. Restored tabs hold nothing until shown. axe on each state.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, apiLogin } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { paidOrder, registerCustomer } from './support/backoffice-orders.js';
import { newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const AGENT = { email: 'agente@ventanilla.test', password: 'agente-demo-2026', name: 'Andrés Agente' };
const SECOND = { email: 'admin@ventanilla.test', password: 'admin-demo-2026', name: 'Ana Administradora' };
const BACKGROUND_SECONDS = 10;

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let first: BrowserContext;
let second: BrowserContext;
let firstPage: Page;
let secondPage: Page;
let itemId: number;
const pageErrors: string[] = [];

async function openAgent(context: BrowserContext, who: { email: string; password: string }): Promise<Page> {
  await apiLogin(context, who.email, who.password);
  const page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
  return page;
}

test.describe.serial('a background tab gives its lock back', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer({ BACKOFFICE_BACKGROUND_LOCK_SECONDS: String(BACKGROUND_SECONDS) });
    customer = await newContext(browser, server.baseUrl);
    first = await newContext(browser, server.baseUrl);
    second = await newContext(browser, server.baseUrl);
    const shop = await customer.newPage();
    await shop.goto('/?store=1');
    await shop.waitForLoadState('networkidle');
    await registerCustomer(customer, 'fondo@example.com');
    firstPage = await openAgent(first, AGENT);
    secondPage = await openAgent(second, SECOND);
    ({ itemId } = await paidOrder(customer, second));
  });

  test.afterAll(async () => {
    for (const c of [customer, first, second]) await c?.close().catch(() => undefined);
    await server?.stop();
    expect(pageErrors).toEqual([]);
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
    test.setTimeout(120_000);
    // The colleague moves to the search tab: the order goes back to the first agent, who is looking at it.
    const tabs = secondPage.getByRole('tablist', { name: 'Pestañas abiertas' });
    await tabs.getByRole('tab', { name: 'Buscar' }).click();
    await expect(tabs.getByRole('tab', { name: 'Buscar' })).toHaveAttribute('aria-selected', 'true');
    await expect(firstPage.getByText('Tienes este pedido bloqueado')).toBeVisible({
      timeout: (BACKGROUND_SECONDS + 15) * 1000,
    });
    // The colleague opens the back office again in a new window: the order's tab is restored, not shown, not locked.
    const again = await second.newPage();
    await again.goto('/agentes');
    const restored = again.getByRole('tablist', { name: 'Pestañas abiertas' });
    await expect(restored.getByRole('tab', { name: `Pedido ${itemId}` })).toBeVisible();
    await expect(restored.getByRole('tab', { name: 'Buscar' })).toHaveAttribute('aria-selected', 'true');
    await again.waitForLoadState('networkidle');
    // The first agent still holds it: renewing is allowed, the colleague's taking is not.
    await expect
      .poll(async () => (await apiCall(first, 'POST', `/api/backoffice/items/${itemId}/lock`, {})).status)
      .toBe(200);
    await again.close();
  });
});
