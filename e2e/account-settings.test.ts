// A customer changes the name and the password from /cuenta; the other device is signed out,
// the new password signs in. axe on the page.
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { apiLogin } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const CUSTOMER = { email: 'cliente@ventanilla.test', password: 'cliente-demo-2026' };
const NEW_PASSWORD = 'otra-clave-larga-2026';

let server: RunningServer;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  for (const c of contexts) await c.close();
  await server?.stop();
});

async function signedIn(browser: Browser): Promise<BrowserContext> {
  const context = await newContext(browser, server.baseUrl);
  contexts.push(context);
  await apiLogin(context, CUSTOMER.email, CUSTOMER.password);
  return context;
}

test('name and password from /cuenta; other devices signed out', async ({ browser }) => {
  const phone = await signedIn(browser);
  const laptop = await signedIn(browser);
  const page = await laptop.newPage();
  await page.goto('/cuenta');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await expect(page.getByText(`Tu correo: ${CUSTOMER.email}`)).toBeVisible();
  await expectNoAxeViolations(page, 'account settings');

  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Carmen');
  await page.getByLabel('Apellidos').fill('Ruiz Soto');
  await page.getByRole('button', { name: 'Guardar el nombre' }).click();
  await expect(page.getByText('Hemos guardado tu nombre.')).toBeVisible();

  // A wrong current password: the error beside the field and in the summary.
  await page.getByLabel('Contraseña actual').fill('no-es-mi-clave-2026');
  await page.getByLabel('Contraseña nueva').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
  await expect(page.getByRole('link', { name: 'La contraseña actual no es correcta' })).toBeVisible();
  expect((await phone.request.get('/api/me')).status()).toBe(200);

  await page.getByLabel('Contraseña actual').fill(CUSTOMER.password);
  await page.getByLabel('Contraseña nueva').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
  await expect(page.getByText(/Hemos cambiado tu contraseña/)).toBeVisible();
  expect((await phone.request.get('/api/me')).status()).toBe(401);
  expect((await laptop.request.get('/api/me')).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue('Carmen');

  const fresh = await newContext(browser, server.baseUrl);
  contexts.push(fresh);
  await apiLogin(fresh, CUSTOMER.email, NEW_PASSWORD);
});
