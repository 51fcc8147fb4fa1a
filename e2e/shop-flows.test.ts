// The spec's dedicated shop flows in Debian's Chromium: the nota simple with its steps 5.1 and 5.2 (asked
// because the owner is unknown) and the reuse of the last nota simple form, the what-properties search (a company:
// CIF checked, how many properties, the 5 euro per property acceptance), the Portuguese simplified property
// information through its step 2.1, the unfinished orders of the account (a draft resumed, an unpaid order) and the
// correction of an order line at /tienda/product/actualizar (saved; a change of price refused). axe on every page.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiCall } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { definitions, eventually, screenshot, waitForPath } from './support/page-checks.js';
import { ARTIFACTS, startServer, type RunningServer } from './support/server.js';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const CUSTOMER = {
  email: `flows.${run}@example.com`,
  password: 'clave-segura-2026',
  firstname: 'Rosa',
  lastname: 'Flujos',
};
const ADDRESS = 'Calle Mayor 7, 1º A';
const REFCAT = '9872023VH5797S0001WX';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let orderId = '';
const pageErrors: string[] = [];

async function heading(name: string | RegExp): Promise<void> {
  await expect(
    page.getByRole('heading', { level: 1, name, exact: typeof name === 'string' ? true : undefined }),
  ).toBeVisible();
}

async function next(path: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  await waitForPath(page, path);
}

async function audited(label: string): Promise<void> {
  await expectNoAxeViolations(page, label);
}

/** Puts answers of the first page into this store's local draft (the place pickers are another feature's test). */
async function seedDraft(
  storeId: number,
  urlKey: string,
  answers: Record<string, string>,
  lastPath: string,
): Promise<void> {
  await page.evaluate(({ key, draft }) => window.localStorage.setItem(key, JSON.stringify(draft)), {
    key: `ventanilla:draft:${storeId}:${urlKey}`,
    draft: { answers, seen: Object.keys(answers).map(Number), lastPath, lastStep: 1, updatedAt: Date.now() },
  });
}

test.describe.serial("the spec's shop flows and the account's unfinished orders and corrections", () => {
  test.beforeAll(async ({ browser: launched }) => {
    // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
    await page.goto('/?store=1');
    // The page opens the session itself; asking for the CSRF token before it has done so would race two new sessions.
    await page.waitForLoadState('networkidle');
    const registered = await apiCall(context, 'POST', '/api/auth/register', CUSTOMER);
    expect(registered.status).toBe(201);
  });

  test.afterAll(async () => {
    if (page && !page.isClosed()) await screenshot(page, ARTIFACTS, 'shop-flows-last').catch(() => undefined);
    await context?.close().catch(() => undefined);
    await server?.stop();
    expect(pageErrors).toEqual([]);
  });

  test('nota simple: an unknown owner leads through steps 5.1 and 5.2; the check-answers page is step7', async () => {
    await page.goto('/tienda/nota-simple/step1');
    await heading('Provincia y Municipio');
    await audited('nota simple step1');
    await seedDraft(1, 'nota-simple', { '78': '5028', '79': '28005' }, '/tienda/nota-simple/step2');

    await page.goto('/tienda/nota-simple/step2');
    await heading('Dirección de la finca');
    await page.getByLabel('Dirección de la finca', { exact: true }).fill(ADDRESS);
    await next(/^\/tienda\/nota-simple\/step3$/);
    await heading('Nombre del titular (opcional)');
    await audited('nota simple step3');
    await page.getByLabel('Nombre del titular (opcional)').fill('Desconocido');
    await next(/^\/tienda\/nota-simple\/step4$/);
    await heading('Otros datos de la finca (opcional)');
    await audited('nota simple step4');
    await next(/^\/tienda\/nota-simple\/step5$/);
    await heading('¿Para qué necesitas la nota simple? (opcional)');
    await audited('nota simple step5');
    await page.getByRole('radio', { name: 'Una herencia' }).check();
    await next(/^\/tienda\/nota-simple\/step51$/);

    await heading('Referencia catastral (opcional)');
    await audited('nota simple step51');
    await page.getByLabel('Referencia catastral (opcional)').fill('9872023VH5797S0001XX');
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Hay un problema' })).toBeVisible();
    await expect(page).toHaveTitle(/^Error: /);
    await audited('nota simple step51 with an error');
    await page.getByLabel('Referencia catastral (opcional)').fill(REFCAT);
    await next(/^\/tienda\/nota-simple\/step52$/);
    await heading('IDUFIR o CRU de la finca (opcional)');
    await audited('nota simple step52');
    await next(/^\/tienda\/nota-simple\/step6$/);
    await heading('¿Necesitas el servicio urgente?');
    await audited('nota simple step6');
    await page.getByRole('radio', { name: /^No, entrega normal/ }).check();
    await next(/^\/tienda\/nota-simple\/step7$/);

    await heading('Comprueba tus respuestas');
    const answers = page.getByRole('main').locator('dl').first();
    await eventually(async () => {
      const shown = await definitions(answers);
      expect(shown).toMatchObject({
        'Dirección de la finca': ADDRESS,
        'Nombre del titular': 'Desconocido',
        'Referencia catastral': REFCAT,
      });
    });
    await audited('nota simple step7 (check answers)');
    // The generic wizard's address of that page still works.
    await page.goto('/tienda/nota-simple/confirmation');
    await waitForPath(page, /^\/tienda\/nota-simple\/step7$/);
    await heading('Comprueba tus respuestas');
    await page.getByRole('button', { name: 'Añadir al carrito' }).click();
    await waitForPath(page, /^\/tienda\/cart\/add\/ns$/);
    await expect(
      page.getByText('Se ha añadido «Nota simple del Registro de la Propiedad» a tu carrito.'),
    ).toBeVisible();
  });

  test('nota simple: a new one offers the last form (configured window), which opens the check-answers page', async () => {
    await page.goto('/tienda/nota-simple/step1');
    await heading('Provincia y Municipio');
    const offer = page.getByRole('region', { name: '¿Pides otra nota simple de la misma finca?' });
    await expect(offer).toBeVisible();
    await audited('nota simple step1 with the reuse offer');
    await offer.getByRole('button', { name: 'Usar los datos de mi última nota simple' }).click();
    await waitForPath(page, /^\/tienda\/nota-simple\/step7$/);
    await heading('Comprueba tus respuestas');
    await expect
      .poll(() => definitions(page.getByRole('main').locator('dl').first()))
      .toMatchObject({
        'Dirección de la finca': ADDRESS,
      });
    // Not kept: start again so the account shows no nota simple draft.
    await page.getByRole('button', { name: 'Volver a empezar' }).click();
    await waitForPath(page, /^\/tienda\/nota-simple\/step1$/);
  });

  test('q-propiedades: a company, its CIF checked, how many properties and the 5 euro acceptance (steps 1-7)', async () => {
    await page.goto('/tienda/servicios');
    await page
      .getByRole('link', { name: 'Solicitar Búsqueda de propiedades de una persona o empresa', exact: true })
      .click();
    await waitForPath(page, /^\/tienda\/q-propiedades\/step1$/);
    await heading('¿De quién quieres localizar las propiedades?');
    await audited('q-propiedades step1');
    await page.getByRole('radio', { name: 'De una empresa o sociedad' }).check();
    await next(/^\/tienda\/q-propiedades\/step2$/);
    await heading('Denominación social');
    await audited('q-propiedades step2');
    await page.getByLabel('Denominación social', { exact: true }).fill('Inmuebles Ejemplo SL');
    await next(/^\/tienda\/q-propiedades\/step3$/);
    await heading('CIF de la empresa');
    // A DNI is not a company's tax id.
    await page.getByLabel('CIF de la empresa', { exact: true }).fill('12345678Z');
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Hay un problema' })).toBeVisible();
    await audited('q-propiedades step3 with an error');
    await page.getByLabel('CIF de la empresa', { exact: true }).fill('B12345674');
    await next(/^\/tienda\/q-propiedades\/step4$/);
    await heading('¿Cuántas propiedades quieres que te localicemos como máximo?');
    await audited('q-propiedades step4');
    for (const name of [
      '1 propiedad',
      'Hasta 3 propiedades',
      'Hasta 10 propiedades',
      'Hasta 25 propiedades',
      'Hasta 50 propiedades',
      'Todas las que consten',
    ]) {
      await expect(page.getByRole('radio', { name, exact: true }), name).toHaveCount(1);
    }
    await page.getByRole('radio', { name: 'Hasta 10 propiedades', exact: true }).check();
    await expect(page.getByRole('radio', { name: 'Hasta 10 propiedades', exact: true })).toHaveValue('2927');
    await next(/^\/tienda\/q-propiedades\/step5$/);
    await heading('¿Para qué necesitas la búsqueda?');
    await audited('q-propiedades step5');
    await page.getByLabel('¿Para qué necesitas la búsqueda?').selectOption({ index: 1 });
    await next(/^\/tienda\/q-propiedades\/step6$/);
    await heading('Coste por propiedad localizada');
    await audited('q-propiedades step6');
    // Required acceptance: without it, the spec's message.
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Por favor, escribe el dato' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Acepto el cargo de 5 euros por propiedad' }).check();
    await next(/^\/tienda\/q-propiedades\/step7$/);
    await heading('Comprueba tus respuestas');
    await audited('q-propiedades step7 (check answers)');
    await page.getByRole('button', { name: 'Añadir al carrito' }).click();
    await waitForPath(page, /^\/tienda\/cart\/add\/qpropiedades$/);
  });

  test('account: an unfinished request is listed and resumed where it was left; an unpaid order can be paid', async () => {
    // Start another search and leave it after step 1 (signed in: the draft is kept on the server too).
    await page.goto('/tienda/q-propiedades/step1');
    await heading('¿De quién quieres localizar las propiedades?');
    await page.getByRole('radio', { name: 'De una persona' }).check();
    await next(/^\/tienda\/q-propiedades\/step2$/);
    // Place the order of the cart (nota simple + search) without paying it.
    const checkout = await apiCall(context, 'POST', '/api/checkout', {
      payment_method: 'cc',
      accept_terms: true,
      start_now: true,
    });
    expect(checkout.status).toBe(201);
    orderId = String((checkout.json as { order_id: number }).order_id);
    // Another device: this browser's local draft is gone; the account still has it.
    await page.evaluate(() => window.localStorage.clear());

    await page.goto('/orders');
    await heading('Mis pedidos');
    const unfinished = page.getByRole('region', { name: 'Trámites sin terminar' });
    await expect(unfinished).toBeVisible();
    const payLink = unfinished.getByRole('link', { name: `Pagar el pedido ${orderId}` });
    await expect(payLink).toHaveAttribute('href', `/payment/order/${orderId}`);
    await audited('account with unfinished orders');
    // "Pagar" opens the pay-an-existing-order page, where the payment method is chosen again.
    await payLink.click();
    await waitForPath(page, new RegExp(`^/payment/order/${orderId}$`));
    await heading(`Pagar el pedido ${orderId}`);
    await expect(page.getByRole('radio', { name: 'Bizum' })).toBeVisible();
    await audited('pay an unpaid order');
    await page.goBack();
    await expect(unfinished).toBeVisible();
    await unfinished
      .getByRole('link', { name: 'Continuar la solicitud de Búsqueda de propiedades de una persona o empresa' })
      .click();
    await waitForPath(page, /^\/tienda\/q-propiedades\/step2$/);
    await heading('Nombre y Apellidos');
  });

  test('actualizar: the owner corrects an order line; a change of price is refused with the reason', async () => {
    await page.goto(`/orders/detail/${orderId}`);
    await heading(`Pedido ${orderId}`);
    await page
      .getByRole('link', { name: 'Completar o corregir los datos de Nota simple del Registro de la Propiedad' })
      .click();
    await waitForPath(page, new RegExp(`^/tienda/product/actualizar/${orderId}/\\d+$`));
    await heading('Completa o corrige los datos');
    await audited('actualizar');
    const address = page.getByLabel('Dirección de la finca', { exact: true });
    await expect(address).toHaveValue(ADDRESS);
    // The municipality picker knows the province answered on another page: it searches only inside Madrid.
    const municipality = page.getByRole('combobox', { name: 'Municipio' });
    await expect(municipality).toHaveValue('Alcalá de Henares');
    await municipality.fill('Barcelona');
    await expect(page.getByText('No hay resultados para «Barcelona».')).toBeVisible();
    await municipality.fill('Alcalá de Henares');
    await page.getByRole('option', { name: 'Alcalá de Henares' }).click();

    // Urgent service costs more: refused, nothing saved.
    await page.getByRole('radio', { name: /^Sí, servicio urgente/ }).check();
    await page.getByRole('button', { name: 'Guardar los cambios' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'No podemos cambiar el precio' })).toBeVisible();
    await audited('actualizar with a refused change of price');

    await page.getByRole('radio', { name: /^No, entrega normal/ }).check();
    await address.fill('Calle Mayor 9, 2º B');
    await page.getByRole('button', { name: 'Guardar los cambios' }).click();
    await waitForPath(page, new RegExp(`^/orders/detail/${orderId}$`));
    await expect(
      page.getByRole('status').filter({ hasText: 'Hemos guardado los datos corregidos del trámite.' }),
    ).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Calle Mayor 9, 2º B', { useInnerText: true });
    await audited('order detail after a correction');
  });

  test('i-predial-simplificada (store 16): step1, step2, step21, step3, step4 and confirmation', async () => {
    await page.goto('/?store=16');
    // The page switches the session's store with its first request; leaving before it answers keeps the old store.
    await page.waitForLoadState('networkidle');
    await page.goto('/tienda/i-predial-simplificada/step1');
    await heading(/Freguesia$/);
    await audited('i-predial-simplificada step1');
    // Lisboa district (value 400811), concelho Lisboa (1106), freguesia Arroios (110656).
    await seedDraft(
      16,
      'informacao-predial-simplificada',
      { '4008': '400811', '4009': '1106', '4001': '110656' },
      '/tienda/i-predial-simplificada/step2',
    );
    await page.goto('/tienda/i-predial-simplificada/step2');
    await heading('Como quer identificar o prédio?');
    await audited('i-predial-simplificada step2');
    await page.getByRole('radio', { name: 'Pelo artigo matricial' }).check();
    await next(/^\/tienda\/i-predial-simplificada\/step21$/);
    await heading('Tipo de prédio');
    await audited('i-predial-simplificada step21');
    await page.getByRole('radio', { name: 'Urbano' }).check();
    await next(/^\/tienda\/i-predial-simplificada\/step3$/);
    await heading('Artigo matricial');
    await audited('i-predial-simplificada step3');
    await page.getByLabel('Artigo matricial', { exact: true }).fill('1234');
    await next(/^\/tienda\/i-predial-simplificada\/step4$/);
    await heading('NIF do proprietário (opcional)');
    await audited('i-predial-simplificada step4');
    await next(/^\/tienda\/i-predial-simplificada\/confirmation$/);
    await heading('Verifique as suas respostas');
    await audited('i-predial-simplificada confirmation');
    // Without the matrix article, step 2.1 is skipped.
    await page.getByRole('link', { name: /^Alterar Como quer identificar o prédio/ }).click();
    await waitForPath(page, /^\/tienda\/i-predial-simplificada\/step2\?return=confirmation$/);
    await page.getByRole('radio', { name: 'Pelo número da descrição predial' }).check();
    await next(/^\/tienda\/i-predial-simplificada\/step3\?return=confirmation$/);
    await heading('Número da descrição predial');
  });
});
