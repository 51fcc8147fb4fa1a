// The account after the sale, end to end on the built product: the customer changes the e-mail through the
// link that reaches the new address (read from the development mailbox, DATA_DIR/mailbox, as e2e/password-reset does),
// downloads the GDPR export (the download checked), and deletes the account, which can then no longer sign in.
// axe on every new page.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { registerCustomer } from './support/backoffice-orders.js';
import { newContext } from './support/browser.js';
import { eventually, waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

const PASSWORD = 'correct-horse-battery';
const stamp = Date.now();
const OLD_EMAIL = `vida-${stamp}@example.com`;
const NEW_EMAIL = `vida-nueva-${stamp}@example.com`;

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let page: Page;

/** The confirmation link of the newest message to `to` in the development mailbox (.eml, quoted-printable). */
function confirmationLink(to: string): string {
  const dir = path.join(server.dataDir, 'mailbox');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort((a, b) => parseInt(b, 10) - parseInt(a, 10));
  for (const file of files) {
    const eml = readFileSync(path.join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (!eml.includes(`To: ${to}`)) continue;
    const link = /https?:\/\/[^\s"<>]+cuenta\/email\/confirmar[^\s"<>]*#token=[A-Za-z0-9_-]+/.exec(eml)?.[0];
    if (link) return link;
  }
  throw new Error(`no confirmation link to ${to} yet`);
}

/** Every message to `to` in the development mailbox, quoted-printable decoded (non-ASCII letters stay as bytes). */
function mailTo(to: string): string[] {
  const dir = path.join(server.dataDir, 'mailbox');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) =>
      readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((eml) => eml.includes(`To: ${to}`));
}

test.describe.serial('the account after the sale: e-mail change, export, deletion', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    customer = await newContext(browser, server.baseUrl);
    page = await customer.newPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await registerCustomer(customer, OLD_EMAIL);
  });

  test.afterAll(async () => {
    await customer?.close().catch(() => undefined);
    await server?.stop();
  });

  test('asks for the change on /cuenta: the current password is required, then a link goes to the new address', async () => {
    await page.goto('/cuenta');
    await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
    await expect(page.getByText(`Tu correo: ${OLD_EMAIL}`)).toBeVisible();
    await expectNoAxeViolations(page, 'account page with e-mail change, export and deletion');

    const section = page.getByRole('region', { name: 'Cambiar el email' });
    await section.getByLabel('Email nuevo').fill(NEW_EMAIL);
    await section.getByLabel('Tu contraseña, para confirmar que eres tú').fill('not-my-password');
    await section.getByRole('button', { name: 'Enviar el enlace' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'La contraseña actual no es correcta' }).first();
    await expect(summary).toBeVisible();
    await expectNoAxeViolations(page, 'e-mail change with an error');

    await section.getByLabel('Tu contraseña, para confirmar que eres tú').fill(PASSWORD);
    await section.getByRole('button', { name: 'Enviar el enlace' }).click();
    await expect(
      section.getByRole('status').filter({ hasText: `Hemos enviado un enlace a ${NEW_EMAIL}` }),
    ).toBeVisible();
    // Nothing changed yet.
    await expect(page.getByText(`Tu correo: ${OLD_EMAIL}`)).toBeVisible();
  });

  test('the link from the mailbox opens the confirmation page; the button changes the address', async () => {
    const link = await eventually(() => confirmationLink(NEW_EMAIL), { timeout: 30_000, interval: 500 });
    await page.goto(link);
    await waitForPath(page, /^\/cuenta\/email\/confirmar(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirmar el nuevo email' })).toBeVisible();
    // The token left the address bar (history) as soon as it was read.
    await expect(page).toHaveURL((url) => url.hash === '');
    await expectNoAxeViolations(page, 'e-mail change confirmation');
    await page.getByRole('button', { name: 'Confirmar el cambio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Email cambiado' })).toBeVisible();
    await expect(page.getByText(`Tu cuenta usa ahora ${NEW_EMAIL}`)).toBeVisible();
    await expectNoAxeViolations(page, 'e-mail changed');

    await page.getByRole('link', { name: 'Ir a mi cuenta' }).click();
    await expect(page.getByText(`Tu correo: ${NEW_EMAIL}`)).toBeVisible();
    // The old address is told (its notice is in the mailbox too).
    await eventually(
      () => {
        const dir = path.join(server.dataDir, 'mailbox');
        const told = readdirSync(dir).some(
          (f) =>
            readFileSync(path.join(dir, f), 'utf8').includes(`To: ${OLD_EMAIL}`) &&
            readFileSync(path.join(dir, f), 'utf8').includes('ha cambiado'),
        );
        expect(told).toBe(true);
      },
      { timeout: 30_000, interval: 500 },
    );
  });

  test('downloads the export: a JSON file with the account and no secrets', async () => {
    await page.goto('/cuenta');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Descargar mis datos (JSON)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^ventanilla-mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    const data = JSON.parse(text) as { account: { email: string }; orders: unknown[]; activities: { kind: string }[] };
    expect(data.account.email).toBe(NEW_EMAIL);
    expect(Array.isArray(data.orders)).toBe(true);
    expect(data.activities.map((a) => a.kind)).toContain('email_changed');
    expect(text).not.toMatch(/argon2|password_hash|token_hash/);
  });

  test('deletes the account on its own page: password and confirmation, then signed out; the e-mail confirms', async () => {
    await page.goto('/cuenta');
    await page
      .getByRole('region', { name: 'Borrar mi cuenta' })
      .getByRole('link', { name: 'Borrar mi cuenta…' })
      .click();
    await waitForPath(page, /^\/cuenta\/borrar$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Borrar mi cuenta' })).toBeVisible();
    await expect(page.getByText('Código de Comercio, art. 30')).toBeVisible();
    await expectNoAxeViolations(page, 'account deletion page');

    // Nothing ticked: the summary says so and takes the focus; nothing is sent.
    await page.getByLabel('Tu contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Borrar mi cuenta para siempre' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Marca la casilla para confirmar' }).first();
    await expect(summary).toBeVisible();
    // The summary's box (around its alert) takes the focus.
    await expect(page.locator('.error-summary')).toBeFocused();
    expect((await customer.request.get('/api/me')).status()).toBe(200);

    // A wrong password (with the box ticked by keyboard): an error, and the account is still there.
    await page.getByLabel('Tu contraseña').fill('wrong-password-123');
    await page.getByLabel('Entiendo que mi cuenta se borrará para siempre').focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Borrar mi cuenta para siempre' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'La contraseña actual no es correcta' }).first(),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'account deletion with an error');
    expect((await customer.request.get('/api/me')).status()).toBe(200);

    await page.getByLabel('Tu contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Borrar mi cuenta para siempre' }).click();
    await waitForPath(page, /^\/cuenta\/borrada$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tu cuenta se ha borrado' })).toBeVisible();
    await expectNoAxeViolations(page, 'account deleted');
    expect((await customer.request.get('/api/me')).status()).toBe(401);
    // The confirmation reached the address the account had.
    await eventually(() => expect(mailTo(NEW_EMAIL).some((eml) => eml.includes('Comercio (art. 30)'))).toBe(true));

    // The address is free again: the sign-in page's e-mail step goes on to the registration, not to a password.
    await page.goto('/customer/authenticate');
    await page.getByLabel('Correo electrónico').fill(NEW_EMAIL);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Crear una cuenta' })).toBeVisible();
    expect((await customer.request.get('/api/me')).status()).toBe(401);
  });
});
