// Editing a cart line's answers (docs/shop-flows.md, "Cart line edits"): a nota simple in the cart opens in its wizard
// pre-filled, a changed answer PATCHes the line (with its version) and the cart shows it; a line changed elsewhere
// meanwhile (409) is not overwritten and the cart says so.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, csrfToken } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

const ANSWERS = { '78': '5028', '79': '28005', '80': 'Calle Mayor 1, 2º B', '77': 'Juan Español', '411': '3781' };

let server: RunningServer;
let context: BrowserContext;
let page: Page;

async function openEdit(): Promise<void> {
  await page.goto('/tienda/cart');
  await page.getByRole('link', { name: /^Editar respuestas/ }).click();
  await waitForPath(page, /^\/tienda\/nota-simple\/step7$/);
  await expect(page.getByText('Estás editando las respuestas de la línea 1 del carrito.')).toBeVisible();
}

async function changeOwner(name: string): Promise<void> {
  await page.getByRole('link', { name: /^Cambiar Nombre del titular/ }).click();
  await page.getByLabel(/Nombre del titular/).fill(name);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await waitForPath(page, /^\/tienda\/nota-simple\/step7$/);
}

test.describe.serial('cart: edit a line’s answers', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    server = await startServer();
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    await page.goto('/?store=1');
    await page.waitForLoadState('networkidle');
    const added = await apiCall(context, 'POST', '/api/cart/items', {
      store_id: 1,
      url_key: 'nota-simple',
      answers: ANSWERS,
    });
    expect(added.status).toBe(201);
  });

  test.afterAll(async () => {
    await context?.close().catch(() => undefined);
    await server?.stop();
  });

  test('the wizard opens pre-filled; saving updates the line in the cart', async () => {
    await openEdit();
    await expectNoAxeViolations(page, 'check answers editing a cart line');
    await changeOwner('Ana Ruiz');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await waitForPath(page, /^\/tienda\/cart$/);
    await expect(page.getByRole('status').filter({ hasText: 'Se han guardado los cambios' })).toBeVisible();
    await expect(page.locator('.cart-line')).toHaveCount(1);
    await expect(page.locator('.cart-line').getByText('Ana Ruiz')).toBeVisible();
  });

  test('a line changed elsewhere meanwhile (409) is not overwritten; the cart says so', async () => {
    await openEdit();
    await changeOwner('Luis Gil');
    // Another tab changes the address: the line's version moves on.
    const cart = (await (await context.request.get('/api/cart')).json()) as {
      items: { id: number; version: number }[];
    };
    const line = cart.items[0]!;
    const patched = await context.request.patch(`/api/cart/items/${line.id}`, {
      headers: { 'x-csrf-token': await csrfToken(context) },
      data: { version: line.version, answers: { ...ANSWERS, '77': 'Ana Ruiz', '80': 'Calle Luna 3' } },
    });
    expect(patched.status()).toBe(200);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await waitForPath(page, /^\/tienda\/cart$/);
    await expect(page.getByRole('alert').filter({ hasText: 'La línea ha cambiado en otra pestaña' })).toBeVisible();
    await expect(page.locator('.cart-line').getByText('Ana Ruiz')).toBeVisible();
    await expect(page.locator('.cart-line').getByText('Calle Luna 3')).toBeVisible();
    // A nota simple is for one property: its line has no quantity to change.
    await expect(page.getByLabel('Cantidad')).toHaveCount(0);
  });
});
