// The owner of a throttled account gets in with a one-time link, end to end on the built product: after too many
// failed sign-ins the login form offers "Enviarme un enlace para entrar", the e-mail lands in the development mailbox
// (the staff list shows it without its body), the link signs in on the page it opens, and works only once. axe on the
// new states.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, apiLogin } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { eventually, waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

const CUSTOMER = 'cliente@ventanilla.test';
const AGENT = { email: 'agente@ventanilla.test', password: 'agente-demo-2026' };

let server: RunningServer;
let browser: Browser;
let visitor: BrowserContext;
let agent: BrowserContext;
let page: Page;

/** The sign-in link of a message in the development mailbox (its .eml file, quoted-printable). */
function linkInMailbox(id: number): string {
  const eml = readFileSync(path.join(server.dataDir, 'mailbox', `${id}.eml`), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return /https?:\/\/[^\s"<>]+\/customer\/sign-in-link[^\s"<>]*#token=[\w.-]+/.exec(eml)?.[0] ?? '';
}

test.describe.serial('a throttled sign-in offers a one-time link', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    visitor = await newContext(browser, server.baseUrl);
    agent = await newContext(browser, server.baseUrl);
    page = await visitor.newPage();
  });

  test.afterAll(async () => {
    for (const c of [visitor, agent]) await c?.close().catch(() => undefined);
    await server?.stop();
  });

  test('too many failures: the form offers a link, sent whether or not the account exists', async () => {
    // Someone else's guesses from this address exhaust the throttle of the account.
    for (let i = 0; i < 5; i++) {
      const res = await apiCall(visitor, 'POST', '/api/auth/login', { email: CUSTOMER, password: `guess-${i}-wrong` });
      expect(res.status).toBe(401);
    }
    await page.goto('/customer/authenticate');
    await page.getByLabel('Correo electrónico').fill(CUSTOMER);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Contraseña', { exact: true }).fill('cliente-demo-2026');
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '¿Eres tú? Entra con un enlace' })).toBeVisible();
    await expectNoAxeViolations(page, 'throttled sign-in');
    await page.getByRole('button', { name: 'Enviarme un enlace para entrar' }).click();
    await expect(page.getByText(`Si hay una cuenta con el e-mail ${CUSTOMER}, te hemos enviado`)).toBeVisible();
    await expectNoAxeViolations(page, 'sign-in link sent');
  });

  test('the link signs in on the page it opens, once', async () => {
    await apiLogin(agent, AGENT.email, AGENT.password);
    const sent = await eventually(
      async () => {
        const list = (await (await agent.request.get('/api/backoffice/emails?kind=sign_in_link')).json()) as {
          items: Array<{ id: number; to: string; status: string; subject: string }>;
        };
        const item = list.items.find((i) => i.to === CUSTOMER);
        expect(item?.status).toBe('sent');
        return item!;
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(sent.subject).toBe('Tu enlace para entrar en Ventanilla');
    const detail = (await (await agent.request.get(`/api/backoffice/emails/${sent.id}`)).json()) as { text: string };
    expect(detail.text).toBe('');
    const link = linkInMailbox(sent.id);
    expect(link.startsWith(`${server.baseUrl}/customer/sign-in-link?store=1#token=`)).toBe(true);

    const fresh = await (await newContext(browser, server.baseUrl)).newPage();
    await fresh.goto(link);
    await waitForPath(fresh, /^\/orders$/);
    expect((await fresh.context().request.get('/api/me')).status()).toBe(200);

    await page.goto('/');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'El enlace para entrar no es válido' })).toBeVisible();
    await expectNoAxeViolations(page, 'used sign-in link');
    await expect(page.getByRole('link', { name: 'Ir a la página de acceso' })).toBeVisible();
    await fresh.context().close();
  });
});
