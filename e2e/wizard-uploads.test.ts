// Document questions in the wizard: a cadastral search as heir asks for the death certificate and heir
// document. The customer picks a file with the wrong content (refused, in the error summary), uploads a PDF, removes
// it, uploads again by keyboard, replaces it, reloads (the draft keeps it), and sees its name on the check-answers
// page and in the cart. axe runs on every state of the question.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { AxeLog } from './support/axe.js';
import { newContext } from './support/browser.js';
import { focused, minimalPdf, waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

const STORE = 14;
const PRODUCT = 'busqueda-catastral';
const QUESTION = 'Certificado de defunción y documento que te acredita como heredero';
const PDF = minimalPdf('Certificado de defuncion - Ventanilla e2e');

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
const fileInput = () => main().getByLabel(QUESTION, { exact: true });
const status = () => main().getByRole('status');
const summary = () => main().locator('.error-summary');

async function continueTo(path: RegExp): Promise<void> {
  await main().getByRole('button', { name: 'Continuar', exact: true }).click();
  await waitForPath(page, path);
}

test.describe
  .serial('Document questions: upload, wrong type, remove, replace, keyboard, draft, check answers and cart', () => {
  test.beforeAll(async ({ browser: launched }) => {
    // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
    // Playwright intercepts file pickers only once someone listens, and turning that on is asynchronous: listen from
    // the start, so that a key press right after waitForEvent('filechooser') cannot open the real (headless) dialog.
    page.on('filechooser', () => undefined);
  });

  test.afterAll(async () => {
    console.log(axeLog.summary());
    await context?.close().catch(() => undefined);
    await server?.stop();
  });

  step('the heir answers the first pages and reaches the document question', async () => {
    await page.goto(`/?store=${STORE}`);
    // The page switches the session's store with its first request; leaving before it answers keeps the old store.
    await page.waitForLoadState('networkidle');
    await page.goto(`/tienda/${PRODUCT}/step1`);
    await main()
      .getByRole('radio', { name: /^Soy heredero del titular/ })
      .check();
    await continueTo(/\/step2$/);
    await main().getByLabel('Nombre y apellidos o razón social del titular', { exact: true }).fill('Ana Ruiz Pérez');
    await main().getByLabel('NIF, NIE o CIF del titular', { exact: true }).fill('12345678Z');
    await continueTo(/\/step3$/);
    await main().getByLabel('Tu nombre y apellidos', { exact: true }).fill('Pedro Ruiz Gil');
    await main().getByLabel('Tu DNI o NIE', { exact: true }).fill('00000000T');
    await continueTo(/\/step4$/);
    await expect(page.getByRole('heading', { level: 1, name: QUESTION })).toBeVisible();
    // The hint says which files and how large; it describes the input.
    await expect(main().locator('.hint').first()).toContainText('. PDF, JPG o PNG, hasta 10 MB.', {
      useInnerText: true,
    });
    await expect(fileInput()).toHaveAttribute('aria-describedby', /-hint/);
    await audit('document question, empty');
  });

  step('Continuar without a document: "Por favor, adjunta el documento" in the error summary', async () => {
    await main().getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect(summary()).toContainText('Por favor, adjunta el documento', { useInnerText: true });
    await audit('document question, missing');
  });

  step('a text file named .pdf is refused by its content, and the message goes to the error summary', async () => {
    await fileInput().setInputFiles({
      name: 'escritura.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('esto es texto, no un PDF'),
    });
    await expect(summary()).toContainText('Solo se admiten archivos PDF, JPEG o PNG.', { useInnerText: true });
    await expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    // The summary links to the file input.
    await summary().getByRole('link', { name: 'Solo se admiten archivos PDF, JPEG o PNG.' }).click();
    await expect(fileInput()).toBeFocused();
    await audit('document question, wrong type');
  });

  step('a PDF uploads: the result is announced and the file name shows with Quitar and Cambiar por otro', async () => {
    await fileInput().setInputFiles({ name: 'certificado-defuncion.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(status()).toHaveText(/^Documento subido: certificado-defuncion\.pdf \(/, { useInnerText: true });
    await expect(main().getByRole('link', { name: 'certificado-defuncion.pdf', exact: true })).toBeVisible();
    await expect(main().getByRole('button', { name: 'Quitar certificado-defuncion.pdf', exact: true })).toBeVisible();
    await expect(
      main().getByRole('button', { name: 'Cambiar por otro (certificado-defuncion.pdf)', exact: true }),
    ).toBeVisible();
    await expect(summary()).toHaveCount(0);
    await audit('document question, uploaded');
  });

  step('Quitar removes it, says so, and puts the keyboard on the file input again', async () => {
    await main().getByRole('button', { name: 'Quitar certificado-defuncion.pdf', exact: true }).click();
    await expect(status()).toHaveText('Documento quitado', { useInnerText: true });
    await expect(fileInput()).toBeFocused();
    await expect(main().getByRole('link', { name: 'certificado-defuncion.pdf' })).toHaveCount(0);
    await audit('document question, removed');
  });

  step(
    'keyboard only: Space on the focused input opens the picker; Tab reaches Cambiar por otro, Enter opens it again',
    async () => {
      const chooser = page.waitForEvent('filechooser');
      await page.keyboard.press('Space');
      await (await chooser).setFiles({ name: 'declaracion-herederos.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(status()).toHaveText(/^Documento subido: declaracion-herederos\.pdf/, { useInnerText: true });
      // The keyboard lands on the document's name, then Tab reaches "Cambiar por otro".
      await expect.poll(async () => (await focused(page)).name).toBe('declaracion-herederos.pdf');
      await page.keyboard.press('Tab');
      await expect.poll(async () => (await focused(page)).name).toBe('Cambiar por otro (declaracion-herederos.pdf)');
      const again = page.waitForEvent('filechooser');
      await page.keyboard.press('Enter');
      await (await again).setFiles({ name: 'testamento.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(status()).toHaveText(/^Documento subido: testamento\.pdf/, { useInnerText: true });
      await expect(main().getByRole('link', { name: 'declaracion-herederos.pdf' })).toHaveCount(0);
    },
  );

  step('a reload keeps the document (the draft holds the reference)', async () => {
    await page.reload();
    await expect(main().getByRole('link', { name: 'testamento.pdf', exact: true })).toBeVisible();
  });

  step('check answers shows the file name; the cart line too', async () => {
    await continueTo(/\/confirmation$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(main()).toContainText('testamento.pdf', { useInnerText: true });
    await audit('check answers with a document');
    const added = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/cart/items' && r.request().method() === 'POST',
    );
    await main()
      .getByRole('button', { name: /^Añadir al carrito/ })
      .click();
    const response = await added;
    expect(response.status()).toBe(201);
    const sent = response.request().postDataJSON() as { answers: Record<string, unknown> };
    expect(sent.answers['3206']).toMatchObject({ file_id: expect.stringMatching(/^up_/), filename: 'testamento.pdf' });
    await waitForPath(page, /^\/tienda\/cart\/add\/product$/);
    await expect(main()).toContainText('testamento.pdf', { useInnerText: true });
    await audit('cart with a document');
  });

  step('no page errors and no axe violations', async () => {
    expect(pageErrors).toEqual([]);
    expect(axeLog.failures()).toBe('');
  });
});
