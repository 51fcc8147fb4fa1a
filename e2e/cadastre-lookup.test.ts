// The cadastral reference lookup in the wizard (docs/integrations.md, "Cadastre"): a customer asking for an
// energy certificate answers the property's place and address (an address naming another town offers that town for
// the pickers: geocoding), then on the reference page types a reference of the
// offline data set and presses "Buscar": province, municipality and address are filled from the Catastro's data (the
// offline adapter here). A valid reference nobody has says "Registro no encontrado"; "Buscar por dirección" offers the
// references at the address. Keyboard only where it matters; axe on every state.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { AxeLog } from './support/axe.js';
import { newContext } from './support/browser.js';
import { definitions, waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

const PRODUCT = 'certificado-energetico';
const REFERENCE = 'Referencia catastral';
const OFFLINE_REFCAT = '0847106VK4704F0002PR'; // docs/integrations.md: Calle Alcala 45, Madrid
const OTHER_UNIT = '0847106VK4704F0003AT';
const UNKNOWN_REFCAT = '7837301VG8173B0001TT'; // valid control letters, not in the data set
const FILLED_ADDRESS = 'Calle Alcala 45, Esc. 1, Planta 2, Puerta A, 28014';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
const axeLog = new AxeLog();
const audit = (label: string): Promise<void> => axeLog.audit(page, label);

/** Ordered steps (the describe block is serial: after a failure the later ones are skipped, they depend on it). */
const step = (name: string, fn: () => Promise<void>): void => test(name, fn);

const main = () => page.getByRole('main');
// Optional question: its label reads "Referencia catastral (opcional)".
const reference = () => main().getByRole('textbox', { name: /^Referencia catastral/ });
const searchButton = () => main().getByRole('button', { name: /^Buscar la referencia catastral$/ });
const status = () => main().getByRole('status').filter({ hasText: /\S/ });
const alert = () => main().getByRole('alert');

async function continueTo(path: RegExp): Promise<void> {
  await main().getByRole('button', { name: 'Continuar', exact: true }).click();
  await waitForPath(page, path);
}

async function pick(label: string, name: string): Promise<void> {
  const input = main().getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill('');
  await page.keyboard.type(name);
  await page
    .getByRole('option', { name: new RegExp(`^${name}`) })
    .first()
    .click();
  await expect(input).toHaveValue(name);
}

test.describe.serial('Cadastral reference lookup: Buscar fills province, municipality and address', () => {
  test.beforeAll(async ({ browser: launched }) => {
    // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
  });

  test.afterAll(async () => {
    console.log(axeLog.summary());
    await context?.close().catch(() => undefined);
    await server?.stop();
  });

  step('the customer answers the first pages (the address offers its town) and reaches the reference', async () => {
    await page.goto(`/tienda/${PRODUCT}/step1`);
    await main()
      .getByRole('radio', { name: /^Piso o apartamento/ })
      .check();
    await continueTo(/\/step2$/);
    await main()
      .getByRole('radio', { name: /^Para vender el inmueble/ })
      .check();
    await continueTo(/\/step3$/);
    await pick('Provincia del inmueble', 'Sevilla');
    await pick('Municipio', 'Sevilla');
    // An address naming another town: when the field is left, that town is offered for the pickers.
    const address = main().getByLabel('Dirección del inmueble', { exact: true });
    await address.fill('Plaza de Cervantes 1, Alcalá de Henares');
    await page.keyboard.press('Tab');
    const use = main().getByRole('button', { name: 'Usar Alcalá de Henares (Madrid) como provincia y municipio' });
    await expect(use).toBeVisible();
    // The pickers announce in their own status regions: read the address question's.
    await expect(main().locator('.address-field [role="status"]')).toContainText(
      'Esta dirección parece estar en Alcalá de Henares (Madrid).',
      { useInnerText: true },
    );
    await audit('address naming another town');
    await use.click();
    await expect(main().getByRole('combobox', { name: 'Municipio', exact: true })).toHaveValue('Alcalá de Henares');
    await expect(main().getByRole('combobox', { name: 'Provincia del inmueble', exact: true })).toHaveValue('Madrid');
    await continueTo(/\/step4$/);
    await main().getByLabel('Superficie construida aproximada (m²)', { exact: true }).fill('96');
    await expect(reference()).toBeVisible();
    await expect(searchButton()).toBeVisible();
    await audit('reference question, empty');
  });

  step('a wrong reference is refused before asking; a valid one nobody has: "Registro no encontrado"', async () => {
    await reference().fill('7837301VG8173B0001TR');
    await searchButton().click();
    await expect(alert()).toHaveText(/^La referencia catastral no es válida/);
    await reference().fill(UNKNOWN_REFCAT);
    await searchButton().click();
    await expect(alert()).toHaveText('Registro no encontrado');
    await audit('reference not found');
  });

  step(
    'with the keyboard: type a reference of the offline set, Tab to "Buscar", Enter: the answers are filled',
    async () => {
      await reference().fill('');
      await reference().focus();
      await page.keyboard.type(OFFLINE_REFCAT.toLowerCase());
      // Typing again clears the last result.
      await expect(alert()).toHaveCount(0);
      await page.keyboard.press('Tab');
      await expect(searchButton()).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(status().first()).toContainText(
        `Referencia ${OFFLINE_REFCAT}: Calle Alcala 45, Esc. 1, Planta 2, Puerta A, Madrid.`,
        { useInnerText: true },
      );
      // The reference is kept as the Catastro writes it, and what was filled is listed.
      await expect(reference()).toHaveValue(OFFLINE_REFCAT);
      await expect
        .poll(() => definitions(main().locator('.cadastre-field dl')))
        .toEqual({
          'Provincia del inmueble': 'Madrid',
          Municipio: 'Madrid',
          'Dirección del inmueble': FILLED_ADDRESS,
        });
      // Focus stayed on the button: nothing moved under the person's feet.
      await expect(searchButton()).toBeFocused();
      await audit('reference found, answers filled');
    },
  );

  step('"Buscar por dirección" offers the references at the address just filled; one is chosen', async () => {
    await main().getByRole('button', { name: 'Buscar por dirección', exact: true }).click();
    await expect(status().first()).toContainText(`3 referencias en ${FILLED_ADDRESS}`, { useInnerText: true });
    await audit('references at the address');
    await main()
      .getByRole('button', { name: `Usar ${OTHER_UNIT}`, exact: true })
      .click();
    await expect(reference()).toHaveValue(OTHER_UNIT);
    await expect(reference()).toBeFocused();
    await expect(status().first()).toContainText(`Referencia ${OTHER_UNIT}: Calle Alcala 45`, { useInnerText: true });
  });

  step('the province, municipality and address pages show the filled answers; the customer continues', async () => {
    await page.getByRole('link', { name: 'Volver', exact: true }).first().click();
    await waitForPath(page, /\/step3$/);
    await expect(main().getByRole('combobox', { name: 'Provincia del inmueble', exact: true })).toHaveValue('Madrid');
    await expect(main().getByRole('combobox', { name: 'Municipio', exact: true })).toHaveValue('Madrid');
    await expect(main().getByLabel('Dirección del inmueble', { exact: true })).toHaveValue(
      'Calle Alcala 45, Esc. 1, Planta 2, Puerta B, 28014',
    );
    await continueTo(/\/step4$/);
    await expect(reference()).toHaveValue(OTHER_UNIT);
    await continueTo(/\/step5$/);
    await main().getByLabel('Persona de contacto para la visita del técnico', { exact: true }).fill('Ana Ruiz Pérez');
    await main().getByLabel('Teléfono de contacto', { exact: true }).fill('612345678');
    await main().getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Comprueba tus respuestas' })).toBeVisible();
    const answers = await definitions(main().locator('dl').first());
    expect(answers).toMatchObject({
      'Provincia del inmueble': 'Madrid',
      Municipio: 'Madrid',
      'Dirección del inmueble': 'Calle Alcala 45, Esc. 1, Planta 2, Puerta B, 28014',
      [REFERENCE]: OTHER_UNIT,
    });
    await audit('check answers');
  });

  step('no accessibility violations and no page errors', async () => {
    expect(axeLog.failures()).toBe('');
    expect(pageErrors).toEqual([]);
  });
});
