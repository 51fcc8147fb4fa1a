// The shop's purchase path as server-rendered forms (docs/decisions/0027-forms-without-javascript.md): wizard pages,
// check answers, cart, sign-in and registration, checkout with its consents, the hand-off to the payment provider.
// Each POST is checked (form shape, the session's CSRF token in a hidden field), evaluated by the same code the API
// runs (the domain engine through the catalogue's evaluateProduct; the cart, auth and checkout routes themselves
// through ApiCaller), and answered with a 303 to the next page, or the same page again with the errors.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { carryAnswers, MULTI_CHOICE_TYPES, pageOfStepSaved, wizardPages, type Language } from '@ventanilla/domain';
import { serverMessage } from '../../i18n/server-messages.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { html, type SafeHtml } from '../../shared/html.js';
import type { SessionState } from '../../shared/session-types.js';
import type { CatalogProduct, StoreInfo } from '../catalog/index.js';
import { ApiCaller, problemOf } from './api-call.js';
import { fieldText, readFormFields, sameToken, type FormFields } from './form-input.js';
import {
  backLink,
  button,
  checkbox,
  CSRF_FIELD,
  csrfInput,
  errorSummary,
  page,
  textInput,
  type PageFrame,
  type SummaryError,
} from './form-pages.js';
import { formText } from './form-texts.js';
import {
  checkPage,
  euros,
  evaluate,
  exitPage,
  matchPlaces,
  nextAfter,
  onlyVisible,
  pageErrors,
  lineAnswers,
  pageOfAddress,
  postedAnswers,
  summaryErrors,
  wizardPage,
  wizardPath,
  askedVisible,
  type Evaluation,
} from './wizard-forms.js';
import { visibleOptionsOn } from '@ventanilla/domain';

/** No API operation: pages and their forms (hidden from the OpenAPI document). */
const PAGE = { schema: { hide: true } } as const;
/** The forms check their token themselves (a hidden field, not the API's header). */
const FORM = { schema: { hide: true }, config: { csrf: false } } as const;

interface CartLine {
  id: number;
  url_key: string;
  product_name: string;
  qty: number;
  /** 1 for a line that is about one property (a second unit would be the same document twice). */
  max_qty: number;
  version: number;
  answers: Record<string, unknown>;
  summary: string;
  price: { total: string };
  characteristics: string;
  delivery_time: string | null;
}
interface CartJson {
  store_id: number;
  items: CartLine[];
  totals: { total: string };
  required_consents: Array<'accept_terms' | 'start_now'>;
  seller: { legal_name: string; tax_id: string; address: string };
}

/** The web build's stylesheets (every chunk's), so the pages wear the app's styles; none without a build. */
function readStylesheets(distDir: string): SafeHtml {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return html``;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { css?: string[] }>;
    const css = new Set<string>();
    for (const chunk of Object.values(manifest)) for (const f of chunk.css ?? []) css.add(f);
    return html`${[...css]
      .filter((f) => /^assets\/[A-Za-z0-9._-]+\.css$/.test(f))
      .map((f) => html`<link rel="stylesheet" href="/${f}">`)}`;
  } catch {
    return html``;
  }
}

export default async function shopFormsRoutes(app: FastifyInstance) {
  const { catalog, sessionDrafts, config } = app.ctx;
  await app.register(import('@fastify/formbody'), { bodyLimit: 64 * 1024 });
  let stylesheets: SafeHtml | null = null;

  const frameOf = (store: StoreInfo): PageFrame => {
    stylesheets ??= readStylesheets(config.webDistDir);
    return { language: store.language, storeName: store.name, stylesheets };
  };
  const urlKeyOf = (storeId: number) => (id: number) => catalog.findProductById(storeId, id)?.row.urlKey;

  /** The request's session (null without one) and its store: ?store=, the session's, the host's, the default. */
  async function context(request: FastifyRequest) {
    const session = request.cookies[SESSION_COOKIE] ? await request.loadSession() : null;
    const store = request.store.info!;
    // ?store= names the store of a first visit, as it does for the API (GET /api/session?store=): the session keeps
    // it, so the pages and forms after it are that store's (in production the host names it).
    if (request.method === 'GET' && (request.query as Record<string, unknown>).store !== undefined) {
      if (session?.storeId !== store.storeId) await app.rememberStore(request, store.storeId);
      return { session: await request.loadSession(), store };
    }
    return { session, store };
  }

  function send(reply: FastifyReply, status: number, frame: PageFrame, content: { title: string; main: SafeHtml }) {
    return reply
      .code(status)
      .header('cache-control', 'private, no-store')
      .type('text/html; charset=utf-8')
      .send(page(frame, content.title, content.main));
  }

  function seeOther(reply: FastifyReply, to: string) {
    return reply.code(303).header('cache-control', 'no-store').redirect(to);
  }

  /** A refused form (not a form a browser sends): 400 with a message and the way back. */
  function badInput(reply: FastifyReply, store: StoreInfo, back: string) {
    const lang = store.language;
    return send(reply, 400, frameOf(store), {
      title: serverMessage(lang, 'BAD_REQUEST'),
      main: html`<h1 class="heading-xl">${serverMessage(lang, 'BAD_REQUEST')}</h1><p class="body">${formText(
        lang,
        'forms.badInput',
      )}</p><p class="body"><a href="${back}">${formText(lang, 'nav.back')}</a></p>`,
    });
  }

  /**
   * The posted token against the session's. A post without any session cookie acts on nobody's data (the first
   * answer of a visitor: a session is opened for it), so it needs none; with a session, the token must match.
   */
  function tokenValid(request: FastifyRequest, session: SessionState | null, fields: FormFields): boolean {
    if (!request.cookies[SESSION_COOKIE]) return true;
    return !!session && sameToken(fieldText(fields, CSRF_FIELD), session.csrfToken);
  }

  function csrfRefused(reply: FastifyReply, store: StoreInfo, back: string) {
    const lang = store.language;
    return send(reply, 403, frameOf(store), {
      title: serverMessage(lang, 'CSRF_INVALID'),
      main: html`${errorSummary(lang, [{ href: back, text: serverMessage(lang, 'CSRF_INVALID') }])}
<h1 class="heading-xl">${formText(lang, 'forms.sessionExpired')}</h1><p class="body"><a href="${back}">${formText(
        lang,
        'nav.back',
      )}</a></p>`,
    });
  }

  function productOf(store: StoreInfo, urlKey: string): CatalogProduct | null {
    return /^[a-z0-9-]{1,120}$/.test(urlKey) ? (catalog.findProduct(store.storeId, urlKey) ?? null) : null;
  }

  function notFound(reply: FastifyReply, store: StoreInfo) {
    const lang = store.language;
    return send(reply, 404, frameOf(store), {
      title: serverMessage(lang, 'NOT_FOUND'),
      main: html`<h1 class="heading-xl">${serverMessage(lang, 'NOT_FOUND')}</h1><p class="body"><a href="/tienda/servicios">${formText(
        lang,
        'forms.noscriptHome',
      )}</a></p>`,
    });
  }

  // ---- Wizard pages -------------------------------------------------------------------------------------------

  type WizardParams = { Params: { urlKey: string; step: string } };

  app.get<WizardParams>('/html/tienda/:urlKey/:step', PAGE, async (request, reply) => {
    const { session, store } = await context(request);
    const product = productOf(store, request.params.urlKey);
    if (!product) return notFound(reply, store);
    const urlKey = product.row.urlKey;
    const pages = wizardPages(product.form);
    const at = pageOfAddress(request.params.step, pages.length);
    if (at === null) return notFound(reply, store);
    const draft = session
      ? await sessionDrafts.read(session.idHash, store.storeId, urlKey)
      : { answers: {}, editLine: null };
    const result = evaluate(store, product, draft.answers, urlKeyOf(store.storeId));
    const frame = frameOf(store);
    const token = session?.csrfToken ?? '';
    if (at === 'check') {
      // Missing answers send the customer to the first page that lacks one, as the browser's wizard does.
      const first = firstPageWithErrors(product, result);
      if (first !== null) return seeOther(reply, wizardPath(urlKey, first));
      const editingLine = await linePosition(request, store, draft.editLine);
      return send(
        reply,
        200,
        frame,
        checkPage({
          frame,
          product,
          answers: draft.answers,
          result,
          errors: [],
          fieldErrors: new Map(),
          csrfToken: token,
          urlKey,
          vatRate: store.vatRate,
          editingLine,
        }),
      );
    }
    // A page with nothing to ask with these answers is skipped.
    if (visibleOptionsOn(product.form, at, askedVisible(product, result)).length === 0) {
      return seeOther(reply, wizardPath(urlKey, nextAfter(product, at, result)));
    }
    return send(
      reply,
      200,
      frame,
      wizardPage({
        frame,
        product,
        page: at,
        answers: draft.answers,
        result,
        errors: [],
        csrfToken: token,
        urlKey,
        vatRate: store.vatRate,
      }),
    );
  });

  /**
   * Where in the cart (1, 2, ...) the line a draft changes is, or null: no line is being changed, or it is no longer
   * in the cart (removed since), and the check-answers page then adds a line again.
   */
  async function linePosition(
    request: FastifyRequest,
    store: StoreInfo,
    editLine: { id: number; version: number } | null,
  ): Promise<number | null> {
    if (!editLine) return null;
    const index = (await cartOf(new ApiCaller(app, request, store.storeId))).items.findIndex(
      (line) => line.id === editLine.id,
    );
    return index >= 0 ? index + 1 : null;
  }

  function firstPageWithErrors(product: CatalogProduct, result: Evaluation): number | null {
    const pages = wizardPages(product.form);
    for (let i = 0; i < pages.length; i++) if (pageErrors(product, i, result).length > 0) return i;
    return null;
  }

  app.post<WizardParams>('/html/tienda/:urlKey/:step', FORM, async (request, reply) => {
    const { session, store } = await context(request);
    const product = productOf(store, request.params.urlKey);
    if (!product) return notFound(reply, store);
    const urlKey = product.row.urlKey;
    const pages = wizardPages(product.form);
    const at = pageOfAddress(request.params.step, pages.length);
    if (at === null) return notFound(reply, store);
    // Checkbox groups (`checkbox`, `multiple`) post one field per ticked value: the only fields allowed to repeat.
    const checkboxes = new Set(
      product.form.options.filter((o) => MULTI_CHOICE_TYPES.has(o.type)).map((o) => `option-${o.option_id}`),
    );
    const fields = readFormFields(request.body, (name) => checkboxes.has(name));
    if (!fields) return badInput(reply, store, wizardPath(urlKey, at));
    const frame = frameOf(store);
    const stored = session
      ? await sessionDrafts.read(session.idHash, store.storeId, urlKey)
      : { answers: {}, editLine: null };

    if (at === 'check') return addToCart(request, reply, { session, store, product, fields, draft: stored });

    // The questions this page showed (with the answers before it): only their fields are read.
    const before = evaluate(store, product, stored.answers, urlKeyOf(store.storeId));
    const ids = (pages[at] ?? []).filter((id) => before.visible.includes(id) || fields.has(`option-${id}`));
    const typed = postedAnswers(product, ids, fields, stored);
    const { answers, unmatched } = matchPlaces(product, typed, ids);
    const result = evaluate(store, product, answers, urlKeyOf(store.storeId));
    // What the fields show again: the text as typed where a place name matched nothing.
    const shownAnswers = { ...answers, ...Object.fromEntries([...unmatched].map(([id, text]) => [String(id), text])) };

    if (!tokenValid(request, session, fields)) {
      // Nothing is kept; the page comes back with what was typed and a fresh token, to be sent again on purpose.
      return send(
        reply,
        403,
        frame,
        wizardPage({
          frame,
          product,
          page: at,
          answers: shownAnswers,
          result,
          errors: [],
          notice: formText(store.language, 'forms.sessionExpired'),
          csrfToken: session?.csrfToken ?? '',
          urlKey,
          vatRate: store.vatRate,
        }),
      );
    }
    const own = session ?? (await request.ensureSession());
    const placeErrors = [...unmatched].map(([id, text]) => ({
      option_id: id,
      message: formText(store.language, 'forms.placeUnknown', { text }),
    }));
    // Questions this post revealed on its own page (a conditional question without a script to show it in place):
    // asked now, on the same page, rather than refused as missing or skipped.
    const revealed = new Set(
      visibleOptionsOn(product.form, at, askedVisible(product, result))
        .map((o) => o.option_id)
        .filter((id) => !ids.includes(id)),
    );
    const errors = [
      ...placeErrors,
      ...pageErrors(product, at, result).filter((e) => !unmatched.has(e.option_id) && !revealed.has(e.option_id)),
    ];
    const editLine = stored.editLine;
    if (errors.length > 0) {
      return send(
        reply,
        422,
        frame,
        wizardPage({
          frame,
          product,
          page: at,
          answers: shownAnswers,
          result,
          errors,
          csrfToken: own.csrfToken,
          urlKey,
          vatRate: store.vatRate,
        }),
      );
    }
    if (revealed.size > 0) {
      await sessionDrafts.save(own.idHash, store.storeId, urlKey, {
        answers: onlyVisible(answers, result.visible),
        editLine,
      });
      return seeOther(reply, wizardPath(urlKey, at));
    }
    const outcome = result.outcome;
    if (outcome.type === 'exit') {
      await sessionDrafts.save(own.idHash, store.storeId, urlKey, { answers, editLine });
      return send(reply, 200, frame, exitPage(frame, outcome.message ?? '', wizardPath(urlKey, at)));
    }
    if (outcome.type === 'redirect' && outcome.url_key) {
      // Another product is the one needed: its draft starts with the answers it shares, at the page it resumes.
      const target = catalog.findProduct(store.storeId, outcome.url_key);
      if (target) {
        const carried = carryAnswers(onlyVisible(answers, result.visible), target.form);
        await sessionDrafts.save(own.idHash, store.storeId, target.row.urlKey, { answers: carried, editLine: null });
        return seeOther(reply, wizardPath(target.row.urlKey, pageOfStepSaved(target.form, outcome.step_saved)));
      }
    }
    const kept = onlyVisible(answers, result.visible);
    await sessionDrafts.save(own.idHash, store.storeId, urlKey, { answers: kept, editLine });
    return seeOther(reply, wizardPath(urlKey, nextAfter(product, at, result)));
  });

  async function addToCart(
    request: FastifyRequest,
    reply: FastifyReply,
    input: {
      session: SessionState | null;
      store: StoreInfo;
      product: CatalogProduct;
      fields: FormFields;
      draft: { answers: Record<string, string>; editLine: { id: number; version: number } | null };
    },
  ) {
    const { session, store, product, fields, draft } = input;
    const urlKey = product.row.urlKey;
    const frame = frameOf(store);
    if (!session || !tokenValid(request, session, fields))
      return csrfRefused(reply, store, wizardPath(urlKey, 'check'));
    // The check-answers page's own questions, then everything evaluated once more.
    const before = evaluate(store, product, draft.answers, urlKeyOf(store.storeId));
    const confirmIds = before.visible.filter((id) => !askedVisible(product, before).has(id));
    const answers = postedAnswers(product, confirmIds, fields, { answers: draft.answers, editLine: null });
    const result = evaluate(store, product, answers, urlKeyOf(store.storeId));
    const first = firstPageWithErrors(product, result);
    if (first !== null) return seeOther(reply, wizardPath(urlKey, first));
    const confirmErrors = result.errors.filter((e) => confirmIds.includes(e.option_id));
    const kept = onlyVisible(answers, result.visible);
    const editingLine = await linePosition(request, store, draft.editLine);
    const editLine = editingLine === null ? null : draft.editLine;
    const render = (status: number, errors: SummaryError[], fieldErrors: Map<number, string>) =>
      send(
        reply,
        status,
        frame,
        checkPage({
          frame,
          product,
          answers,
          result,
          errors,
          fieldErrors,
          csrfToken: session.csrfToken,
          urlKey,
          vatRate: store.vatRate,
          editingLine,
        }),
      );
    if (confirmErrors.length > 0) {
      return render(
        422,
        summaryErrors(product, confirmErrors),
        new Map(confirmErrors.map((e) => [e.option_id, e.message])),
      );
    }
    const api = new ApiCaller(app, request, store.storeId);
    const answer = editLine
      ? await api.call('PATCH', `/api/cart/items/${editLine.id}`, {
          body: { version: editLine.version, answers: kept },
          csrfToken: session.csrfToken,
        })
      : await api.call('POST', '/api/cart/items', {
          body: { store_id: store.storeId, url_key: urlKey, answers: kept },
          csrfToken: session.csrfToken,
        });
    api.forwardCookies(reply);
    if (answer.status >= 300) {
      const problem = problemOf(answer);
      const errors = problem.fields.length
        ? problem.fields.map((f) => ({ href: '#main', text: f.message }))
        : [{ href: '#main', text: problem.message }];
      return render(answer.status >= 500 ? 502 : 422, errors, new Map());
    }
    await sessionDrafts.remove(session.idHash, store.storeId, urlKey);
    if (editLine) return seeOther(reply, '/html/cart');
    // The cart says what was just added, as the browser's cart does: the newest line of this product.
    const added = ((answer.body as CartJson | null)?.items ?? [])
      .filter((line) => line.url_key === urlKey)
      .reduce((newest, line) => Math.max(newest, line.id), 0);
    return seeOther(reply, added > 0 ? `/html/cart?added=${added}` : '/html/cart?added');
  }

  // ---- Cart ---------------------------------------------------------------------------------------------------

  async function cartOf(api: ApiCaller): Promise<CartJson> {
    const answer = await api.call('GET', '/api/cart');
    return answer.body as CartJson;
  }

  /** "Added to your cart" with the line's name, the browser's CartAddedNotice as HTML (same texts and markup). */
  function addedNotice(lang: StoreInfo['language'], line: CartLine | undefined): SafeHtml {
    return html`<div class="alert alert--success" role="status"><p class="alert__title">${formText(lang, 'cartAdded.title')}</p><div class="alert__body"><p>${
      line ? formText(lang, 'cartAdded.line', { name: line.product_name }) : formText(lang, 'cartAdded.generic')
    }</p><p><a href="/">${formText(lang, 'cart.continueShopping')}</a></p></div></div>`;
  }

  function cartPage(
    store: StoreInfo,
    cart: CartJson,
    token: string,
    errors: SummaryError[],
    /** Just added: the line's id (0: a line not known), or null. */
    added: number | null = null,
  ) {
    const lang = store.language;
    const title = formText(lang, 'cart.title');
    const lines = cart.items.map(
      (line) => html`<li class="cart-line"><h2 class="heading-m">${line.product_name}</h2>
<p class="body">${line.summary}</p>
<p class="body">${formText(lang, 'cart.linePrice')} ${euros(line.price.total, lang)}</p>
<form method="post" action="/html/cart/${line.id}" novalidate>${csrfInput(token)}
<input type="hidden" name="version" value="${line.version}">
${
  line.max_qty > 1
    ? html`<div class="form-group"><label class="label" for="qty-${line.id}">${formText(lang, 'forms.quantityOf', { name: line.product_name })}</label>
<input class="input input--width-3" type="text" inputmode="numeric" id="qty-${line.id}" name="qty" value="${line.qty}"></div>`
    : html`<p class="body" id="qty-${line.id}">${formText(lang, 'cart.quantity')}: ${line.qty}</p>`
}
<div class="button-group">${line.max_qty > 1 ? button(formText(lang, 'forms.updateQuantity'), { name: 'action', value: 'qty', secondary: true }) : ''}
${button(`${formText(lang, 'wizard.change')}`, { name: 'action', value: 'edit', secondary: true })}
${button(formText(lang, 'cart.remove'), { name: 'action', value: 'remove', secondary: true })}</div></form></li>`,
    );
    const notice =
      added === null
        ? html``
        : addedNotice(
            lang,
            cart.items.find((line) => line.id === added),
          );
    const main = html`${errorSummary(lang, errors)}${notice}<h1 class="heading-xl">${title}</h1>
${
  cart.items.length === 0
    ? html`<p class="body">${formText(lang, 'cart.empty')}</p><p class="body"><a href="/tienda/servicios">${formText(lang, 'cart.browseCatalogue')}</a></p>`
    : html`<ul class="list cart-lines">${lines}</ul>
<p class="body"><strong>${formText(lang, 'price.total')}:</strong> ${euros(cart.totals.total, lang)}</p>
<p class="body"><a class="button button--primary" href="/html/checkout">${formText(lang, 'cart.checkout')}</a></p>
<p class="body"><a href="/tienda/servicios">${formText(lang, 'cart.continueShopping')}</a></p>`
}`;
    return { title, main };
  }

  app.get('/html/cart', PAGE, async (request, reply) => {
    const { session, store } = await context(request);
    const api = new ApiCaller(app, request, store.storeId);
    const cart = await cartOf(api);
    const added = (request.query as { added?: unknown }).added;
    const addedId = typeof added === 'string' ? (/^\d{1,15}$/.test(added) ? Number(added) : 0) : null;
    return send(reply, 200, frameOf(store), cartPage(store, cart, session?.csrfToken ?? '', [], addedId));
  });

  app.post<{ Params: { lineId: string } }>('/html/cart/:lineId', FORM, async (request, reply) => {
    const { session, store } = await context(request);
    const fields = readFormFields(request.body);
    const lineId = /^\d{1,9}$/.test(request.params.lineId) ? Number(request.params.lineId) : null;
    const action = fields ? fieldText(fields, 'action') : '';
    if (!fields || lineId === null || !['qty', 'edit', 'remove'].includes(action))
      return badInput(reply, store, '/html/cart');
    if (!session || !tokenValid(request, session, fields)) return csrfRefused(reply, store, '/html/cart');
    const api = new ApiCaller(app, request, store.storeId);
    const version = fieldText(fields, 'version');
    if (action === 'edit') {
      const line = (await cartOf(api)).items.find((l) => l.id === lineId);
      if (!line) return seeOther(reply, '/html/cart');
      // As the browser's cart does (startCartEdit): the line's answers become the product's draft and the
      // check-answers page opens, its button saving the line with its version.
      await sessionDrafts.save(session.idHash, store.storeId, line.url_key, {
        answers: lineAnswers(line.answers),
        editLine: { id: line.id, version: line.version },
      });
      return seeOther(reply, wizardPath(line.url_key, 'check'));
    }
    const answer =
      action === 'remove'
        ? await api.call('DELETE', `/api/cart/items/${lineId}`, { csrfToken: session.csrfToken })
        : await api.call('PATCH', `/api/cart/items/${lineId}`, {
            body: { version: /^\d{1,9}$/.test(version) ? Number(version) : 0, qty: fieldText(fields, 'qty') },
            csrfToken: session.csrfToken,
          });
    api.forwardCookies(reply);
    if (answer.status < 300) return seeOther(reply, '/html/cart');
    const problem = problemOf(answer);
    const errors = (problem.fields.length ? problem.fields.map((f) => f.message) : [problem.message]).map((text) => ({
      href: `#qty-${lineId}`,
      text,
    }));
    const cart = await cartOf(api);
    return send(
      reply,
      answer.status === 400 ? 400 : 422,
      frameOf(store),
      cartPage(store, cart, session.csrfToken, errors),
    );
  });

  // ---- Sign-in and registration -----------------------------------------------------------------------------

  interface AuthView {
    loginErrors: SummaryError[];
    registerErrors: SummaryError[];
    email: string;
    firstname: string;
    lastname: string;
    registerEmail: string;
  }

  function signInPage(store: StoreInfo, token: string, view: AuthView) {
    const lang = store.language;
    const title = formText(lang, 'auth.loginTitle');
    const err = (errors: SummaryError[], id: string) => errors.find((e) => e.href === `#${id}`)?.text;
    const main = html`${backLink(lang, '/html/cart')}
${errorSummary(lang, [...view.loginErrors, ...view.registerErrors])}
<h1 class="heading-xl">${formText(lang, 'checkout.title')}</h1>
<p class="body">${formText(lang, 'checkout.signInIntro')}</p>
<h2 class="heading-l">${title}</h2>
<form method="post" action="/html/sign-in" novalidate>${csrfInput(token)}
${textInput({ language: lang, id: 'login-email', name: 'email', label: formText(lang, 'auth.email'), type: 'email', value: view.email, autocomplete: 'email', error: err(view.loginErrors, 'login-email') })}
${textInput({ language: lang, id: 'login-password', name: 'password', label: formText(lang, 'auth.password'), type: 'password', value: '', autocomplete: 'current-password', error: err(view.loginErrors, 'login-password') })}
<div class="button-group">${button(formText(lang, 'auth.loginButton'))}</div></form>
<h2 class="heading-l">${formText(lang, 'auth.registerTitle')}</h2>
<form method="post" action="/html/register" novalidate>${csrfInput(token)}
${textInput({ language: lang, id: 'register-firstname', name: 'firstname', label: formText(lang, 'auth.firstname'), type: 'text', value: view.firstname, autocomplete: 'given-name', error: err(view.registerErrors, 'register-firstname') })}
${textInput({ language: lang, id: 'register-lastname', name: 'lastname', label: formText(lang, 'auth.lastname'), type: 'text', value: view.lastname, autocomplete: 'family-name', error: err(view.registerErrors, 'register-lastname') })}
${textInput({ language: lang, id: 'register-email', name: 'email', label: formText(lang, 'auth.email'), type: 'email', value: view.registerEmail, autocomplete: 'email', error: err(view.registerErrors, 'register-email') })}
${textInput({ language: lang, id: 'register-password', name: 'password', label: formText(lang, 'auth.password'), type: 'password', value: '', autocomplete: 'new-password', error: err(view.registerErrors, 'register-password') })}
<div class="button-group">${button(formText(lang, 'auth.registerButton'), { secondary: true })}</div></form>`;
    return { title, main };
  }

  const EMPTY_AUTH: AuthView = {
    loginErrors: [],
    registerErrors: [],
    email: '',
    firstname: '',
    lastname: '',
    registerEmail: '',
  };

  app.get('/html/sign-in', PAGE, async (request, reply) => {
    const { session, store } = await context(request);
    if (session?.user) return seeOther(reply, '/html/checkout');
    return send(reply, 200, frameOf(store), signInPage(store, session?.csrfToken ?? '', EMPTY_AUTH));
  });

  /** An auth answer's problems as summary lines, each led to its field (`prefix-<field>`), else to the form. */
  function authErrors(prefix: string, fieldsOrder: string[], problem: ReturnType<typeof problemOf>): SummaryError[] {
    if (problem.fields.length === 0) return [{ href: `#${prefix}-${fieldsOrder[0]}`, text: problem.message }];
    return problem.fields.map((f) => ({
      href: `#${prefix}-${fieldsOrder.includes(f.field) ? f.field : fieldsOrder[0]}`,
      text: f.message,
    }));
  }

  for (const kind of ['sign-in', 'register'] as const) {
    app.post(`/html/${kind}`, FORM, async (request, reply) => {
      const { session, store } = await context(request);
      const fields = readFormFields(request.body);
      if (!fields) return badInput(reply, store, '/html/sign-in');
      if (!tokenValid(request, session, fields)) return csrfRefused(reply, store, '/html/sign-in');
      const api = new ApiCaller(app, request, store.storeId);
      // A first visit has no session yet: the API opens one with its token (GET /api/session).
      let token = session?.csrfToken;
      if (!token) {
        const opened = await api.call('GET', '/api/session');
        token = (opened.body as { csrf_token?: string } | null)?.csrf_token;
      }
      const body =
        kind === 'sign-in'
          ? { email: fieldText(fields, 'email'), password: fieldText(fields, 'password') }
          : {
              email: fieldText(fields, 'email'),
              password: fieldText(fields, 'password'),
              firstname: fieldText(fields, 'firstname'),
              lastname: fieldText(fields, 'lastname'),
            };
      const answer = await api.call('POST', kind === 'sign-in' ? '/api/auth/login' : '/api/auth/register', {
        body,
        ...(token ? { csrfToken: token } : {}),
      });
      api.forwardCookies(reply);
      if (answer.status < 300) return seeOther(reply, '/html/checkout');
      const problem = problemOf(answer);
      const view: AuthView =
        kind === 'sign-in'
          ? { ...EMPTY_AUTH, email: body.email, loginErrors: authErrors('login', ['email', 'password'], problem) }
          : {
              ...EMPTY_AUTH,
              firstname: fieldText(fields, 'firstname'),
              lastname: fieldText(fields, 'lastname'),
              registerEmail: body.email,
              registerErrors: authErrors('register', ['firstname', 'lastname', 'email', 'password'], problem),
            };
      const status = answer.status === 429 ? 429 : answer.status >= 500 ? 502 : answer.status === 401 ? 401 : 422;
      return send(reply, status, frameOf(store), signInPage(store, token ?? '', view));
    });
  }

  // ---- Checkout -----------------------------------------------------------------------------------------------

  interface CheckoutView {
    errors: SummaryError[];
    method: string;
    key: string;
  }

  async function checkoutPage(store: StoreInfo, api: ApiCaller, token: string, view: CheckoutView) {
    const lang = store.language;
    const cart = await cartOf(api);
    const methods = ((await api.call('GET', `/api/stores/${store.storeId}/payment-methods`)).body as {
      items: Array<{ code: string; name: string }>;
    }) ?? { items: [] };
    const title = formText(lang, 'checkout.title');
    const err = (id: string) => view.errors.find((e) => e.href === `#${id}`)?.text;
    const lines = cart.items.map(
      (l) =>
        html`<li><strong>${l.product_name}</strong>${l.qty > 1 ? ` × ${l.qty}` : ''}: ${euros(l.price.total, lang)}<br>${l.characteristics}${
          l.delivery_time
            ? html`<br>${formText(lang, 'checkout.deliveryTime').replace('{time}', l.delivery_time)}`
            : html``
        }</li>`,
    );
    const methodError = err('payment_method');
    const radios = methods.items.map(
      (m, i) =>
        html`<div class="radios__item"><input class="radios__input" type="radio" id="${i === 0 ? 'payment_method' : `payment_method-${m.code}`}" name="payment_method" value="${m.code}"${
          view.method === m.code ? html` checked` : html``
        }><label class="radios__label" for="${i === 0 ? 'payment_method' : `payment_method-${m.code}`}">${m.name}</label></div>`,
    );
    const main = html`${backLink(lang, '/html/cart')}
${errorSummary(lang, view.errors)}
<h1 class="heading-xl">${title}</h1>
<h2 class="heading-l">${formText(lang, 'checkout.sellerTitle')}</h2>
<p class="body">${formText(lang, 'checkout.seller')
      .replace('{name}', cart.seller.legal_name)
      .replace('{taxId}', cart.seller.tax_id)
      .replace('{address}', cart.seller.address)}</p>
<h2 class="heading-l">${formText(lang, 'checkout.summaryTitle')}</h2>
<ul class="list">${lines}</ul>
<p class="body"><strong>${formText(lang, 'price.total')}:</strong> ${euros(cart.totals.total, lang)}</p>
<p class="body">${formText(lang, 'checkout.vatIncluded')}</p>
<form method="post" action="/html/checkout" novalidate>${csrfInput(token)}
<input type="hidden" name="idempotency_key" value="${view.key}">
<h2 class="heading-l">${formText(lang, 'checkout.consentsTitle')}</h2>
<p class="body"><a href="/legal/condiciones">${formText(lang, 'checkout.termsLink')}</a></p>
${checkbox(lang, { id: 'accept_terms', label: formText(lang, 'checkout.acceptTerms'), error: err('accept_terms') })}
${
  cart.required_consents.includes('start_now')
    ? checkbox(lang, {
        id: 'start_now',
        label: formText(lang, 'checkout.startNow'),
        hint: formText(lang, 'checkout.startNowHint'),
        error: err('start_now'),
      })
    : html``
}
<div class="${methodError ? 'form-group form-group--error' : 'form-group'}"><fieldset class="fieldset"><legend class="fieldset__legend fieldset__legend--m">${formText(
      lang,
      'checkout.paymentMethod',
    )}</legend>${methodError ? html`<p class="error-message" id="payment_method-error">${methodError}</p>` : html``}
<div class="radios">${radios}</div></fieldset></div>
<p class="body">${formText(lang, 'checkout.redirectNotice')}</p>
<div class="button-group">${button(formText(lang, 'checkout.pay').replace('{amount}', euros(cart.totals.total, lang)))}</div>
</form>`;
    return { title, main, empty: cart.items.length === 0 };
  }

  app.get('/html/checkout', PAGE, async (request, reply) => {
    const { session, store } = await context(request);
    if (!session?.user) return seeOther(reply, '/html/sign-in');
    const api = new ApiCaller(app, request, store.storeId);
    const content = await checkoutPage(store, api, session.csrfToken, { errors: [], method: '', key: randomUUID() });
    if (content.empty) return seeOther(reply, '/html/cart');
    return send(reply, 200, frameOf(store), content);
  });

  app.post('/html/checkout', FORM, async (request, reply) => {
    const { session, store } = await context(request);
    const fields = readFormFields(request.body);
    if (!fields) return badInput(reply, store, '/html/checkout');
    if (!session || !tokenValid(request, session, fields)) return csrfRefused(reply, store, '/html/checkout');
    if (!session.user) return seeOther(reply, '/html/sign-in');
    const lang: Language = store.language;
    const method = fieldText(fields, 'payment_method');
    const key = /^[0-9a-f-]{36}$/.test(fieldText(fields, 'idempotency_key'))
      ? fieldText(fields, 'idempotency_key')
      : randomUUID();
    const api = new ApiCaller(app, request, store.storeId);
    const view = (errors: SummaryError[]) => ({ errors, method, key });
    if (!method) {
      const content = await checkoutPage(
        store,
        api,
        session.csrfToken,
        view([{ href: '#payment_method', text: serverMessage(lang, 'field.required') }]),
      );
      return send(reply, 422, frameOf(store), content);
    }
    const answer = await api.call('POST', '/api/checkout', {
      body: {
        payment_method: method,
        accept_terms: fieldText(fields, 'accept_terms') === 'true',
        start_now: fieldText(fields, 'start_now') === 'true',
      },
      csrfToken: session.csrfToken,
      headers: { 'idempotency-key': key },
    });
    api.forwardCookies(reply);
    const redirect = (answer.body as { redirect_url?: unknown } | null)?.redirect_url;
    if (answer.status === 201 && typeof redirect === 'string') return seeOther(reply, redirect);
    const problem = problemOf(answer);
    const known = ['accept_terms', 'start_now', 'payment_method'];
    const errors = problem.fields.length
      ? problem.fields.map((f) => ({ href: `#${known.includes(f.field) ? f.field : 'main'}`, text: f.message }))
      : [{ href: '#main', text: problem.message }];
    const content = await checkoutPage(store, api, session.csrfToken, view(errors));
    return send(reply, answer.status >= 500 ? 502 : answer.status === 400 ? 400 : 422, frameOf(store), content);
  });
}
