// The consumer-law checkout in a browser (docs/shop-flows.md "Consents at checkout"), in the three store
// languages: before paying the page names the seller, each service's characteristics and delivery time and the total
// with VAT, links to the terms, and shows two boxes that are not ticked; paying without them lists both in the error
// summary (focused, linked to the boxes); with them the order is placed and paid at the sandbox provider. axe runs on
// the page with and without errors.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { csrfToken } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { ACCEPT_TERMS, START_NOW } from './support/checkout-consents.js';
import { waitForPath, waitForReactRoot } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.beforeAll(async ({ browser: launched }) => {
  test.setTimeout(300_000);
  browser = launched;
  server = await startServer();
});

test.afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await server?.stop();
});

const NOTA_SIMPLE = {
  '78': '5028',
  '79': '28005',
  '80': 'Calle Mayor 1, 2º B',
  '77': 'Juan Español',
  '411': '3781',
};

const STORES = [
  {
    language: 'es',
    store: 1,
    line: { store_id: 1, url_key: 'nota-simple', answers: NOTA_SIMPLE },
    ui: {
      problem: 'Hay un problema',
      terms: 'Debes aceptar las condiciones de contratación',
      startNow: /Debes solicitar que empecemos el trámite ya/,
      seller: 'Quién te vende',
      delivery: /Plazo de entrega: /,
      termsLink: /condiciones de contratación/,
      card: 'Tarjeta',
      pay: /^Pagar \d/,
      sandbox: {
        name: 'Titular de la tarjeta',
        number: 'Número de tarjeta',
        expiry: 'Caducidad (MM/AA)',
        cvc: 'Código de seguridad (CVC)',
        pay: /^Pagar/,
      },
      success: 'Pedido realizado',
    },
  },
  {
    language: 'pt',
    store: 16,
    line: { store_id: 16, url_key: 'certidao-permanente-automovel', answers: { '4201': 'AA00AA', '4202': '420201' } },
    ui: {
      problem: 'Há um problema',
      terms: 'Tem de aceitar as condições de contratação',
      startNow: /Tem de pedir que comecemos já o serviço/,
      seller: 'Quem vende',
      delivery: /Prazo de entrega: /,
      termsLink: /condições de contratação/,
      card: 'Cartão',
      pay: /^Pagar \d/,
      sandbox: {
        name: 'Titular do cartão',
        number: 'Número do cartão',
        expiry: 'Validade (MM/AA)',
        cvc: 'Código de segurança (CVC)',
        pay: /^Pagar/,
      },
      success: 'Encomenda realizada',
    },
  },
  {
    language: 'en',
    store: 9,
    line: { store_id: 9, url_key: 'nota-simple', answers: NOTA_SIMPLE },
    ui: {
      problem: 'There is a problem',
      terms: 'You must accept the terms of sale',
      startNow: /You must ask us to start the service now/,
      seller: 'Who sells',
      delivery: /Delivery time: /,
      termsLink: /terms of sale/,
      card: 'Card',
      pay: /^Pay \S*\d/,
      sandbox: {
        name: 'Cardholder name',
        number: 'Card number',
        expiry: 'Expiry (MM/YY)',
        cvc: 'Security code (CVC)',
        pay: /^Pay/,
      },
      success: 'Order placed',
    },
  },
] as const;

/** A registered customer of a store with one service in the cart (set up through the API the SPA uses). */
async function customerWithCart(store: number, line: object, n: number): Promise<Page> {
  const context = await newContext(browser, server.baseUrl);
  contexts.push(context);
  const page = await context.newPage();
  const headers = { 'x-csrf-token': await csrfToken(page, store) };
  const added = await page.request.post('/api/cart/items', { data: line, headers });
  expect(added.status(), await added.text()).toBe(201);
  const reg = await page.request.post('/api/auth/register', {
    data: {
      email: `consents.${run}.${n}@example.com`,
      password: 'clave-segura-2026',
      firstname: 'Lucía',
      lastname: 'Consiente',
    },
    headers,
  });
  expect(reg.status()).toBeLessThan(300);
  return page;
}

for (const [n, { language, store, line, ui }] of STORES.entries()) {
  test(`buys with the consents in ${language} (store ${store}): nothing pre-ticked, errors summarised, axe clean`, async () => {
    test.setTimeout(120_000);
    const page = await customerWithCart(store, line, n);
    await page.goto('/customer/checkout');
    await waitForReactRoot(page);
    const main = page.getByRole('main');

    // What consumer law wants shown before paying.
    await expect(main.getByRole('heading', { name: ui.seller })).toBeVisible();
    await expect(main.getByText(ui.delivery).first()).toBeVisible();
    const termsLink = main.getByRole('link', { name: ui.termsLink });
    await expect(termsLink).toHaveAttribute('href', '/legal/condiciones');
    const terms = page.getByRole('checkbox', { name: ACCEPT_TERMS });
    const startNow = page.getByRole('checkbox', { name: START_NOW });
    await expect(terms).not.toBeChecked();
    await expect(startNow).not.toBeChecked();
    await expectNoAxeViolations(page, `checkout consents (${language})`);

    // Paying without ticking: both refusals in the summary, which takes focus and leads to the boxes.
    await page.getByRole('radio', { name: ui.card, exact: true }).check();
    await page.getByRole('button', { name: ui.pay }).click();
    const summary = page.locator('.error-summary');
    await expect(summary.getByRole('heading', { name: ui.problem })).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link', { name: ui.terms })).toBeVisible();
    await expect(summary.getByRole('link', { name: ui.startNow })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/customer/checkout');
    await expectNoAxeViolations(page, `checkout consents with errors (${language})`);
    await summary.getByRole('link', { name: ui.terms }).click();
    await expect(terms).toBeFocused();

    await terms.check();
    await startNow.check();
    await page.getByRole('button', { name: ui.pay }).click();
    await waitForPath(page, /^\/sandbox-pay\/checkout\/[^/?]+/, 30_000);
    await page.getByLabel(ui.sandbox.name, { exact: true }).fill('Lucía Consiente');
    await page.getByLabel(ui.sandbox.number, { exact: true }).fill('4242 4242 4242 4242');
    await page
      .getByLabel(ui.sandbox.expiry, { exact: true })
      .fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
    await page.getByLabel(ui.sandbox.cvc, { exact: true }).fill('123');
    await page.getByRole('button', { name: ui.sandbox.pay }).click();
    await waitForPath(page, /^\/checkout\/success\/\d+$/, 30_000);
    await expect(page.getByRole('heading', { name: ui.success })).toBeVisible();
  });
}
