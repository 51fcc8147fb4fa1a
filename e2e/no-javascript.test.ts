// The purchase path with JavaScript off (docs/decisions/0027-forms-without-javascript.md): a nota simple in store 1
// and a certidão in store 16 bought from the wizard to the sandbox provider's page and back to the success page, in a
// browser context that runs no script. axe needs a script of its own, so each server-rendered form page is also
// checked in a JavaScript-enabled context that loads the same HTML (at a same-origin address, with its styles).
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { formatViolations, runAxe } from './support/axe.js';
import { newContext } from './support/browser.js';
import { waitForPath } from './support/page-checks.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let axeContext: BrowserContext;
const contexts: BrowserContext[] = [];
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** The HTML of each page checked, with its name, checked by axe at the end. */
const pagesSeen: Array<{ label: string; html: string }> = [];

test.beforeAll(async ({ browser: launched }) => {
  test.setTimeout(300_000);
  browser = launched;
  server = await startServer();
  axeContext = await newContext(browser, server.baseUrl);
});

test.afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await axeContext?.close().catch(() => undefined);
  await server?.stop();
});

async function noScriptPage(): Promise<Page> {
  const context = await newContext(browser, server.baseUrl, { javaScriptEnabled: false });
  contexts.push(context);
  return context.newPage();
}

async function keep(page: Page, label: string) {
  pagesSeen.push({ label, html: await page.content() });
}

/** Answers the questions the server's wizard page shows, from `answers` (by option id); no script runs here. */
async function answerPage(page: Page, answers: Record<string, string>) {
  for (const [id, value] of Object.entries(answers)) {
    const name = `option-${id}`;
    const select = page.locator(`main select[name="${name}"]`);
    const choice = page.locator(`main input[name="${name}"][value="${value}"]`);
    const text = page.locator(`main input[type="text"][name="${name}"], main textarea[name="${name}"]`);
    if ((await select.count()) > 0) await select.selectOption(value);
    else if ((await page.locator(`main input[type="radio"][name="${name}"]`).count()) > 0) await choice.check();
    else if ((await text.count()) > 0) await text.fill(value);
  }
}

interface Purchase {
  store: number;
  start: string;
  urlKey: string;
  answers: Record<string, string>;
  texts: {
    continue: string;
    check: string;
    add: string;
    added: string;
    cart: string;
    checkout: string;
    register: string;
    problem: string;
    terms: RegExp;
    acceptTerms: RegExp;
    startNow: RegExp;
    card: string;
    pay: RegExp;
    sandbox: { name: string; number: string; expiry: string; cvc: string; pay: RegExp };
    success: string;
  };
}

async function buy(page: Page, p: Purchase, n: number) {
  const t = p.texts;
  // The wizard's pages, answered until the check-answers page.
  for (let i = 0; i < 15 && !new URL(page.url()).pathname.endsWith('/check'); i++) {
    await answerPage(page, p.answers);
    await page.getByRole('button', { name: t.continue, exact: true }).click();
    if (i === 0) await keep(page, `wizard page (store ${p.store})`);
  }
  await expect(page.getByRole('heading', { level: 1, name: t.check })).toBeVisible();
  await keep(page, `check answers (store ${p.store})`);
  await page.getByRole('button', { name: t.add }).click();

  // The cart: the line, its quantity changed and back.
  // The cart says what was just added (the line's id in the address, as the browser's cart's notice).
  await waitForPath(page, /^\/html\/cart\?added=\d+$/);
  await expect(page.getByRole('status')).toContainText(t.added);
  await expect(page.getByRole('heading', { level: 1, name: t.cart })).toBeVisible();
  await keep(page, `cart (store ${p.store})`);
  await page.getByRole('link', { name: t.checkout }).click();

  // Not signed in: register, then the checkout.
  await waitForPath(page, /^\/html\/sign-in$/);
  await keep(page, `sign-in (store ${p.store})`);
  await page.locator('#register-firstname').fill('Lucía');
  await page.locator('#register-lastname').fill('Sin Script');
  await page.locator('#register-email').fill(`sin-js.${run}.${n}@example.com`);
  await page.locator('#register-password').fill('clave-segura-sin-js-2026');
  await page.getByRole('button', { name: t.register }).click();
  await waitForPath(page, /^\/html\/checkout$/);

  // Paying without the consents: the summary names both, each leading to its box.
  await page.getByRole('radio', { name: t.card, exact: true }).check();
  await page.getByRole('button', { name: t.pay }).click();
  const summary = page.locator('.error-summary');
  await expect(summary.getByRole('heading', { name: t.problem })).toBeVisible();
  await expect(summary.getByRole('link', { name: t.terms })).toHaveAttribute('href', '#accept_terms');
  await keep(page, `checkout with errors (store ${p.store})`);
  await page.getByRole('checkbox', { name: t.acceptTerms }).check();
  await page.getByRole('checkbox', { name: t.startNow }).check();
  await page.getByRole('radio', { name: t.card, exact: true }).check();
  await page.getByRole('button', { name: t.pay }).click();

  // The sandbox provider's own page (server-rendered), then back to the shop's success page.
  await waitForPath(page, /^\/sandbox-pay\/checkout\/[^/?]+/, 30_000);
  await page.getByLabel(t.sandbox.name, { exact: true }).fill('Lucía Sin Script');
  await page.getByLabel(t.sandbox.number, { exact: true }).fill('4242 4242 4242 4242');
  await page
    .getByLabel(t.sandbox.expiry, { exact: true })
    .fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.getByLabel(t.sandbox.cvc, { exact: true }).fill('123');
  await page.getByRole('button', { name: t.sandbox.pay }).click();
  await waitForPath(page, /^\/checkout\/success\/\d+$/, 30_000);
  await expect(page.getByRole('heading', { name: t.success })).toBeVisible({ timeout: 20_000 });
}

test('buys a nota simple in store 1 with JavaScript off, from the product page to the success page', async () => {
  test.setTimeout(180_000);
  const page = await noScriptPage();
  await page.goto('/tienda/nota-simple');
  await page.locator('main a[href="/tienda/nota-simple/step1"]').first().click();
  await waitForPath(page, /^\/tienda\/nota-simple\/step1$/);
  // The server-rendered step of the browser's wizard: its form posts to the server's form route.
  await expect(page.locator('form[method="post"][action="/html/tienda/nota-simple/step1"]')).toHaveCount(1);
  await page.locator('#option-78').fill('Madrid');
  const municipality = page.locator('#option-79');
  if (await municipality.isEnabled()) await municipality.fill('Madrid');
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  if (new URL(page.url()).pathname === '/html/tienda/nota-simple/step1') {
    // The picker needs a script to search: the server's page asks for the name instead, with the province kept.
    await expect(page.locator('.error-summary')).toBeVisible();
    await keep(page, 'wizard page with errors (store 1)');
    await expect(page.locator('#option-78')).toHaveValue('5028');
    await page.locator('#option-79').fill('Madrid');
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  }
  await buy(
    page,
    {
      store: 1,
      start: '/tienda/nota-simple',
      urlKey: 'nota-simple',
      answers: { '78': '5028', '79': 'Madrid', '80': 'Calle Mayor 1, 2º B', '77': 'Juan Español', '411': '3781' },
      texts: {
        continue: 'Continuar',
        check: 'Comprueba tus respuestas',
        add: 'Añadir al carrito',
        added: 'Añadido a tu carrito',
        cart: 'Carrito',
        checkout: 'Finalizar compra',
        register: 'Crear cuenta',
        problem: 'Hay un problema',
        terms: /Debes aceptar las condiciones de contratación/,
        acceptTerms: /acepto las condiciones de contratación/,
        startNow: /empecéis el trámite ya/,
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
    1,
  );
});

test('buys a certidão in store 16 with JavaScript off', async () => {
  test.setTimeout(180_000);
  const page = await noScriptPage();
  // The store is the host's in production; here the first address names it, as the API's ?store= does.
  await page.goto('/html/tienda/certidao-permanente-automovel/step1?store=16');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await buy(
    page,
    {
      store: 16,
      start: '/html/tienda/certidao-permanente-automovel/step1',
      urlKey: 'certidao-permanente-automovel',
      answers: { '4201': 'AA00AA', '4202': '420201' },
      texts: {
        continue: 'Continuar',
        check: 'Verifique as suas respostas',
        add: 'Adicionar ao carrinho',
        added: 'Adicionado ao seu carrinho',
        cart: 'Carrinho',
        checkout: 'Finalizar compra',
        register: 'Criar conta',
        problem: 'Há um problema',
        terms: /Tem de aceitar as condições de contratação/,
        acceptTerms: /aceito as condições de contratação/,
        startNow: /serviço comece já/,
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
    2,
  );
});

test('axe finds nothing on the server-rendered form pages (their HTML loaded where a script may run)', async () => {
  test.setTimeout(120_000);
  expect(pagesSeen.length).toBeGreaterThan(5);
  const page = await axeContext.newPage();
  const problems: string[] = [];
  for (const [i, seen] of pagesSeen.entries()) {
    const address = `/html/__axe__/${i}`;
    await page.route(`**${address}`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: seen.html }),
    );
    await page.goto(address);
    const violations = await runAxe(page);
    if (violations.length) problems.push(`${seen.label}:\n${formatViolations(violations)}`);
  }
  expect(problems.join('\n\n')).toBe('');
});
