// Every payment method end to end in Debian's Chromium with the sandbox provider: the customer chooses the method
// in checkout (radio group), pays on the provider's hosted pages (card with 3-D Secure challenge, PayPal approve and
// cancel, Bizum code, MB WAY approved and expired in the phone app, a Multibanco reference paid at the sandbox ATM)
// and a bank transfer is confirmed by an agent in the back office. axe runs on every shop page this work added.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiLogin, csrfToken } from './support/api.js';
import { formatViolations, runAxe, type AxeViolation } from './support/axe.js';
import { newContext } from './support/browser.js';
import { waitForPath, waitForReactRoot } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';
import { ACCEPT_TERMS, acceptCheckoutConsents, START_NOW } from './support/checkout-consents.js';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const axeResults: { label: string; violations: AxeViolation[] }[] = [];
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
let seq = 0;

test.beforeAll(async ({ browser: launched }) => {
  // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
  test.setTimeout(300_000);
  browser = launched;
  server = await startServer();
});

test.afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await server?.stop();
});

async function audit(p: Page, label: string) {
  axeResults.push({ label, violations: await runAxe(p) });
}

const NOTA_SIMPLE = {
  store_id: 1,
  url_key: 'nota-simple',
  answers: { '78': '5028', '79': '28005', '80': 'Calle Mayor 1, 2º B', '77': 'Juan Español', '411': '3781' },
};
const PT_CERT = {
  store_id: 16,
  url_key: 'certidao-permanente-automovel',
  answers: { '4201': 'AA00AA', '4202': '420201' },
};

/** A registered customer of a store with one line in the cart (set up through the API the SPA uses). */
async function customerWithCart(store: 1 | 16): Promise<Page> {
  const context = await newContext(browser, server.baseUrl);
  contexts.push(context);
  const page = await context.newPage();
  const headers = { 'x-csrf-token': await csrfToken(page, store) };
  const added = await page.request.post('/api/cart/items', { data: store === 1 ? NOTA_SIMPLE : PT_CERT, headers });
  expect(added.status(), await added.text()).toBe(201);
  const email = `pay.${run}.${++seq}@example.com`;
  const reg = await page.request.post('/api/auth/register', {
    data: { email, password: 'clave-segura-2026', firstname: 'Lucía', lastname: 'Pagos' },
    headers,
  });
  expect(reg.status()).toBeLessThan(300);
  return page;
}

/** Checkout: choose the method by its label in the radio group and press "Pagar …". */
async function payWith(page: Page, method: string | RegExp, audited?: string): Promise<string> {
  await page.goto('/customer/checkout');
  await waitForReactRoot(page);
  const radio = page.getByRole('radio', { name: method });
  await radio.check();
  await acceptCheckoutConsents(page);
  if (audited) await audit(page, audited);
  await page.getByRole('button', { name: /^(Pagar|Pay) / }).click();
  try {
    await page.waitForURL((u) => !u.pathname.startsWith('/customer/checkout'));
  } catch (err) {
    throw new Error(`checkout did not leave: ${(await page.getByRole('main').innerText()).slice(0, 1500)}`, {
      cause: err,
    });
  }
  return page.url();
}

const orderOf = (url: string) => /order_id=(\d+)|\/(\d{6,})$/.exec(url)?.slice(1).find(Boolean) ?? '';

async function expectPaid(page: Page) {
  await waitForPath(page, /^\/checkout\/success\/\d+$/, 30_000);
  await expect(page.getByRole('heading', { name: /Pedido realizado|Encomenda realizada|Order placed/ })).toBeVisible();
}

test.describe.serial('payment methods in the sandbox', () => {
  test('card with a 3-D Secure challenge', async () => {
    const page = await customerWithCart(1);
    await payWith(page, 'Tarjeta', 'checkout with the method radio group');
    await page.getByLabel('Número de tarjeta').fill('4000 0000 0000 3220');
    await page.getByLabel('Caducidad (MM/AA)').fill('12/34');
    await page.getByLabel('Código de seguridad (CVC)').fill('123');
    await page.getByLabel('Titular de la tarjeta').fill('Lucía Pagos');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByRole('heading', { name: 'Verificación 3-D Secure' })).toBeVisible();
    await page.getByLabel('Código de verificación').fill('123456');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expectPaid(page);
  });

  test('PayPal: cancel comes back to the failure page, then approve pays the same order', async () => {
    const page = await customerWithCart(1);
    await payWith(page, 'PayPal');
    await page.getByRole('button', { name: 'Cancelar y volver a la tienda' }).click();
    await waitForPath(page, /^\/customer\/payment\?/);
    await expect(page.getByText('Has cancelado el pago.')).toBeVisible();
    await audit(page, 'payment failed / retry');
    await expect(page.getByRole('radio', { name: 'PayPal' })).toBeChecked();
    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await page.getByRole('button', { name: 'Aprobar el pago' }).click();
    await expectPaid(page);
  });

  test('Bizum: phone, a wrong code is an error, the test code pays', async () => {
    const page = await customerWithCart(1);
    await payWith(page, 'Bizum');
    await page.getByLabel('Tu número de móvil').fill('612 345 678');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Código recibido por SMS').fill('000000');
    await page.getByRole('button', { name: 'Confirmar el pago' }).click();
    await expect(page.getByRole('alert').getByText('El código no es correcto')).toBeVisible();
    await page.getByLabel('Código recibido por SMS').fill('112233');
    await page.getByRole('button', { name: 'Confirmar el pago' }).click();
    await expectPaid(page);
  });

  test('a method chosen and boxes ticked on the page before its code arrives are what is sent', async () => {
    const page = await customerWithCart(1);
    // The checkout's own code is held back: the server's markup is all the page has when Bizum is chosen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/checkout-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/customer/checkout', { waitUntil: 'domcontentloaded' });
    await page.getByRole('radio', { name: 'Bizum' }).check();
    // The consents too (checkout-consents.tsx): ticked on the server's markup, they must count once hydrated.
    await page.getByRole('checkbox', { name: ACCEPT_TERMS }).check();
    await page.getByRole('checkbox', { name: START_NOW }).check();
    release();
    await waitForReactRoot(page);
    await expect(page.getByRole('radio', { name: 'Bizum' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: ACCEPT_TERMS })).toBeChecked();
    await page.getByRole('button', { name: /^Pagar / }).click();
    await expect(page.getByLabel('Tu número de móvil')).toBeVisible();
    await page.unrouteAll();
  });

  test('MB WAY: waiting page with a live region, approved in the phone app', async () => {
    const page = await customerWithCart(16);
    await payWith(page, 'MB WAY', 'checkout (Portugal)');
    await page.getByLabel('Número de telemóvel').fill('912 345 678');
    await page.getByRole('button', { name: 'Enviar o pedido para a app' }).click();
    await waitForPath(page, /^\/payment\/sibs\/mbway\?/);
    await expect(page.getByRole('status').getByText('A aguardar a aprovação na app MB WAY')).toBeVisible();
    await audit(page, 'MB WAY waiting');
    const phone = await page.context().newPage();
    await phone.goto('/sandbox-pay/mbway?lang=pt&phone=912345678');
    await phone.getByRole('button', { name: /^Aprovar o pagamento/ }).click();
    await expect(phone.getByRole('heading', { name: 'Pagamento efetuado' })).toBeVisible();
    await expectPaid(page);
  });

  test('MB WAY: a request left to expire sends the customer to pay again', async () => {
    const page = await customerWithCart(16);
    await payWith(page, 'MB WAY');
    await page.getByLabel('Número de telemóvel').fill('912 345 679');
    await page.getByRole('button', { name: 'Enviar o pedido para a app' }).click();
    await waitForPath(page, /^\/payment\/sibs\/mbway\?/);
    const phone = await page.context().newPage();
    await phone.goto('/sandbox-pay/mbway?lang=pt&phone=912345679');
    await phone.getByRole('button', { name: 'Deixar expirar agora (controlo de teste)' }).click();
    await waitForPath(page, /^\/customer\/payment\?/, 20_000);
    await expect(page.getByText('O prazo para pagar terminou.')).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.get('error') === 'expired');
  });

  test('Multibanco: the reference with amount and expiry, paid at the sandbox ATM', async () => {
    const page = await customerWithCart(16);
    await payWith(page, /^Multibanco/);
    await waitForPath(page, /^\/payment\/multibanco\?/);
    await expect(page.getByRole('heading', { name: 'Pague com a referência Multibanco' })).toBeVisible();
    await audit(page, 'Multibanco reference');
    const definition = (label: string) => page.locator('.summary-list__row', { hasText: label }).locator('dd').first();
    // Wait for each value to show before reading it for the ATM.
    await expect(definition('Entidade')).toHaveText(/^\d{5}$/);
    await expect(definition('Referência')).toHaveText(/^\d{3} \d{3} \d{3}$/);
    await expect(definition('Montante')).toHaveText(/\d/);
    const entity = (await definition('Entidade').innerText()).trim();
    const reference = (await definition('Referência').innerText()).trim();
    const amount = (await definition('Montante').innerText()).trim();
    const atm = await page.context().newPage();
    await atm.goto('/sandbox-pay/multibanco?lang=pt');
    await atm.getByLabel('Entidade').fill(entity);
    await atm.getByLabel('Referência').fill(reference);
    await atm.getByLabel(/^Montante/).fill(amount.replace(/[^\d,]/g, ''));
    await atm.getByRole('button', { name: 'Pagar' }).click();
    await expect(atm.getByRole('heading', { name: 'Pagamento efetuado' })).toBeVisible();
    await expectPaid(page);
  });

  test('bank transfer: instructions, then an agent confirms it in the back office', async () => {
    const page = await customerWithCart(1);
    const url = await payWith(page, 'Transferencia bancaria');
    const orderId = orderOf(url);
    await waitForPath(page, /^\/payment\/bank\?/);
    await expect(page.getByRole('heading', { name: 'Paga por transferencia bancaria' })).toBeVisible();
    await audit(page, 'bank transfer instructions');
    await expect(page.getByText(/^ES\d\d( \d{4}){5}$/)).toHaveCount(1);
    const itemId = (await (await page.request.get(`/api/me/orders/${orderId}`)).json()).items[0].id as number;

    const agentContext = await newContext(browser, server.baseUrl);
    contexts.push(agentContext);
    const agent = await agentContext.newPage();
    await apiLogin(agent, 'agente@ventanilla.test', 'agente-demo-2026');
    await agent.goto(`/agentes/pedido/${itemId}`);
    await expect(agent.getByRole('heading', { name: 'Transferencia bancaria pendiente' })).toBeVisible();
    await audit(agent, 'back office: confirm transfer');
    await agent.getByRole('button', { name: 'Confirmar transferencia recibida' }).click();
    await expect(agent.getByText('Transferencia confirmada: el pedido está pagado.')).toBeVisible();

    await page.reload();
    await expectPaid(page);
  });

  test('axe reports no violations on the pages of this work', () => {
    const failures = axeResults
      .filter((r) => r.violations.length > 0)
      .map((r) => `${r.label}:\n${formatViolations(r.violations)}`);
    expect(failures.join('\n\n')).toBe('');
    expect(axeResults.length).toBeGreaterThanOrEqual(6);
  });
});
