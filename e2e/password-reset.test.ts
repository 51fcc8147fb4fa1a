// Forgotten password, end to end on the built product: the customer asks for a link on the login page, the email
// lands in the development mailbox (DATA_DIR/mailbox; listed on the back office's "Correo enviado" page, which never
// shows its body), the link opens the reset page, the new password works and the old session is gone. axe on every
// new page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiLogin } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { eventually, waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

const CUSTOMER = { email: 'cliente@ventanilla.test', password: 'cliente-demo-2026', next: 'otra-clave-segura-2026' };
const AGENT = { email: 'agente@ventanilla.test', password: 'agente-demo-2026' };

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let phone: BrowserContext;
let agent: BrowserContext;
let page: Page;
let resetLink = '';
let emailId = 0;

/** The reset link of a message in the development mailbox (its .eml file, quoted-printable). */
function linkInMailbox(id: number): string {
  const eml = readFileSync(path.join(server.dataDir, 'mailbox', `${id}.eml`), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return /https?:\/\/[^\s"<>]+#token=[A-Za-z0-9_-]+/.exec(eml)?.[0] ?? '';
}

async function heading(p: Page, name: string | RegExp): Promise<void> {
  await expect(
    p.getByRole('heading', { level: 1, name, exact: typeof name === 'string' ? true : undefined }),
  ).toBeVisible();
}

test.describe.serial('forgotten password: email in the dev mailbox, reset, sign in', () => {
  test.beforeAll(async ({ browser: launched }) => {
    // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    customer = await newContext(browser, server.baseUrl);
    phone = await newContext(browser, server.baseUrl);
    agent = await newContext(browser, server.baseUrl);
    page = await customer.newPage();
  });

  test.afterAll(async () => {
    for (const c of [customer, phone, agent]) await c?.close().catch(() => undefined);
    await server?.stop();
  });

  test('the login page links to the request page, which checks the email and answers without telling who has an account', async () => {
    // The customer is also signed in on another device: that session must end with the reset.
    await apiLogin(phone, CUSTOMER.email, CUSTOMER.password);
    expect((await phone.request.get('/api/me')).status()).toBe(200);

    await page.goto('/customer/authenticate');
    await heading(page, 'Iniciar sesión');
    await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
    await waitForPath(page, /^\/customer\/password\/forgot$/);
    await heading(page, '¿Has olvidado tu contraseña?');
    await expectNoAxeViolations(page, 'forgot password');

    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole('link', { name: 'Por favor, escribe el dato' })).toBeVisible();
    await expectNoAxeViolations(page, 'forgot password with errors');

    await page.getByLabel('Correo electrónico').fill(CUSTOMER.email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await heading(page, 'Revisa tu correo');
    await expect(page.getByRole('status').filter({ hasText: CUSTOMER.email })).toBeVisible();
    await expectNoAxeViolations(page, 'reset link sent');
  });

  test('the email is delivered to the development mailbox and listed in "Correo enviado" without its body', async () => {
    await apiLogin(agent, AGENT.email, AGENT.password);
    // The dispatcher polls every 2 s.
    const sent = await eventually(
      async () => {
        const list = (await (await agent.request.get('/api/backoffice/emails?kind=password_reset')).json()) as {
          items: Array<{ id: number; to: string; status: string; subject: string }>;
        };
        const item = list.items.find((i) => i.to === CUSTOMER.email);
        expect(item?.status).toBe('sent');
        return item!;
      },
      { timeout: 20_000, interval: 250 },
    );
    emailId = sent.id;
    expect(sent.subject).toBe('Restablece tu contraseña de Ventanilla');
    // Staff never get the body of a reset email; the customer's copy (the mailbox file) has the working link.
    const detail = (await (await agent.request.get(`/api/backoffice/emails/${emailId}`)).json()) as { text: string };
    expect(detail.text).toBe('');
    resetLink = linkInMailbox(emailId);
    expect(resetLink.startsWith(`${server.baseUrl}/customer/password/reset?store=1#token=`)).toBe(true);

    const a = await agent.newPage();
    await a.goto('/agentes/correo');
    await heading(a, 'Correo enviado');
    const row = a.getByRole('row').filter({ hasText: CUSTOMER.email });
    await expect(row.getByText('Enviado', { exact: true })).toBeVisible();
    await expectNoAxeViolations(a, 'Correo enviado');
    await row.getByRole('link', { name: 'Restablece tu contraseña de Ventanilla' }).click();
    await waitForPath(a, new RegExp(`^/agentes/correo/${emailId}$`));
    await heading(a, 'Restablece tu contraseña de Ventanilla');
    await expect(a.getByRole('status').filter({ hasText: 'El contenido de este correo no se muestra' })).toBeVisible();
    await expect(a.locator('iframe.mail-preview')).toHaveCount(0);
    await expectNoAxeViolations(a, 'one sent email');
    await a.close();
  });

  test('the link opens the reset page; the two passwords must match; the new password is saved', async () => {
    await page.goto(resetLink);
    await heading(page, 'Elige una contraseña nueva');
    // The token leaves the address bar once read.
    await expect(page).toHaveURL((url) => url.hash === '');
    await expectNoAxeViolations(page, 'reset password');

    await page.getByLabel('Contraseña nueva', { exact: true }).fill(CUSTOMER.next);
    await page.getByLabel('Repite la contraseña nueva').fill('no-coincide-2026');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Las dos contraseñas no coinciden' })).toBeVisible();
    await expectNoAxeViolations(page, 'reset password with errors');

    await page.getByLabel('Repite la contraseña nueva').fill(CUSTOMER.next);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await heading(page, 'Contraseña cambiada');
    await expectNoAxeViolations(page, 'password changed');
    // The other device's session ended with the change.
    expect((await phone.request.get('/api/me')).status()).toBe(401);
  });

  test('the link works once; the new password signs in', async () => {
    // Opened afresh, as from the email (not a same-document jump to the fragment).
    await page.goto('/');
    await page.goto(resetLink);
    await heading(page, 'El enlace no es válido');
    await expectNoAxeViolations(page, 'used reset link');
    await expect(page.getByRole('link', { name: 'Solicitar un enlace nuevo' })).toBeVisible();

    await page.goto('/customer/authenticate');
    await heading(page, 'Iniciar sesión');
    await page.getByLabel('Correo electrónico').fill(CUSTOMER.email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Contraseña', { exact: true }).fill(CUSTOMER.next);
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
    await waitForPath(page, /^\/orders$/);
  });
});
