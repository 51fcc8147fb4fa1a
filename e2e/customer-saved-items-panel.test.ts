// "Guardados del cliente" beside an order (docs/backoffice.md, "One screen per order"), on the built product: the
// customer saves a property, a company and six vehicles in their panel; the agent sees them on the order's side panel,
// one line each with counts, opens "Ver todos" with the keyboard, and the page stays axe-clean.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiCall } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { startBackofficeWorld, type BackofficeWorld } from './support/backoffice-world.js';

let world: BackofficeWorld;
let customer: BrowserContext;
let page: Page;
let itemId: number;

test.describe.serial("the customer's saved items beside their order", () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    world = await startBackofficeWorld(browser, { customerEmail: 'guardados-panel@example.com' });
    ({ customer, page, itemId } = world);
    const save = async (path: string, body: unknown) =>
      expect((await apiCall(customer, 'POST', `/api/me/${path}`, body)).status).toBe(201);
    await save('properties', {
      name: 'Piso de la playa',
      meta: {
        attr: [
          { key: 'address', value: 'Paseo Marítimo 3, Alicante' },
          { key: 'registry', value: 'Alicante 2' },
        ],
      },
    });
    await save('companies', { name: 'Construcciones López SL', meta: { attr: [{ key: 'cif', value: 'B12345674' }] } });
    for (let n = 1; n <= 6; n++)
      await save('vehicles', { name: `Vehículo ${n}`, meta: { attr: [{ key: 'plate', value: `${1000 + n} BCD` }] } });
  });

  test.afterAll(async () => {
    await world?.close();
    expect(world?.pageErrors ?? []).toEqual([]);
  });

  test('one line each with counts, five vehicles then "Ver todos", axe-clean', async () => {
    await page.goto(`/agentes/pedido/${itemId}`);
    const saved = page.getByRole('region', { name: 'Guardados del cliente' });
    await expect(saved.getByRole('heading', { level: 3, name: 'Inmuebles (1)' })).toBeVisible();
    await expect(saved).toContainText(
      'Piso de la playa · Dirección: Paseo Marítimo 3, Alicante · Registro: Alicante 2',
    );
    await expect(saved).toContainText('Construcciones López SL · CIF o NIF: B12345674');
    await expect(saved.getByRole('heading', { level: 3, name: 'Vehículos (6)' })).toBeVisible();
    // Newest first: the first one saved is behind "Ver todos".
    await expect(saved.getByText('Vehículo 1 ·')).toBeHidden();
    await expectNoAxeViolations(page, 'order page with the saved items');
    await saved.getByText('Ver todos (6)').focus();
    await page.keyboard.press('Enter');
    await expect(saved.getByText('Vehículo 1 ·')).toBeVisible();
    await expectNoAxeViolations(page, 'order page with every saved vehicle');
    await expect(saved.getByRole('link', { name: 'Abrir la ficha del cliente' })).toHaveAttribute(
      'href',
      /\/agentes\/client\?id=\d+$/,
    );
  });
});
