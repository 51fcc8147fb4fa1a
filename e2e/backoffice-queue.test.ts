// The pulled queue in the agent's workspace (docs/backoffice.md, "Workspace"): the tab strip by keyboard, tab -1 gives
// the oldest waiting order locked to the agent, "finish and next" gives the next one, the tabs survive a reload, and
// "finish and stop" lands on tab 0. axe on every screen.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, apiLogin } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { paidOrder, registerCustomer } from './support/backoffice-orders.js';
import { newContext } from './support/browser.js';
import { screenshot, waitForPath } from './support/page-checks.js';
import { ARTIFACTS, startServer, type RunningServer } from './support/server.js';

const AGENT = { email: 'agente@ventanilla.test', password: 'agente-demo-2026' };

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let agent: BrowserContext;
let page: Page;
/** Three paid orders, oldest first: the queue gives them in this order. */
const items: number[] = [];
const pageErrors: string[] = [];

const tablist = () => page.getByRole('tablist', { name: 'Pestañas abiertas' });
const tabNames = async () => (await tablist().getByRole('tab').allTextContents()).map((name) => name.trim());
const heading = (name: string) => page.getByRole('heading', { level: 1, name });

interface History {
  history: { accion: string; new_status: number | null }[];
  panel_status_id: number;
}

test.describe.serial('the queue tabs: pull, finish and next, reload, finish and stop', () => {
  test.beforeAll(async ({ browser: launched }) => {
    // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    customer = await newContext(browser, server.baseUrl);
    agent = await newContext(browser, server.baseUrl);
    const shop = await customer.newPage();
    await shop.goto('/?store=1');
    await shop.waitForLoadState('networkidle');
    await registerCustomer(customer, 'cola@example.com');
    await apiLogin(agent, AGENT.email, AGENT.password);
    for (let i = 0; i < 3; i++) items.push((await paidOrder(customer, agent)).itemId);
    page = await agent.newPage();
    page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
  });

  test.afterAll(async () => {
    for (const c of [customer, agent]) await c?.close().catch(() => undefined);
    await server?.stop();
    expect(pageErrors).toEqual([]);
  });

  test('a new agent has search, My Activity and auto-assign; the arrow keys move between tabs', async () => {
    await page.goto('/agentes');
    await expect(tablist().getByRole('tab', { name: 'Buscar' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => tabNames()).toEqual(['Buscar', 'Mi actividad', 'Autoasignar']);
    // -1 cannot be closed: no button for it.
    await expect(page.getByRole('button', { name: 'Cerrar la pestaña Autoasignar' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'search tab');

    await tablist().getByRole('tab', { name: 'Buscar' }).focus();
    await page.keyboard.press('ArrowRight');
    await waitForPath(page, /^\/agentes\/actividad$/);
    await expect(heading('Mi actividad')).toBeVisible();
    await expect(page).toHaveTitle(/^Mi actividad - /);
    // Focus stays in the strip, on the tab just opened.
    await expect(tablist().getByRole('tab', { name: 'Mi actividad' })).toBeFocused();
    await expectNoAxeViolations(page, 'My Activity tab');
  });

  test('tab -1 gives the oldest waiting order, locked to the agent', async () => {
    await page.keyboard.press('ArrowRight');
    await waitForPath(page, /^\/agentes\/-1$/);
    await expect(heading(`Pedido ${items[0]}`)).toBeVisible();
    await expect(tablist().getByRole('tab', { name: 'Autoasignar' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(`Último pedido autoasignado: ${items[0]}`)).toBeVisible();
    await expect(page.getByText('Tienes este pedido bloqueado')).toBeVisible();
    const last = await apiCall(agent, 'GET', '/api/backoffice/queue/last');
    expect(last.json).toMatchObject({ last: { item_id: items[0], queue: 'default' } });
    await expectNoAxeViolations(page, 'auto-assign tab with an order');
  });

  test('finish needs a result; "finish and next" records it and gives the next order', async () => {
    await page.getByRole('button', { name: 'Finalizar y siguiente' }).click();
    await expect(page.getByText('Elige el resultado para finalizar el pedido')).toBeVisible();
    await expect(page.getByLabel('Resultado')).toBeFocused();
    await expectNoAxeViolations(page, 'auto-assign tab with a missing result');

    await page.getByLabel('Resultado').selectOption('50');
    await page.getByRole('button', { name: 'Finalizar y siguiente' }).click();
    await expect(heading(`Pedido ${items[1]}`)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `Pedido ${items[0]} finalizado.` })).toBeVisible();
    await expect(page.getByText(`Último pedido autoasignado: ${items[1]}`)).toBeVisible();
    const finished = (await apiCall(agent, 'GET', `/api/backoffice/items/${items[0]}`)).json as History;
    expect(finished.panel_status_id).toBe(50);
    expect(finished.history.map((h) => h.accion)).toContain('finalizado');
  });

  test('the tabs survive a reload, and the auto-assign tab shows the same order again', async () => {
    await page.goto(`/agentes/pedido/${items[2]}`);
    await expect(heading(`Pedido ${items[2]}`)).toBeVisible();
    await expect.poll(() => tabNames()).toEqual(['Buscar', 'Mi actividad', 'Autoasignar', `Pedido ${items[2]}`]);
    // Opening an address already open reuses its tab.
    await page.goto(`/agentes/${items[2]}`);
    await waitForPath(page, new RegExp(`^/agentes/pedido/${items[2]}$`));
    await page.reload();
    await expect(heading(`Pedido ${items[2]}`)).toBeVisible();
    await expect.poll(() => tabNames()).toEqual(['Buscar', 'Mi actividad', 'Autoasignar', `Pedido ${items[2]}`]);
    await expect(tablist().getByRole('tab', { name: `Pedido ${items[2]}` })).toHaveAttribute('aria-selected', 'true');

    await tablist().getByRole('tab', { name: 'Autoasignar' }).click();
    await expect(heading(`Pedido ${items[1]}`)).toBeVisible();
    await expect(page.getByText('Tienes este pedido bloqueado')).toBeVisible();
    await screenshot(page, ARTIFACTS, 'backoffice-queue-1280');

    // A laptop and a narrow window: the strip scrolls on its own, the page never scrolls sideways.
    for (const width of [1024, 800]) {
      await page.setViewportSize({ width, height: 700 });
      await expect(tablist().getByRole('tab', { name: 'Autoasignar' })).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);
    }
    await screenshot(page, ARTIFACTS, 'backoffice-queue-800');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('"finish and stop" lands on tab 0 (auto-assign paused), which survives a reload', async () => {
    await page.getByLabel('Resultado').selectOption('50');
    await page.getByRole('button', { name: 'Finalizar y parar' }).click();
    await waitForPath(page, /^\/agentes\/0$/);
    await expect(heading('Autoasignar (parado)')).toBeVisible();
    await expect(tablist().getByRole('tab', { name: 'Autoasignar (parado)' })).toHaveAttribute('aria-selected', 'true');
    await expectNoAxeViolations(page, 'auto-assign paused tab');
    const stopped = (await apiCall(agent, 'GET', `/api/backoffice/items/${items[1]}`)).json as History;
    expect(stopped.panel_status_id).toBe(50);
    // Nothing more was pulled: the last one is still the order just finished.
    expect((await apiCall(agent, 'GET', '/api/backoffice/queue/last')).json).toMatchObject({
      last: { item_id: items[1] },
    });

    await page.reload();
    await expect(heading('Autoasignar (parado)')).toBeVisible();
    await expect
      .poll(() => tabNames())
      .toEqual(['Buscar', 'Mi actividad', 'Autoasignar', `Pedido ${items[2]}`, 'Autoasignar (parado)']);
  });

  test('a tab closed with the keyboard is remembered in My Activity', async () => {
    await tablist()
      .getByRole('tab', { name: `Pedido ${items[2]}` })
      .focus();
    await page.keyboard.press('Delete');
    await expect(tablist().getByRole('tab', { name: `Pedido ${items[2]}` })).toHaveCount(0);
    await tablist().getByRole('tab', { name: 'Mi actividad' }).click();
    await expect(heading('Mi actividad')).toBeVisible();
    const closed = page.getByRole('heading', { name: 'Pestañas de pedidos cerradas recientemente' });
    await expect(closed).toBeVisible();
    await expect(page.getByRole('link', { name: `Pedido ${items[2]}` }).last()).toBeVisible();
    // My recent actions link to the orders they were on.
    await expect(page.getByRole('table', { name: 'Mis últimas acciones' })).toContainText(`Pedido ${items[0]}`);
    await expectNoAxeViolations(page, 'My Activity with actions and closed tabs');
  });

  test('a registry tab opens from "Abrir otra pestaña" with its screen, and closes', async () => {
    await page.getByText('Abrir otra pestaña').click();
    await page.getByRole('link', { name: 'Tickets', exact: true }).click();
    await waitForPath(page, /^\/agentes\/tickets$/);
    await expect(heading('Tickets')).toBeVisible();
    await expect(tablist().getByRole('tab', { name: 'Tickets' })).toHaveAttribute('aria-selected', 'true');
    // Every tab of the registry has its screen now: the tickets list's filters.
    await expect(page.getByRole('search', { name: 'Filtrar tickets' })).toBeVisible();
    await expect(page.getByText('Esta pantalla llegará en una próxima versión.')).toHaveCount(0);
    await expectNoAxeViolations(page, 'a tab opened from "Abrir otra pestaña"');
    await page.getByRole('button', { name: 'Cerrar la pestaña Tickets' }).click();
    await expect(tablist().getByRole('tab', { name: 'Tickets' })).toHaveCount(0);
  });

  test('another device opens where the agent was', async () => {
    const other = await newContext(browser, server.baseUrl);
    try {
      await apiLogin(other, AGENT.email, AGENT.password);
      const device = await other.newPage();
      await device.goto('/agentes');
      await waitForPath(device, /^\/agentes\/0$/);
      await expect(device.getByRole('heading', { level: 1, name: 'Autoasignar (parado)' })).toBeVisible();
      await expect
        .poll(() => device.getByRole('tablist', { name: 'Pestañas abiertas' }).getByRole('tab').allTextContents())
        .toEqual(['Buscar', 'Mi actividad', 'Autoasignar', 'Autoasignar (parado)']);
    } finally {
      await other.close();
    }
  });

  test("an open order's lock is renewed every 30 s and released when its tab closes (page clock, no waiting)", async () => {
    const clocked = await agent.newPage();
    try {
      await clocked.clock.install();
      const isLock = (method: string) => (request: { url(): string; method(): string }) =>
        request.url().endsWith(`/api/backoffice/items/${items[2]}/lock`) && request.method() === method;
      const taken = clocked.waitForRequest(isLock('POST'));
      await clocked.goto(`/agentes/pedido/${items[2]}`);
      await taken;
      await expect(clocked.getByText('Tienes este pedido bloqueado')).toBeVisible();
      const renewed = clocked.waitForRequest(isLock('POST'));
      await clocked.clock.fastForward(30_000);
      expect((await (await renewed).response())?.status()).toBe(200);
      const released = clocked.waitForRequest(isLock('DELETE'));
      await clocked.getByRole('button', { name: `Cerrar la pestaña Pedido ${items[2]}` }).click();
      expect((await (await released).response())?.status()).toBe(200);
    } finally {
      await clocked.close();
    }
  });
});
