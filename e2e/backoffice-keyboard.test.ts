// The agent's workplace, dense and keyboard first (docs/backoffice.md, "Workspace"): at 1440x900 and 1366x768 the
// loop's controls (the answers, the customer, the note box, the status and result, "finish and next") are on screen
// without scrolling, also under the confirmation of the order just finished; the loop is done by
// keyboard (note, save with Ctrl+Enter, pin, result, finish and next, tabs, search, reply), every shortcut's effect is
// announced in a live region, none fires while typing, and the `?` dialog lists them (axe clean, Escape closes it).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { paidOrder } from './support/backoffice-orders.js';
import { startBackofficeWorld, type BackofficeWorld } from './support/backoffice-world.js';
import { screenshot, waitForPath } from './support/page-checks.js';
import { ARTIFACTS } from './support/server.js';

let world: BackofficeWorld;
let page: Page;
/** Three paid orders, oldest first: the queue gives them in this order. */
const items: number[] = [];

const heading = (name: string) => page.getByRole('heading', { level: 1, name });
const announcer = () => page.locator('#ws-announcer');

/** The element is inside the window as it is, with the page not scrolled. */
async function expectOnScreen(locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what}: bottom within ${viewport?.height}px`).toBeLessThanOrEqual(viewport!.height);
  await expect.poll(() => page.evaluate(() => window.scrollY), { message: `${what}: no scrolling` }).toBe(0);
}

/** The queue tab's loop on screen: reading, the note, the result and status, "finish and next"; nothing scrolled. */
async function expectLoopOnScreen(where: string): Promise<void> {
  await expectOnScreen(page.locator('#respuestas'), `answers (${where})`);
  await expectOnScreen(page.locator('#cliente'), `customer (${where})`);
  await expectOnScreen(page.getByLabel('Nueva nota'), `note box (${where})`);
  await expectOnScreen(page.getByRole('button', { name: 'Guardar nota' }), `save note (${where})`);
  await expectOnScreen(page.getByLabel('Resultado'), `result (${where})`);
  await expectOnScreen(page.getByLabel('Nuevo estado'), `status (${where})`);
  await expectOnScreen(page.getByRole('button', { name: 'Finalizar y siguiente' }), `finish and next (${where})`);
}

interface Notes {
  notes: { text: string; pinned: boolean }[];
  panel_status_id: number;
}

test.describe.serial('the workplace by keyboard', () => {
  test.beforeAll(async ({ browser }) => {
    // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
    test.setTimeout(300_000);
    world = await startBackofficeWorld(browser, { customerEmail: 'teclado@example.com' });
    items.push(world.itemId);
    for (let i = 0; i < 2; i++) items.push((await paidOrder(world.customer, world.staff)).itemId);
    page = world.page;
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test.afterAll(async () => {
    await world?.close();
    expect(world?.pageErrors ?? []).toEqual([]);
  });

  test('at 1440x900 the note box, the status and "finish and next" need no scrolling', async () => {
    await page.goto('/agentes/-1');
    await expect(heading(`Pedido ${items[0]}`)).toBeVisible();
    await expect(page.getByText('Tienes este pedido bloqueado')).toBeVisible();
    // Reading needs no scrolling either: the answers in the main column, the customer at the side, whole.
    await expectLoopOnScreen('1440x900');
    await screenshot(page, ARTIFACTS, 'backoffice-keyboard-queue-1440');

    // The order's own tab: its finish button in the same bar.
    await page.goto(`/agentes/pedido/${items[2]}`);
    await expect(heading(`Pedido ${items[2]}`)).toBeVisible();
    await expectOnScreen(page.getByLabel('Nueva nota'), 'note box (order tab)');
    await expectOnScreen(page.getByLabel('Nuevo estado'), 'status (order tab)');
    await expectOnScreen(page.getByRole('button', { name: 'Finalizar', exact: true }), 'finish (order tab)');
    // The side panel holds the customer and the related orders; history is folded until asked for.
    await expect(page.getByRole('region', { name: 'Datos relacionados' })).toContainText('teclado@example.com');
    await expect(page.locator('#historial')).toBeHidden();
    await page
      .getByRole('navigation', { name: 'Secciones del pedido' })
      .getByRole('link', { name: 'Historial' })
      .click();
    await expect(page.locator('#historial')).toBeVisible();
    await expectNoAxeViolations(page, 'order tab, dense layout');

    // Scrolled down, the header with the status and the actions stays in view.
    await page.getByRole('region', { name: 'Historial' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByLabel('Nuevo estado')).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Finalizar', exact: true })).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.setViewportSize({ width: 1366, height: 768 });
    await expect(page.getByLabel('Nuevo estado')).toBeInViewport();
    await expect(page.getByLabel('Nueva nota')).toBeInViewport();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, ARTIFACTS, 'backoffice-keyboard-order-1366');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('the loop by keyboard: note, save, pin, result, finish and next; each effect announced', async () => {
    await page.getByRole('tablist', { name: 'Pestañas abiertas' }).getByRole('tab', { name: 'Autoasignar' }).click();
    await expect(heading(`Pedido ${items[0]}`)).toBeVisible();
    await page.locator('body').press('n');
    const note = page.getByLabel('Nueva nota');
    await expect(note).toBeFocused();
    await expect(announcer()).toHaveText('Nota: escribe y pulsa Ctrl+Intro para guardarla');

    // Single keys never fire while typing: they are the note's text.
    await page.keyboard.type('Pedida al registro; f s p / ? r');
    await expect(note).toHaveValue('Pedida al registro; f s p / ? r');
    await expect(heading(`Pedido ${items[0]}`)).toBeVisible();
    await page.keyboard.press('Control+Enter');
    await expect(page.getByText('Nota guardada.')).toBeVisible();
    // Saved means listed: the note is in the list with the notice, not only once the order has reloaded (P once
    // pinned nothing here, pressed in that gap: notes-section.test.tsx).
    await expect(page.locator('#notas li').filter({ hasText: 'Pedida al registro; f s p / ? r' })).toBeVisible();
    await expect(announcer()).toHaveText('Guardando la nota');

    // Out of the field (Tab), P pins the note just saved.
    await page.keyboard.press('Tab');
    await page.keyboard.press('p');
    await expect(page.getByText('Nota fijada.')).toBeVisible();
    await expect
      .poll(async () => ((await apiCall(world.staff, 'GET', `/api/backoffice/items/${items[0]}`)).json as Notes).notes)
      .toEqual([expect.objectContaining({ text: 'Pedida al registro; f s p / ? r', pinned: true })]);

    // S goes to the result (the queue's), F finishes and takes the next.
    await page.locator('body').press('s');
    await expect(page.getByLabel('Resultado')).toBeFocused();
    await expect(announcer()).toHaveText('Estado: elige uno con las flechas');
    await page.getByLabel('Resultado').selectOption('50');
    await page.keyboard.press('Tab');
    await page.keyboard.press('f');
    await expect(heading(`Pedido ${items[1]}`)).toBeVisible();
    await expect(page.getByText(`Pedido ${items[0]} finalizado.`)).toBeVisible();
    const finished = (await apiCall(world.staff, 'GET', `/api/backoffice/items/${items[0]}`)).json as Notes;
    expect(finished.panel_status_id).toBe(50);
  });

  test('at 1366x768, under the confirmation of the order just finished, the loop still needs no scrolling', async () => {
    // The state the loop is in from its second order on: "Pedido N finalizado." above the next order.
    await expect(page.getByText(`Pedido ${items[0]} finalizado.`)).toBeVisible();
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect(heading(`Pedido ${items[1]}`)).toBeVisible();
    await expectLoopOnScreen('1366x768, after finish and next');
    await expect(page.getByText(`Pedido ${items[0]} finalizado.`)).toBeInViewport();
    await screenshot(page, ARTIFACTS, 'backoffice-keyboard-queue-1366');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectLoopOnScreen('1440x900, after finish and next');
  });

  test('tabs, search and reply by keyboard', async () => {
    await page.locator('body').press('Alt+Shift+ArrowLeft');
    await waitForPath(page, /^\/agentes\/actividad$/);
    await expect(announcer()).toHaveText('Pestaña Mi actividad');
    await page.locator('body').press('Alt+Shift+ArrowRight');
    await waitForPath(page, /^\/agentes\/-1$/);
    await expect(heading(`Pedido ${items[1]}`)).toBeVisible();

    // R: reply by template (the e-mail dialog); Escape closes it and the shortcuts are back.
    await page.locator('body').press('r');
    const dialog = page.getByRole('dialog', { name: 'Correo desde plantilla' });
    await expect(dialog).toBeVisible();
    await expect(announcer()).toHaveText('Respuesta abierta');
    // Keys inside another dialog are that dialog's.
    await page.keyboard.press('n');
    await expect(page.getByLabel('Nueva nota')).not.toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.locator('body').press('/');
    await waitForPath(page, /^\/agentes$/);
    await expect(page.getByLabel('Texto', { exact: true })).toBeFocused();
    await expect(announcer()).toHaveText('Búsqueda de pedidos');
  });

  test('the ? dialog lists the shortcuts, is accessible, and single keys can be turned off', async () => {
    await page.getByRole('tablist', { name: 'Pestañas abiertas' }).getByRole('tab', { name: 'Autoasignar' }).click();
    await expect(heading(`Pedido ${items[1]}`)).toBeVisible();
    await page.locator('body').press('?');
    const dialog = page.getByRole('dialog', { name: 'Atajos de teclado' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cerrar' })).toBeFocused();
    const rows = dialog.getByRole('table', { name: 'Atajos de teclado' }).getByRole('row');
    await expect(rows.filter({ hasText: 'Ctrl+Intro' })).toContainText('Guardar la nota');
    await expect(rows.filter({ hasText: 'Finalizar y siguiente' })).toContainText('F');
    await expect(rows).toHaveCount(12);
    await expectNoAxeViolations(page, 'the shortcuts dialog');

    await dialog.getByLabel('Atajos de una sola tecla').uncheck();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.locator('body').press('n');
    await expect(page.getByLabel('Nueva nota')).not.toBeFocused();
    // The combinations still work, and the button in the strip opens the list again to turn them back on.
    await page.getByRole('button', { name: 'Atajos de teclado (?)' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Atajos de una sola tecla').check();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Atajos de teclado (?)' })).toBeFocused();
    await page.locator('body').press('n');
    await expect(page.getByLabel('Nueva nota')).toBeFocused();
    await expectNoAxeViolations(page, 'queue tab after the shortcuts');
  });
});
