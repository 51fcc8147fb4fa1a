// The staff admin screen (/agentes/personal, docs/backoffice.md "Customers": agents, spec update_agente): an admin
// creates an agent (a refused e-mail first, said by its field; no password: the account is e-mailed an invitation),
// changes the role from the keyboard without losing
// focus, and deactivates the account, which then cannot sign in. axe on each state.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiLogin, csrfToken } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { ADMIN } from './support/backoffice-world.js';
import { newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const NEW_AGENT = { email: 'nuevo.agente@ventanilla.test', password: 'caballo-bateria-grapa-7' };

let server: RunningServer;
let admin: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

interface Staff {
  items: Array<{ email: string; role: string; active: boolean }>;
}
async function staffMember(email: string) {
  const res = await admin.request.get('/api/backoffice/staff');
  expect(res.status()).toBe(200);
  return ((await res.json()) as Staff).items.find((s) => s.email === email);
}

test.describe.serial('the admin manages the staff', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    server = await startServer();
    admin = await newContext(browser, server.baseUrl);
    await apiLogin(admin, ADMIN.email, ADMIN.password);
    page = await admin.newPage();
    page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
  });

  test.afterAll(async () => {
    await admin?.close().catch(() => undefined);
    await server?.stop();
    expect(pageErrors).toEqual([]);
  });

  test('creates an agent without a password (an invitation is e-mailed); a bad e-mail is refused by its field', async () => {
    await page.goto('/agentes/personal');
    await expect(page.getByRole('heading', { level: 1, name: 'Personal del back office' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Cuentas del personal' })).toContainText('agente@ventanilla.test');
    await expectNoAxeViolations(page, 'staff list');
    const form = page.getByRole('form', { name: 'Nueva cuenta del personal' });
    // Staff never set another person's password: the form has no password field.
    await expect(form.getByLabel(/contraseña/i)).toHaveCount(0);
    await expect(form).toContainText('Le enviaremos un email para que elija su contraseña');
    const email = form.getByLabel('Email');
    await email.fill('nuevo.agente@');
    await form.getByLabel('Nombre').fill('Nerea');
    await form.getByLabel('Apellidos').fill('Nueva');
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectNoAxeViolations(page, 'new staff account refused');
    await expect.poll(() => staffMember(NEW_AGENT.email)).toBeUndefined();
    await email.fill(NEW_AGENT.email);
    await expect(form.getByLabel('Rol')).toHaveValue('agent');
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(form.getByText('Cuenta creada. Le hemos enviado la invitación por email.')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(NEW_AGENT.email.replace(/\./g, '\\.')) });
    await expect(row).toContainText('Nerea Nueva');
    await expect.poll(() => staffMember(NEW_AGENT.email)).toMatchObject({ role: 'agent', active: true });
  });

  test('changes the role from the keyboard; focus stays on the field', async () => {
    const role = page.getByLabel(`Rol: ${NEW_AGENT.email}`);
    await expect(role).toHaveValue('agent');
    await role.focus();
    // Agent -> Administrador (the next option); saved at once.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('status').filter({ hasText: 'Cambios guardados.' })).toHaveCount(1);
    await expect.poll(async () => (await staffMember(NEW_AGENT.email))?.role).toBe('admin');
    await expect(role).toHaveValue('admin');
    await expect(role).toBeFocused();
    await role.selectOption('agent');
    await expect.poll(async () => (await staffMember(NEW_AGENT.email))?.role).toBe('agent');
  });

  test('deactivates the agent, who then cannot sign in', async ({ browser }) => {
    const deactivate = page.getByRole('button', { name: `Desactivar ${NEW_AGENT.email}` });
    await deactivate.click();
    const reactivate = page.getByRole('button', { name: `Reactivar ${NEW_AGENT.email}` });
    await expect(reactivate).toBeVisible();
    // The same button, still focused for the keyboard.
    await expect(reactivate).toBeFocused();
    await expect(page.getByRole('row', { name: new RegExp(NEW_AGENT.email.replace(/\./g, '\\.')) })).toContainText(
      'Desactivada',
    );
    await expect.poll(() => staffMember(NEW_AGENT.email)).toMatchObject({ active: false });
    await expectNoAxeViolations(page, 'staff account deactivated');
    const someone = await newContext(browser, server.baseUrl);
    try {
      const res = await someone.request.post('/api/auth/login', {
        data: NEW_AGENT,
        headers: { 'x-csrf-token': await csrfToken(someone) },
      });
      expect(res.status()).toBeGreaterThanOrEqual(400);
      expect(res.status()).toBeLessThan(500);
    } finally {
      await someone.close();
    }
  });
});
