// The whole catalogue in Debian's Chromium: every product offered in stores 1 (ES), 16 (PT) and
// 17 (IE) is ordered through its real wizard, question by question, as a person would (labels and roles), into one
// cart per store that is paid once on the sandbox provider's card page. On the check-answers page the total shown must
// be the evaluate API's total for exactly the answers the browser sends (and the combinations fixture's figure when
// the answers come from it); the paid order must hold one line per product at that price. axe runs on every page of
// six products of different shapes (one with its exit page), and two products are ordered with the keyboard only.
import { flowConfirmationPath, flowOfProduct, flowStepPath } from '@ventanilla/domain';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { formatViolations, runAxe, type AxeViolation } from './support/axe.js';
import { newContext } from './support/browser.js';
import {
  CHOICE_TYPES,
  fixtureCaseFor,
  isFileReference,
  isPlaceList,
  loadFixtureCases,
  placeKindOf,
  placeName,
  planAnswers,
  type AnswerPlan,
  type FileReference,
  type Answers,
  type AnswerValue,
  type Evaluation,
  type FixtureCase,
  type ProductDetail,
  type ProductOption,
} from './support/catalogue-plan.js';
import { definitions, eventually, minimalPdf, norm, screenshot, waitForPath } from './support/page-checks.js';
import { ARTIFACTS, startServer, type RunningServer } from './support/server.js';
import { acceptCheckoutConsents } from './support/checkout-consents.js';

/**
 * Products that cannot be ordered end to end because of a product defect: `store:url_key` -> the reason. They are
 * not walked (and not expected in the order); the summary lists them. Empty: every product of the three stores works.
 */
const SKIP: Record<string, string> = {};

/** The fixture case to reuse where a product has several that continue (richer paths: supplements, dates, areas). */
const PREFERRED_TOTAL: Record<string, string> = {
  'copia-escritura-notarial': '266.20', // before 2006 (ltdate acceptance +35), authentic paper +56, auto-unset PDF copy
  'busqueda-catastral': '66.55', // as heir: own name and id, and the document notice page
  'cancelacion-de-hipoteca': '774.40', // 200,000-350,000 tier, mortgage deed date, cadastral reference
  'nota-simple-registro-mercantil': '32.08', // optional CIF and province, urgent +5.75
  'copia-estatutos': '66.55', // courier +10.00 and the shipping address (area)
  'folio-request': '85.42', // certified copy +45 with its postal address, express +9.50
};

/** axe on every wizard page and check-answers page of these (store, product); the second has its exit page too. */
const AUDITED = new Set([
  '1:copia-escritura-notarial',
  '1:busqueda-catastral',
  '1:propiedades-de-una-persona',
  '1:cancelacion-de-hipoteca',
  '16:certidao-permanente',
  '17:folio-request',
]);
/** Before continuing, answer this once and check the exit page (then "change my answers"). */
const EXIT_DETOUR: Record<string, { optionId: number; valueId: number }> = {
  '1:busqueda-catastral': { optionId: 3201, valueId: 320104 },
};
/**
 * Ordered with the keyboard only (Tab, Shift+Tab, Space, arrows, typing, Enter): between them text fields, an area, a
 * date, lists, radios with supplements and an acceptance checkbox. The deed copy is also audited on the way.
 */
const KEYBOARD = [
  { store: 1, urlKey: 'copia-estatutos' },
  { store: 1, urlKey: 'copia-escritura-notarial' },
];

const STORES = [
  { id: 1, language: 'es' },
  { id: 16, language: 'pt' },
  { id: 17, language: 'en' },
] as const;
type Language = (typeof STORES)[number]['language'];

/** What the shop and the sandbox provider say, per store language (apps/web i18n, sandbox-pages.ts). */
const UI = {
  es: {
    catalogue: 'Servicios',
    optional: '(opcional)',
    continue: 'Continuar',
    checkTitle: 'Comprueba tus respuestas',
    addToCart: 'Añadir al carrito',
    price: 'Precio',
    order: 'Solicitar',
    cart: 'Carrito',
    continueShopping: 'Seguir comprando',
    checkout: 'Finalizar compra',
    change: 'Cambiar',
    exitTitle: 'No podemos tramitar tu solicitud',
    exitChange: 'Cambiar mis respuestas',
    register: 'Crear una cuenta',
    email: 'Correo electrónico',
    firstname: 'Nombre',
    lastname: 'Apellidos',
    password: 'Contraseña',
    registerButton: 'Crear cuenta',
    methods: 'Método de pago',
    card: 'Tarjeta',
    pay: /^Pagar \d/,
    success: 'Pedido realizado',
    sandbox: {
      title: /^Pago a Ventanilla/,
      name: 'Titular de la tarjeta',
      number: 'Número de tarjeta',
      expiry: 'Caducidad (MM/AA)',
      cvc: 'Código de seguridad (CVC)',
      pay: /^Pagar/,
    },
  },
  pt: {
    catalogue: 'Serviços',
    optional: '(opcional)',
    continue: 'Continuar',
    checkTitle: 'Verifique as suas respostas',
    addToCart: 'Adicionar ao carrinho',
    price: 'Preço',
    order: 'Pedir',
    cart: 'Carrinho',
    continueShopping: 'Continuar a comprar',
    checkout: 'Finalizar compra',
    change: 'Alterar',
    exitTitle: 'Não podemos tratar o seu pedido',
    exitChange: 'Alterar as minhas respostas',
    register: 'Criar uma conta',
    email: 'Endereço de email',
    firstname: 'Nome',
    lastname: 'Apelidos',
    password: 'Palavra-passe',
    registerButton: 'Criar conta',
    methods: 'Método de pagamento',
    card: 'Cartão',
    pay: /^Pagar \d/,
    success: 'Encomenda realizada',
    sandbox: {
      title: /^Pagamento a Ventanilla/,
      name: 'Titular do cartão',
      number: 'Número do cartão',
      expiry: 'Validade (MM/AA)',
      cvc: 'Código de segurança (CVC)',
      pay: /^Pagar/,
    },
  },
  en: {
    catalogue: 'Services',
    optional: '(optional)',
    continue: 'Continue',
    checkTitle: 'Check your answers',
    addToCart: 'Add to basket',
    price: 'Price',
    order: 'Order',
    cart: 'Basket',
    continueShopping: 'Continue shopping',
    checkout: 'Checkout',
    change: 'Change',
    exitTitle: 'We cannot process your request',
    exitChange: 'Change my answers',
    register: 'Create an account',
    email: 'Email address',
    firstname: 'First name',
    lastname: 'Last name',
    password: 'Password',
    registerButton: 'Create account',
    methods: 'Payment method',
    card: 'Card',
    pay: /^Pay \S*\d/,
    success: 'Order placed',
    sandbox: {
      title: /^Payment to Ventanilla/,
      name: 'Cardholder name',
      number: 'Card number',
      expiry: 'Expiry (MM/YY)',
      cvc: 'Security code (CVC)',
      pay: /^Pay/,
    },
  },
} as const;
type Texts = (typeof UI)[Language];

interface Planned {
  store: number;
  language: Language;
  product: ProductDetail;
  plan: AnswerPlan;
}

interface Ordered {
  key: string;
  productId: number;
  name: string;
  total: string;
  ms: number;
  how: 'mouse' | 'keyboard';
}

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
let server: RunningServer;
let browser: Browser;
const contexts = new Map<number, { context: BrowserContext; page: Page }>();
const planned = new Map<number, Planned[]>();
/** Products each store offers (GET /api/stores/{id}/products), less the skip list. */
const expected = new Map<number, number>();
const ordered = new Map<number, Ordered[]>();
const failures: { key: string; error: string }[] = [];
const axeResults: { label: string; url: string; violations: AxeViolation[] }[] = [];
const auditedProducts = new Set<string>();
const pageErrors: string[] = [];
const timings: { name: string; ms: number }[] = [];
let fixtureCases: FixtureCase[] = [];
const keyboardDone = new Set<string>();
const suiteStarted = Date.now();

const keyOf = (store: number, urlKey: string) => `${store}:${urlKey}`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Amounts compared by their digits: "1.595,00 €", "€1,595.00" and "1595.00" are all 159500. */
const cents = (money: string) => money.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
const labelOf = (option: ProductOption, ui: Texts) =>
  Number(option.is_require) === 1 ? option.title : `${option.title} ${ui.optional}`;
/** A choice's accessible name: its text, then the supplement ("+5,75 €", or "(+20,00 €)" in a list) when it has one. */
const choiceName = (name: string) => new RegExp(`^${escape(norm(name))}(\\s*\\(?\\+.*)?$`);
const asList = (value: AnswerValue): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value).split(',')).filter(Boolean).sort();

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The planning session: the documents the plans answer with are uploaded in it, and plans are evaluated with its
 * cookie (a file reference counts only for the session that uploaded it).
 */
const planSession = { cookie: '', csrf: '' };
/** The small PDF every required document question gets (the plan's copy and the browser's own). */
const DOCUMENT_PDF = minimalPdf('Documento de prueba - catalogo e2e');

async function openPlanSession(): Promise<void> {
  const response = await fetch(`${server.baseUrl}/api/session`);
  planSession.cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  planSession.csrf = ((await response.json()) as { csrf_token: string }).csrf_token;
}

let planUploads = 0;
async function uploadForPlan(): Promise<FileReference> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(DOCUMENT_PDF)], { type: 'application/pdf' }),
    `documento-${++planUploads}.pdf`,
  );
  return api<FileReference>('/api/uploads', {
    method: 'POST',
    headers: { cookie: planSession.cookie, 'x-csrf-token': planSession.csrf },
    body: form,
  });
}

function evaluate(store: number, urlKey: string, answers: Answers): Promise<Evaluation> {
  return api<Evaluation>(`/api/stores/${store}/products/${encodeURIComponent(urlKey)}/evaluate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(planSession.cookie ? { cookie: planSession.cookie } : {}) },
    body: JSON.stringify({ answers }),
  });
}

/** The same evaluation in the browser's own session (its uploaded documents are its own). */
async function evaluateInPage(page: Page, store: number, urlKey: string, answers: Answers): Promise<Evaluation> {
  const response = await page.request.post(`/api/stores/${store}/products/${encodeURIComponent(urlKey)}/evaluate`, {
    data: { answers },
  });
  if (!response.ok())
    throw new Error(`evaluate ${urlKey} in the page: HTTP ${response.status()} ${await response.text()}`);
  return (await response.json()) as Evaluation;
}

async function audit(page: Page, label: string): Promise<void> {
  const violations = await runAxe(page);
  axeResults.push({ label, url: new URL(page.url()).pathname + new URL(page.url()).search, violations });
}

async function heading(page: Page, name: string | RegExp): Promise<void> {
  await expect(
    page.getByRole('heading', { level: 1, name, exact: typeof name === 'string' ? true : undefined }),
  ).toBeVisible();
}

/** The wizard pages this plan goes through: each product step with its visible questions (the wizard skips the rest). */
function pagesOf(entry: Planned): { step: number; options: ProductOption[] }[] {
  const visible = new Set(entry.plan.evaluation.visible);
  const byId = new Map(entry.product.options.map((o) => [o.option_id, o]));
  return entry.product.steps
    .map((ids, i) => ({ step: i + 1, options: ids.filter((id) => visible.has(id)).map((id) => byId.get(id)!) }))
    .filter((p) => p.options.length > 0);
}

// The spec's dedicated flows (nota-simple, q-propiedades, i-predial-simplificada, certidao-permanente) have their own
// addresses and page names (step51, step21, nota simple's check-answers page is step7); every other product is numbered.
const stepPath = (entry: Planned, step: number) => {
  const flow = flowOfProduct(entry.product.url_key);
  return flow ? flowStepPath(flow, step - 1) : `/tienda/${entry.product.url_key}/step${step}`;
};
const confirmationPath = (entry: Planned) => {
  const flow = flowOfProduct(entry.product.url_key);
  return flow ? flowConfirmationPath(flow) : `/tienda/${entry.product.url_key}/confirmation`;
};

/** Waits for the address to become `path` (no query), failing at once with the error summary if one shows instead. */
async function arriveAt(page: Page, path: string, timeout = 15_000): Promise<void> {
  const alert = page.getByRole('main').getByRole('alert');
  let shown: string | undefined;
  await expect(async () => {
    const url = new URL(page.url());
    if (url.pathname === path && url.search === '') return;
    if ((await alert.count()) > 0) {
      shown = norm(
        await alert
          .first()
          .innerText()
          .catch(() => ''),
      );
      return;
    }
    throw new Error(`expected ${path}, still at ${page.url()}`);
  }).toPass({ timeout, intervals: [50] });
  if (shown !== undefined) throw new Error(`expected ${path}, but ${page.url()} shows: ${shown}`);
}

/** A question's control, by its label or legend and its role. */
function controlOf(page: Page, ui: Texts, option: ProductOption): Locator {
  const main = page.getByRole('main');
  const label = labelOf(option, ui);
  switch (option.type) {
    case 'radio':
    case 'radio_button':
    case 'checkbox':
    case 'multiple':
      return main.getByRole('group', { name: label, exact: true });
    case 'drop_down':
      return main.getByRole('combobox', { name: label, exact: true });
    default:
      // field, area, date (yyyy-mm-dd, what a native date input holds), municipio, freguesia, banco.
      return main.getByLabel(label, { exact: true });
  }
}

/**
 * Waits until the page of `path` shows its first question. The router changes the address before it renders the new
 * page (a transition), so the address alone does not say the page is there.
 */
async function pageReady(page: Page, ui: Texts, path: string, options: ProductOption[]): Promise<void> {
  await arriveAt(page, path);
  await expect(controlOf(page, ui, options[0]!)).toBeVisible();
  await expect(page.getByRole('button', { name: ui.continue, exact: true })).toBeVisible();
}

/** Answers one question through its control, found by its label or legend and its role. */
async function answer(page: Page, ui: Texts, option: ProductOption, value: AnswerValue | undefined): Promise<void> {
  const control = controlOf(page, ui, option);
  if (value === undefined) return; // optional and left empty by the fixture's answers
  if (option.type === 'file') {
    // The browser uploads its own copy of the plan's document, under the same name.
    if (!isFileReference(value)) throw new Error(`${option.option_id}: a document answer is not a file reference`);
    await control.setInputFiles({ name: value.filename, mimeType: 'application/pdf', buffer: DOCUMENT_PDF });
    await documentUploaded(page, value.filename);
    return;
  }
  if (placeKindOf(option) || isPlaceList(option)) {
    await answerPicker(page, option, value, false);
    return;
  }
  switch (option.type) {
    case 'radio':
    case 'radio_button': {
      const chosen = option.opt_values.find((v) => String(v.id) === String(value));
      if (!chosen) throw new Error(`${option.option_id}: no value ${String(value)}`);
      await control.getByRole('radio', { name: choiceName(chosen.name) }).check();
      return;
    }
    case 'checkbox':
    case 'multiple': {
      for (const id of asList(value)) {
        const chosen = option.opt_values.find((v) => String(v.id) === id)!;
        await control.getByRole('checkbox', { name: choiceName(chosen.name) }).check();
      }
      return;
    }
    case 'drop_down': {
      await expect(control).toBeVisible();
      const chosen = option.opt_values.find((v) => String(v.id) === String(value))!;
      const text = (await control.locator('option').allTextContents()).find((t) =>
        choiceName(chosen.name).test(norm(t)),
      );
      if (!text)
        throw new Error(`${option.option_id}: "${chosen.name}" is not offered in the list "${labelOf(option, ui)}"`);
      await control.selectOption({ label: text });
      await expect(control).toHaveValue(String(value));
      return;
    }
    case 'banco':
      // The bank picker: a list of banks whose values are the entity codes.
      await control.selectOption(String(value));
      return;
    default:
      await control.fill(String(value));
  }
}

/** The name a place picker shows for an answer: a place code's name, or a province/district list value's name. */
function pickerText(option: ProductOption, value: AnswerValue): string {
  if (placeKindOf(option)) return placeName(option, String(value));
  const chosen = option.opt_values.find((v) => String(v.id) === String(value));
  if (!chosen) throw new Error(`${option.option_id}: no value ${String(value)}`);
  return chosen.name;
}

/** The picker's option for a name (its first line; a second line may name the province or a supplement). */
function pickerOption(page: Page, name: string): Locator {
  return page
    .getByRole('main')
    .getByRole('listbox')
    .getByRole('option')
    .filter({ has: page.locator('.combobox__label', { hasText: new RegExp(`^${escape(name)}$`) }) })
    .first();
}

/** A place picker answered as a customer does: type the name, then choose it in the list (mouse or keyboard). */
async function answerPicker(page: Page, option: ProductOption, value: AnswerValue, keyboard: boolean): Promise<void> {
  const name = pickerText(option, value);
  const input = page.locator(`#option-${option.option_id}`);
  if (!keyboard) await input.click();
  await input.fill('');
  await page.keyboard.type(name, { delay: 5 });
  const wanted = pickerOption(page, name);
  await expect(wanted).toBeVisible();
  if (keyboard) {
    const ids = await page
      .getByRole('main')
      .getByRole('listbox')
      .getByRole('option')
      .evaluateAll((els) => els.map((e) => e.id));
    const index = ids.indexOf((await wanted.getAttribute('id')) ?? '');
    expect(index, `"${name}" in the list`).toBeGreaterThanOrEqual(0);
    for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
    await expect(input).toHaveAttribute('aria-activedescendant', ids[index]!);
    await page.keyboard.press('Enter');
  } else {
    await wanted.click();
  }
  await expect(input).toHaveValue(name);
  await expect(input).toHaveAttribute('aria-expanded', 'false');
}

/** Waits for a document question to show its uploaded file by name. */
async function documentUploaded(page: Page, filename: string): Promise<void> {
  await expect(page.getByRole('main').getByRole('link', { name: filename, exact: true })).toBeVisible();
}

/** The total the price panel shows, once it has one. */
async function panelTotal(page: Page, ui: Texts): Promise<string> {
  const list = page.getByRole('region', { name: ui.price, exact: true }).locator('dl');
  await expect(list).toBeVisible();
  return (await definitions(list))['Total'] ?? '';
}

/** From anywhere in the shop: the catalogue, then the product's "Solicitar …" link. */
async function openFromCatalogue(page: Page, ui: Texts, entry: Planned): Promise<void> {
  const main = page.getByRole('main');
  const back = main.getByRole('link', { name: ui.continueShopping, exact: true });
  if (new URL(page.url()).pathname === '/tienda/cart' && (await back.count()) > 0) await back.click();
  else await page.goto('/tienda/servicios');
  await main.getByRole('link', { name: `${ui.order} ${entry.product.name}`, exact: true }).click();
  await waitForPath(page, new RegExp(`^${escape(stepPath(entry, 1))}$`));
}

/** The check-answers page: the total against the evaluate API and the fixture, then "add to cart". */
async function checkAndAdd(
  page: Page,
  ui: Texts,
  entry: Planned,
  press: (button: Locator) => Promise<void>,
  label: string | null,
): Promise<string> {
  const { product, plan, store } = entry;
  await heading(page, ui.checkTitle);
  const expected = plan.evaluation.price.total;
  await eventually(async () => expect(cents(await panelTotal(page, ui))).toBe(cents(expected)), { timeout: 10_000 });
  // One row with a "Cambiar …" link per question asked (documents included), and every typed answer shown.
  const asked = pagesOf(entry).reduce((n, p) => n + p.options.length, 0);
  await expect(
    page.getByRole('main').getByRole('link', { name: new RegExp(`^${ui.change} `) }),
    `${product.url_key}: rows`,
  ).toHaveCount(asked);
  for (const option of product.options) {
    const value = plan.answers[String(option.option_id)];
    if (typeof value === 'string' && ['field', 'area', 'banco'].includes(option.type)) {
      await expect(page.getByRole('main'), `${product.url_key}: the answer to "${option.title}"`).toContainText(
        norm(value),
        { useInnerText: true },
      );
    }
    // Place pickers hold a code; the page shows the place's name.
    if (typeof value === 'string' && placeKindOf(option)) {
      await expect(page.getByRole('main'), `${product.url_key}: "${option.title}"`).toContainText(
        norm(placeName(option, value)),
        { useInnerText: true },
      );
    }
  }
  if (label) await audit(page, `${label} check answers`);

  const added = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/cart/items' && r.request().method() === 'POST',
  );
  await press(page.getByRole('button', { name: ui.addToCart, exact: true }));
  const response = await added;
  expect(response.status(), `${product.url_key}: add to cart`).toBeLessThan(300);
  const sent = response.request().postDataJSON() as { url_key: string; answers: Answers };
  // The browser sent exactly the planned answers...
  expect(Object.keys(sent.answers).sort()).toEqual(Object.keys(plan.answers).sort());
  for (const [id, value] of Object.entries(plan.answers)) {
    const got = sent.answers[id]!;
    // Documents: the browser's own upload of the same file (another id, the same name).
    if (isFileReference(value))
      expect(isFileReference(got) && got.filename, `${product.url_key} document ${id}`).toBe(value.filename);
    else expect(asList(got), `${product.url_key} answer ${id}`).toEqual(asList(value));
  }
  // ...which the evaluate API prices as the page showed (in the browser's session, whose documents they are), and
  // the fixture's figure where the answers are its case.
  const evaluation = await evaluateInPage(page, store, product.url_key, sent.answers);
  expect(evaluation.outcome.type).toBe('continue');
  expect(evaluation.errors).toEqual([]);
  expect(evaluation.price.total).toBe(expected);
  if (plan.fixtureTotal !== null)
    expect(evaluation.price.total, `${product.url_key}: fixture "${plan.source}"`).toBe(plan.fixtureTotal);
  const cart = (await response.json()) as { items: { product_id: number; price: string | { total: string } }[] };
  const line = cart.items.filter((l) => l.product_id === product.product_id).at(-1);
  expect(line, `${product.url_key}: the cart has its line`).toBeDefined();
  expect(typeof line!.price === 'string' ? line!.price : line!.price.total).toBe(expected);
  await waitForPath(page, /^\/tienda\/cart\/add\/\w+$/);
  await heading(page, ui.cart);
  return expected;
}

/** One product, from the catalogue to the cart, with the mouse and typing (fill, check, select). */
async function orderProduct(page: Page, entry: Planned): Promise<string> {
  const { product, plan, store, language } = entry;
  const ui = UI[language];
  const key = keyOf(store, product.url_key);
  const audited = AUDITED.has(key);
  if (audited) auditedProducts.add(key);
  await openFromCatalogue(page, ui, entry);
  const detour = EXIT_DETOUR[key];
  for (const { step, options } of pagesOf(entry)) {
    await pageReady(page, ui, stepPath(entry, step), options);
    const continueButton = page.getByRole('button', { name: ui.continue, exact: true });
    if (audited) {
      await panelTotal(page, ui);
      await audit(page, `${key} step${step}`);
    }
    const exitOption = detour ? options.find((o) => o.option_id === detour.optionId) : undefined;
    if (detour && exitOption) {
      // The answer that rules the procedure out: a page of its own with the spec's message, then back to change it.
      for (const option of options) {
        await answer(
          page,
          ui,
          option,
          option === exitOption ? String(detour.valueId) : plan.answers[String(option.option_id)],
        );
      }
      await continueButton.click();
      await page.waitForURL((url) => url.pathname === stepPath(entry, step) && url.search === '?exit=1');
      await heading(page, ui.exitTitle);
      const exit = fixtureCases.find(
        (c) =>
          c.url_key === product.url_key &&
          c.outcome.type === 'exit' &&
          String(c.answers[String(detour.optionId)]) === String(detour.valueId),
      );
      const message = page.locator('.wizard-exit__message');
      await expect.poll(async () => norm(await message.innerText()).length).toBeGreaterThan(10);
      if (exit?.outcome.message) await expect(message).toHaveText(exit.outcome.message, { useInnerText: true });
      await audit(page, `${key} exit page`);
      await page.getByRole('link', { name: ui.exitChange, exact: true }).click();
      await pageReady(page, ui, stepPath(entry, step), options);
    }
    for (const option of options) await answer(page, ui, option, plan.answers[String(option.option_id)]);
    await continueButton.click();
  }
  await arriveAt(page, confirmationPath(entry));
  return checkAndAdd(page, ui, entry, (button) => button.click(), audited ? key : null);
}

// ---------------------------------------------------------------------------------------------------------------
// Keyboard only

/** What has the focus: its id, tag, type and accessible text. */
async function active(page: Page): Promise<{ id: string; tag: string; type: string; text: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      id: el?.id ?? '',
      tag: el?.tagName.toLowerCase() ?? '',
      type: el?.getAttribute('type') ?? '',
      text: (el?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    };
  });
}

/** Presses Tab until `target` has the focus (never passing the page's submit button on the way to a field). */
async function tabTo(page: Page, target: { id?: string; button?: string }, what: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const now = await active(page);
    if (target.id && now.id === target.id) return;
    if (target.button && now.tag === 'button' && now.text === target.button) return;
    if (target.id && now.tag === 'button' && now.type === 'submit')
      throw new Error(`Tab reached the submit button before ${what}`);
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${what} (focus on ${JSON.stringify(await active(page))})`);
}

let dateOrder: ('d' | 'm' | 'y')[] | undefined;

/**
 * The order in which this Chromium's date inputs take day, month and year from the keyboard (its UI language's, which
 * the page cannot read): typed once, before the keyboard walk, into a scratch input outside the app, removed at once.
 */
async function dateFieldOrder(page: Page): Promise<('d' | 'm' | 'y')[]> {
  if (dateOrder) return dateOrder;
  await page.evaluate(() => {
    const probe = document.createElement('input');
    probe.type = 'date';
    probe.id = 'e2e-date-probe';
    document.body.append(probe);
  });
  const probe = page.locator('#e2e-date-probe');
  await probe.focus();
  await page.keyboard.type('01022003');
  const value = await probe.inputValue();
  await probe.evaluate((el) => el.remove());
  const orders: Record<string, ('d' | 'm' | 'y')[]> = { '2003-02-01': ['d', 'm', 'y'], '2003-01-02': ['m', 'd', 'y'] };
  dateOrder = orders[value];
  if (!dateOrder) throw new Error(`the date input took "01022003" as "${value}"`);
  return dateOrder;
}

/** Answers one question with keys only. */
async function answerByKeyboard(
  page: Page,
  ui: Texts,
  option: ProductOption,
  value: AnswerValue | undefined,
): Promise<void> {
  if (value === undefined) return;
  // A question that an answer on this page reveals shows once the server has re-evaluated: look before tabbing.
  await expect(controlOf(page, ui, option)).toBeVisible();
  const id = `option-${option.option_id}`;
  if (option.type === 'file') {
    // Space on the focused file input opens the picker (the operating system's dialog, answered here).
    if (!isFileReference(value)) throw new Error(`${option.option_id}: a document answer is not a file reference`);
    await tabTo(page, { id }, option.title);
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles({ name: value.filename, mimeType: 'application/pdf', buffer: DOCUMENT_PDF });
    await documentUploaded(page, value.filename);
    return;
  }
  if (option.type === 'radio' || option.type === 'radio_button') {
    // Tab enters the group on its first radio; Space checks it and each arrow moves to (and checks) the next one.
    await tabTo(page, { id }, option.title);
    const index = option.opt_values.findIndex((v) => String(v.id) === String(value));
    await page.keyboard.press('Space');
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    await expect(page.locator(`input[type=radio][name="${id}"]:checked`)).toHaveValue(String(value));
    return;
  }
  if (CHOICE_TYPES.has(option.type) && option.type !== 'drop_down') {
    for (const valueId of asList(value)) {
      const index = option.opt_values.findIndex((v) => String(v.id) === valueId);
      await tabTo(page, { id: index === 0 ? id : `${id}-${index + 1}` }, `${option.title} / ${valueId}`);
      await page.keyboard.press('Space');
    }
    return;
  }
  await tabTo(page, { id }, option.title);
  if (placeKindOf(option) || isPlaceList(option)) {
    await answerPicker(page, option, value, true);
    return;
  }
  if (option.type === 'drop_down') {
    // A closed select changes its value with the arrows (the first entry is the empty "Selecciona una opción").
    const index = option.opt_values.findIndex((v) => String(v.id) === String(value));
    for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
    await expect(page.locator(`#${id}`)).toHaveValue(String(value));
    return;
  }
  if (option.type === 'date') {
    // Each part moves on by itself once typed; the parts' order is the browser's own (not the page's language).
    const [y, m, d] = String(value).split('-');
    const order = dateOrder!;
    await page.keyboard.type(order.map((part) => ({ d, m, y })[part]).join(''));
    await expect(page.locator(`#${id}`)).toHaveValue(String(value));
    return;
  }
  await page.keyboard.type(String(value));
}

async function orderByKeyboard(page: Page, entry: Planned): Promise<string> {
  const { plan, language, store, product } = entry;
  const ui = UI[language];
  const key = keyOf(store, product.url_key);
  const audited = AUDITED.has(key);
  if (audited) auditedProducts.add(key);
  if (product.options.some((o) => o.type === 'date')) await dateFieldOrder(page);
  await page.goto(stepPath(entry, 1));
  for (const { step, options } of pagesOf(entry)) {
    await pageReady(page, ui, stepPath(entry, step), options);
    // After a page change the app moves the focus to the page's <h1>; the keys start from there.
    if (step > 1)
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('h1') !== null)).toBe(true);
    if (audited) {
      await panelTotal(page, ui);
      await audit(page, `${key} step${step}`);
    }
    // One Shift+Tab back and forth: the order of the page is walkable both ways.
    if (step === 1) {
      await tabTo(page, { id: `option-${options[0]!.option_id}` }, 'the first question');
      await page.keyboard.press('Shift+Tab');
      expect((await active(page)).id).not.toBe(`option-${options[0]!.option_id}`);
    }
    for (const option of options) await answerByKeyboard(page, ui, option, plan.answers[String(option.option_id)]);
    await tabTo(page, { button: ui.continue }, 'Continuar');
    await page.keyboard.press('Enter');
  }
  await arriveAt(page, confirmationPath(entry));
  return checkAndAdd(
    page,
    ui,
    entry,
    async () => {
      await tabTo(page, { button: ui.addToCart }, ui.addToCart);
      await page.keyboard.press('Enter');
    },
    audited ? key : null,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Checkout

async function payStore(store: number, language: Language): Promise<void> {
  const ui = UI[language];
  const { page } = contexts.get(store)!;
  const lines = ordered.get(store) ?? [];
  expect(lines.length, `store ${store}: products in the cart`).toBeGreaterThan(0);
  const total = lines.reduce((sum, l) => sum + Number(cents(l.total)), 0);

  await page.goto('/tienda/cart');
  await heading(page, ui.cart);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveCount(lines.length);
  const totals = await definitions(main.locator('dl.cart-totals'));
  expect(cents(totals['Total'] ?? ''), `store ${store}: cart total`).toBe(String(total));

  await main.getByRole('button', { name: ui.checkout, exact: true }).click();
  await waitForPath(page, /^\/customer\/checkout$/);
  const register = page.getByRole('region', { name: ui.register, exact: true });
  await register.getByLabel(ui.email, { exact: true }).fill(`catalogo.${store}.${run}@example.com`);
  await register.getByLabel(ui.firstname, { exact: true }).fill('Lucía');
  await register.getByLabel(ui.lastname, { exact: true }).fill(`Catálogo ${store}`);
  await register.getByLabel(ui.password, { exact: true }).fill('clave-segura-2026');
  await register.getByRole('button', { name: ui.registerButton, exact: true }).click();
  const methods = page.getByRole('group', { name: ui.methods, exact: true });
  await methods.getByRole('radio', { name: ui.card, exact: true }).check();
  await acceptCheckoutConsents(page);
  const payButton = page.getByRole('button', { name: ui.pay });
  await expect.poll(async () => cents(await payButton.innerText())).toBe(String(total));
  await payButton.click();

  await waitForPath(page, /^\/sandbox-pay\/checkout\/[^/?]+/, 30_000);
  await heading(page, ui.sandbox.title);
  await page.getByLabel(ui.sandbox.name, { exact: true }).fill('Lucía Catálogo');
  await page.getByLabel(ui.sandbox.number, { exact: true }).fill('4242 4242 4242 4242');
  await page
    .getByLabel(ui.sandbox.expiry, { exact: true })
    .fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.getByLabel(ui.sandbox.cvc, { exact: true }).fill('123');
  await page.getByRole('button', { name: ui.sandbox.pay }).click();

  const success = await waitForPath(page, /^\/checkout\/success\/\d+$/, 30_000);
  const orderId = success.pathname.split('/').at(-1)!;
  await heading(page, ui.success);

  // The API, with this customer's cookies: one paid order, one line per product added, each at its price.
  const order = await eventually(
    async () => {
      const response = await page.request.get(`/api/me/orders/${orderId}`);
      expect(response.status()).toBe(200);
      const body = (await response.json()) as {
        order_id: number;
        store_id: number;
        paid: boolean;
        total: string;
        items: { product_id: number; product_name: string; qty: number; price: string; panel_status_id: number }[];
      };
      expect(body.paid).toBe(true);
      return body;
    },
    { timeout: 15_000, interval: 250 },
  );
  expect(order.store_id).toBe(store);
  expect(cents(order.total)).toBe(String(total));
  expect(order.items).toHaveLength(lines.length);
  // Paid: every line moves to the agents' queue (panel status 40, as in the journey).
  expect(order.items.map((i) => i.panel_status_id)).toEqual(order.items.map(() => 40));
  const got = order.items.map((i) => `${i.product_id} ${i.qty} ${i.price}`).sort();
  const want = lines.map((l) => `${l.productId} 1 ${l.total}`).sort();
  expect(got).toEqual(want);
}

// ---------------------------------------------------------------------------------------------------------------

function watch(page: Page, who: string): void {
  page.on('pageerror', (err) => pageErrors.push(`${who} ${page.url()}: ${err.message}`));
}

async function walkStore(store: number): Promise<void> {
  const { page } = contexts.get(store)!;
  for (const entry of planned.get(store) ?? []) {
    const key = keyOf(store, entry.product.url_key);
    if ((ordered.get(store) ?? []).some((o) => o.key === key)) continue; // already ordered with the keyboard
    const started = Date.now();
    try {
      const total = await orderProduct(page, entry);
      ordered.get(store)!.push({
        key,
        productId: entry.product.product_id,
        name: entry.product.name,
        total,
        ms: Date.now() - started,
        how: 'mouse',
      });
    } catch (err) {
      failures.push({
        key,
        error: String(err instanceof Error ? err.message : err)
          .split('\n')
          .slice(0, 8)
          .join('\n'),
      });
      await screenshot(page, ARTIFACTS, `catalogue-failure-${store}-${entry.product.url_key}`).catch(() => undefined);
      await page.goto('/tienda/cart').catch(() => undefined);
    }
  }
}

function failuresOf(store: number): string {
  return failures
    .filter((f) => f.key.startsWith(`${store}:`))
    .map((f) => `${f.key}: ${f.error}`)
    .join('\n\n');
}

function timed(name: string, fn: () => Promise<void>, timeout?: number): void {
  test(name, async () => {
    if (timeout !== undefined) test.setTimeout(timeout);
    const started = Date.now();
    try {
      await fn();
    } finally {
      timings.push({ name, ms: Date.now() - started });
    }
  });
}

test.describe
  .serial('Catalogue: every product of stores 1, 16 and 17 ordered in the browser and paid once per store', () => {
  test.beforeAll(async ({ browser: launched }) => {
    // Starts the built product on a fresh database: most of a minute on a loaded 2-core machine.
    test.setTimeout(300_000);
    browser = launched;
    server = await startServer();
    fixtureCases = loadFixtureCases();
    await openPlanSession();
    for (const { id, language } of STORES) {
      const list = await api<{ items: { url_key: string }[] }>(`/api/stores/${id}/products`);
      const entries = await Promise.all(
        list.items
          .filter((p) => !(keyOf(id, p.url_key) in SKIP))
          .map(async ({ url_key }) => {
            const product = await api<ProductDetail & { question_on_start: unknown; questions_on_confirm: unknown[] }>(
              `/api/stores/${id}/products/${url_key}`,
            );
            // The walk follows product.steps: no real product asks a question on start or on confirm (catalogue-forms.md).
            expect(product.question_on_start ?? null, url_key).toBeNull();
            expect(product.questions_on_confirm ?? [], url_key).toEqual([]);
            const cases = fixtureCases.filter((c) => c.url_key === url_key && c.outcome.type === 'continue');
            const seed =
              cases.find((c) => c.total === PREFERRED_TOTAL[url_key] && c.store === id) ??
              cases.find((c) => c.total === PREFERRED_TOTAL[url_key]) ??
              fixtureCaseFor(fixtureCases, url_key, id);
            try {
              const plan = await planAnswers(
                product,
                language,
                (answers) => evaluate(id, url_key, answers),
                seed,
                uploadForPlan,
              );
              const entry: Planned = { store: id, language, product, plan };
              return entry;
            } catch (err) {
              // No answers the evaluate API accepts: a catalogue defect, reported by the store's walk.
              failures.push({ key: keyOf(id, url_key), error: `no valid answers: ${String(err)}` });
              return null;
            }
          }),
      );
      planned.set(
        id,
        entries.filter((e) => e !== null),
      );
      expected.set(id, list.items.length - list.items.filter((p) => keyOf(id, p.url_key) in SKIP).length);
      ordered.set(id, []);
      const context = await newContext(browser, server.baseUrl);
      const page = await context.newPage();
      watch(page, `store ${id}`);
      // File pickers are intercepted only while someone listens (switched on asynchronously): listen from the start.
      page.on('filechooser', () => undefined);
      contexts.set(id, { context, page });
      // The full list (the home is a start page: search, most ordered, categories).
      await page.goto(`/tienda/servicios?store=${id}`);
      await heading(page, UI[language].catalogue);
    }
  });

  test.afterAll(async () => {
    const lines: string[] = [];
    for (const { id } of STORES) {
      const list = ordered.get(id) ?? [];
      lines.push(`store ${id}: ${list.length} of ${expected.get(id) ?? '?'} products ordered`);
      for (const o of list)
        lines.push(
          `  ${(o.ms / 1000).toFixed(1).padStart(5)} s  ${o.how.padEnd(8)} ${o.total.padStart(8)}  ${o.key}  (${planned
            .get(id)!
            .find((p) => keyOf(id, p.product.url_key) === o.key)!
            .plan.source.slice(0, 50)})`,
        );
    }
    const axeSummary = axeResults
      .map(
        (r) =>
          `  ${r.violations.length === 0 ? 'ok  ' : 'FAIL'} ${r.label} (${r.url})${r.violations.length ? `: ${r.violations.map((v) => v.id).join(', ')}` : ''}`,
      )
      .join('\n');
    console.log(
      `\nCatalogue on ${server?.db ?? '?'}: ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s in all\n` +
        timings.map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`).join('\n') +
        `\n${lines.join('\n')}\nskipped: ${
          Object.keys(SKIP).length
            ? Object.entries(SKIP)
                .map(([k, v]) => `${k} (${v})`)
                .join('; ')
            : 'none'
        }` +
        `\nfailures: ${failures.length ? failures.map((f) => f.key).join(', ') : 'none'}\naxe (${axeResults.length} pages checked):\n${axeSummary}\n`,
    );
    for (const { context } of contexts.values()) await context.close().catch(() => undefined);
    await server?.stop();
  });

  for (const { store, urlKey } of KEYBOARD) {
    timed(`store ${store}: ${urlKey} ordered with the keyboard only`, async () => {
      const entry = planned.get(store)!.find((e) => e.product.url_key === urlKey)!;
      const { page } = contexts.get(store)!;
      const started = Date.now();
      try {
        const total = await orderByKeyboard(page, entry);
        ordered.get(store)!.push({
          key: keyOf(store, urlKey),
          productId: entry.product.product_id,
          name: entry.product.name,
          total,
          ms: Date.now() - started,
          how: 'keyboard',
        });
        keyboardDone.add(keyOf(store, urlKey));
      } catch (err) {
        await screenshot(page, ARTIFACTS, `catalogue-failure-keyboard-${urlKey}`).catch(() => undefined);
        await page.goto('/tienda/cart').catch(() => undefined);
        throw err;
      }
    });
  }

  for (const { id } of STORES) {
    timed(
      `store ${id}: every product from the catalogue through its wizard into the cart`,
      async () => {
        await walkStore(id);
        const report = failuresOf(id);
        expect(report, `products that could not be ordered:\n${report}`).toBe('');
        expect(ordered.get(id)!.length).toBe(expected.get(id));
      },
      400_000,
    );

    timed(
      `store ${id}: one checkout with the sandbox card 4242 4242 4242 4242, and a paid order with one line per product`,
      async () => {
        await payStore(id, STORES.find((s) => s.id === id)!.language);
      },
      120_000,
    );
  }

  test('axe: no violations on any wizard page, exit page or check-answers page of six products', () => {
    expect([...auditedProducts].sort()).toEqual([...AUDITED].sort());
    for (const key of AUDITED) {
      const entry = [...planned.values()].flat().find((e) => keyOf(e.store, e.product.url_key) === key)!;
      const labels = axeResults.filter((r) => r.label.startsWith(`${key} `)).map((r) => r.label);
      // Every page of its wizard, and its check-answers page.
      expect(
        labels.filter((l) => / step\d+$/.test(l)),
        key,
      ).toEqual(pagesOf(entry).map((p) => `${key} step${p.step}`));
      expect(labels, key).toContain(`${key} check answers`);
    }
    expect(axeResults.some((r) => r.label.endsWith('exit page'))).toBe(true);
    const failing = axeResults.filter((r) => r.violations.length > 0);
    const report = failing.map((r) => `${r.label} (${r.url}):\n${formatViolations(r.violations)}`).join('\n\n');
    expect(failing.length, `axe violations:\n${report}`).toBe(0);
  });

  test('the keyboard-only orders completed, and no page threw', () => {
    expect([...keyboardDone].sort()).toEqual(KEYBOARD.map((k) => keyOf(k.store, k.urlKey)).sort());
    expect(pageErrors).toEqual([]);
  });
});
