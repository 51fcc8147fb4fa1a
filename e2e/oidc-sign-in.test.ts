// Signing in with an identity provider (OpenID Connect), end to end on the built product against a real local
// OpenID provider (oidc-provider): the customer ticks "remember me", leaves for the provider, comes back signed in,
// sees this browser among the remembered devices, and a browser holding only the remember-me cookie is signed in
// again at once. An unverified e-mail comes back refused with the reason. axe on the pages involved.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { startOidcProvider, type E2eOidcProvider } from './support/oidc-provider.js';
import { waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

const CLIENT = { client_id: 'ventanilla-e2e', client_secret: 'e2e-client-secret' };

let server: RunningServer;
let provider: E2eOidcProvider;
let browser: Browser;
let customer: BrowserContext;
let page: Page;

test.describe.serial('sign in with an identity provider (OpenID Connect)', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    provider = await startOidcProvider('Identidad Demo');
    provider.account({
      email: 'lucia.oidc@example.com',
      email_verified: true,
      given_name: 'Lucía',
      family_name: 'Vega',
    });
    provider.account({ email: 'sin.verificar@example.com', email_verified: false });
    server = await startServer({
      OIDC_CUSTOMER_ISSUER: provider.issuer,
      OIDC_CUSTOMER_CLIENT_ID: CLIENT.client_id,
      OIDC_CUSTOMER_CLIENT_SECRET: CLIENT.client_secret,
      OIDC_CUSTOMER_NAME: 'Identidad Demo',
    });
    provider.configure({ ...CLIENT, redirect_uris: [`${server.baseUrl}/api/auth/oidc/customer/callback`] });
    customer = await newContext(browser, server.baseUrl);
    page = await customer.newPage();
  });

  test.afterAll(async () => {
    await customer?.close().catch(() => undefined);
    await server?.stop();
    await provider?.stop();
  });

  test('the login page offers remember-me and the provider; the customer comes back signed in', async () => {
    await page.goto('/customer/authenticate');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    const button = page.getByRole('link', { name: 'Entrar con Identidad Demo' });
    await expect(button).toBeVisible();
    await page.getByLabel('Recordarme en este dispositivo').check();
    await expectNoAxeViolations(page, 'login page with a provider');
    await button.click();
    // At the provider.
    await expect(page.getByRole('heading', { level: 1, name: 'Identidad Demo' })).toBeVisible();
    await page.getByLabel('Correo electrónico').fill('lucia.oidc@example.com');
    await page.getByRole('button', { name: 'Continuar' }).click();
    // Back in the shop, signed in, on the orders.
    await waitForPath(page, /^\/orders$/, 30_000);
    const me = await customer.request.get('/api/me');
    expect(me.status()).toBe(200);
    expect((await me.json()).user).toMatchObject({ email: 'lucia.oidc@example.com', firstname: 'Lucía' });
  });

  test('the account page lists this browser as a remembered device', async () => {
    await page.goto('/cuenta');
    const section = page.getByRole('region', { name: 'Dispositivos que recuerdan tu sesión' });
    await expect(section).toBeVisible();
    await expect(section.getByRole('table')).toContainText('(este dispositivo)');
    await expect(section.getByRole('table')).toContainText('Chrome');
    await expectNoAxeViolations(page, 'account page with devices');
  });

  test('a browser with only the remember-me cookie is signed in again (cookie login, rotated)', async () => {
    const remembered = (await customer.cookies()).find((c) => c.name === 'vt_remember');
    expect(remembered).toBeDefined();
    const later = await newContext(browser, server.baseUrl);
    try {
      await later.addCookies([remembered!]);
      const again = await later.newPage();
      await again.goto('/cuenta');
      await expect(again.getByText('lucia.oidc@example.com')).toBeVisible();
      const rotated = (await later.cookies()).find((c) => c.name === 'vt_remember');
      expect(rotated?.value).toBeTruthy();
      expect(rotated?.value).not.toBe(remembered!.value);
    } finally {
      await later.close();
    }
  });

  test('an unverified e-mail at the provider comes back refused, with the reason', async () => {
    const stranger = await newContext(browser, server.baseUrl);
    try {
      const p = await stranger.newPage();
      await p.goto('/customer/authenticate');
      await p.getByRole('link', { name: 'Entrar con Identidad Demo' }).click();
      await p.getByLabel('Correo electrónico').fill('sin.verificar@example.com');
      await p.getByRole('button', { name: 'Continuar' }).click();
      await waitForPath(p, /^\/customer\/authenticate\?sign_in_error=OIDC_EMAIL_NOT_VERIFIED$/, 30_000);
      await expect(p.getByRole('alert')).toContainText('Tu proveedor de identidad no ha verificado tu email');
      await expect.poll(async () => (await stranger.request.get('/api/me')).status()).toBe(401);
      await expectNoAxeViolations(p, 'login page with a refused provider sign-in');
    } finally {
      await stranger.close();
    }
  });
});
