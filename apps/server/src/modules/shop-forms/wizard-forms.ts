// The wizard without JavaScript (docs/decisions/0027-forms-without-javascript.md): each page a server-rendered form
// posted here, evaluated by the domain engine exactly as the API's evaluate endpoint does (evaluateProduct,
// evaluationOut), the answers kept in the session's draft between pages, and a 303 to the next page; the
// check-answers page adds the line through the API's own cart route.
import {
  askedOnPages,
  choicePrice,
  confirmPageOptions,
  formatMoneyString,
  hasDisplayFlag,
  MULTI_CHOICE_TYPES,
  offersNoChoice,
  pricePerChoice,
  questionBlocks,
  questionPrice,
  type FullPriceBasis,
  type RateBp,
  type ShownPrice,
  describeAnswers,
  errorWithQuestion,
  nextPageIndex,
  parentPlaceCode,
  placeKindOf,
  previousPageIndex,
  visibleOptionsOn,
  wizardPages,
  type AnswerValue,
  type ProductOption,
} from '@ventanilla/domain';
import { type CatalogProduct, evaluateProduct, evaluationOut, type StoreInfo } from '../catalog/index.js';
import type { SessionDraft } from '../drafts/index.js';
import { foldText, placeDirectory } from '../geo/index.js';
import { html, type SafeHtml } from '../../shared/html.js';
import { fieldText, type FormFields } from './form-input.js';
import {
  backLink,
  button,
  csrfInput,
  errorSummary,
  inputId,
  question,
  type FormOption,
  type PageFrame,
  type SummaryError,
} from './form-pages.js';
import { formText } from './form-texts.js';

export type Evaluation = ReturnType<typeof evaluationOut>;

export const wizardPath = (urlKey: string, page: number | 'check') =>
  `/html/tienda/${urlKey}/${page === 'check' ? 'check' : `step${page + 1}`}`;

/** The page an address names (`step3`: 2; `check`), or null. */
export function pageOfAddress(step: string, pageCount: number): number | 'check' | null {
  if (step === 'check') return 'check';
  const match = /^step([1-9]\d?)$/.exec(step);
  if (!match) return null;
  const index = Number(match[1]) - 1;
  return index < pageCount ? index : null;
}

/** The answers as the engine takes them: a checkbox group's (`checkbox`, `multiple`) "1,2" as value ids. */
export function engineAnswers(product: CatalogProduct, answers: Record<string, string>): Record<string, AnswerValue> {
  const out: Record<string, AnswerValue> = {};
  for (const [id, value] of Object.entries(answers)) {
    const option = product.form.options.find((o) => String(o.option_id) === id);
    out[id] =
      option && MULTI_CHOICE_TYPES.has(option.type)
        ? value.split(',').filter(Boolean).map(Number)
        : (value as AnswerValue);
  }
  return out;
}

export function evaluate(
  store: StoreInfo,
  product: CatalogProduct,
  answers: Record<string, string>,
  urlKeyOf: (productId: number) => string | undefined,
): Evaluation {
  return evaluationOut(store, evaluateProduct(store, product, engineAnswers(product, answers)), urlKeyOf);
}

/** The options the wizard's pages ask with these results (the check-answers page's own ones set apart). */
export function askedVisible(product: CatalogProduct, result: Evaluation): Set<number> {
  return askedOnPages(result.visible, confirmPageOptions(product.form, result.outcome));
}

/** A page's errors in its order, as the browser's wizard shows them. */
export function pageErrors(product: CatalogProduct, page: number, result: Evaluation) {
  const ids = wizardPages(product.form)[page] ?? [];
  const shown = askedVisible(product, result);
  return result.errors
    .filter((e) => ids.includes(e.option_id) && shown.has(e.option_id))
    .sort((a, b) => ids.indexOf(a.option_id) - ids.indexOf(b.option_id));
}

/**
 * Field errors as the error summary lists them, each naming its question ("Municipio: ...", as the browser's wizard
 * words it: the domain's errorWithQuestion) and linking to its field.
 */
export function summaryErrors(
  product: CatalogProduct,
  errors: ReadonlyArray<{ option_id: number; message: string }>,
): SummaryError[] {
  return errors.map((e) => ({
    href: `#${inputId(e.option_id)}`,
    text: errorWithQuestion(product.form.options.find((o) => o.option_id === e.option_id)?.title, e.message),
  }));
}

/** Where Continuar leads from a valid page: the next page with something to ask, else the check-answers page. */
export function nextAfter(product: CatalogProduct, page: number, result: Evaluation): number | 'check' {
  return nextPageIndex(product.form, page, askedVisible(product, result)) ?? 'check';
}

/**
 * A cart line's answers (GET /api/cart) as a draft keeps them, as the browser's cart edit does (draftAnswers): a list
 * of value ids as "1,2", a number as its digits. A document's reference has no field on these pages and stays out.
 */
export function lineAnswers(answers: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, value] of Object.entries(answers)) {
    if (Array.isArray(value)) out[id] = value.join(',');
    else if (typeof value === 'string' || typeof value === 'number') out[id] = String(value);
  }
  return out;
}

/** Only the answers to visible questions are kept: a hidden answer never reaches the cart. */
export function onlyVisible(answers: Record<string, string>, visible: readonly number[]): Record<string, string> {
  const shown = new Set(visible);
  return Object.fromEntries(Object.entries(answers).filter(([id, v]) => v !== '' && shown.has(Number(id))));
}

type PlaceMode = 'text' | 'values' | null;

function placeMode(option: ProductOption): PlaceMode {
  const kind = placeKindOf(option);
  if (kind === null) return null;
  return kind === 'es_province' || kind === 'pt_district' ? 'values' : 'text';
}

export interface PlaceMatch {
  answers: Record<string, string>;
  /** Names typed for a place that matched none (or several): shown back with a message. */
  unmatched: Map<number, string>;
}

/**
 * A place typed as a name (the picker without a script is a text field): the one place of that kind, inside the
 * parent question's answer, whose name is the text (accents, case and a leading article aside); a code passes as it
 * is. The engine then checks it like any other answer.
 */
export function matchPlaces(product: CatalogProduct, answers: Record<string, string>, posted: number[]): PlaceMatch {
  const out = { ...answers };
  const unmatched = new Map<number, string>();
  const places = placeDirectory();
  for (const id of posted) {
    const option = product.form.options.find((o) => o.option_id === id);
    const text = out[String(id)]?.trim();
    if (!option || !text) continue;
    if (placeMode(option) === 'values') {
      // A province or district list: a value id, or the name the picker showed (the browser's picker posts it).
      if (option.opt_values.some((v) => String(v.id) === text)) continue;
      const named = option.opt_values.filter((v) => foldText(v.name) === foldText(text));
      if (named.length === 1) out[String(id)] = String(named[0]!.id);
      else {
        unmatched.set(id, text);
        delete out[String(id)];
      }
      continue;
    }
    if (placeMode(option) !== 'text') continue;
    const kind = placeKindOf(option)!;
    if (/^\d+$/.test(text) && places.find(kind, text)) continue;
    const parent = product.form.options.find((o) => o.option_id === option.place?.parent_option);
    const within = parent ? (parentPlaceCode(parent, out[String(parent.option_id)]) ?? undefined) : undefined;
    const wanted = foldText(text);
    const found = places
      .search({ kind, q: text, ...(within ? { within } : {}), limit: 20 })
      .items.filter(
        (p) => foldText(p.name) === wanted || foldText(p.name).replace(/^(el|la|los|las|a|o|os|as) /, '') === wanted,
      );
    if (found.length === 1) out[String(id)] = found[0]!.code;
    else {
      unmatched.set(id, text);
      delete out[String(id)];
    }
  }
  return { answers: out, unmatched };
}

/** A place answer shown back in its field: the place's name for a code, the text as typed otherwise. */
function shownValue(option: ProductOption, value: string): string {
  if (placeMode(option) !== 'text' || !value) return value;
  const kind = placeKindOf(option)!;
  return placeDirectory().find(kind, value)?.name ?? value;
}

export interface WizardPageInput {
  frame: PageFrame;
  product: CatalogProduct;
  page: number;
  /** The answers the fields show (the draft, or what was just posted). */
  answers: Record<string, string>;
  result: Evaluation;
  errors: ReadonlyArray<{ option_id: number; message: string }>;
  /** A notice above the questions (a post refused for its token, shown back to be sent again). */
  notice?: string;
  csrfToken: string;
  urlKey: string;
  /** The store's VAT rate (full prices of `full_price` questions). */
  vatRate: RateBp;
}

/** One wizard page: Back, the error summary, the page's visible questions, the price and Continuar. */
export function wizardPage(input: WizardPageInput): { title: string; main: SafeHtml } {
  const { frame, product, page, answers, result, errors, csrfToken, urlKey } = input;
  const lang = frame.language;
  const shown = askedVisible(product, result);
  const options = visibleOptionsOn(product.form, page, shown);
  const previous = previousPageIndex(product.form, page, shown);
  const back = previous === null ? `/tienda/${urlKey}` : wizardPath(urlKey, previous);
  const errorFor = new Map(errors.map((e) => [e.option_id, e.message]));
  // Embedded questions join the block before them and are never the heading (docs/shop-flows.md, "Display flags").
  const blocks = questionBlocks(options);
  const single = blocks.length === 1;
  const title = single ? blocks[0]!.lead.title : product.row.name;
  const summary = summaryErrors(product, errors);
  const prices = { language: lang, basis: priceBasis(product, input.vatRate) };
  const ask = (o: ProductOption, asHeading: boolean) =>
    question(lang, {
      option: formOption(o, prices),
      value: shownValue(o, answers[String(o.option_id)] ?? ''),
      error: errorFor.get(o.option_id),
      place: placeMode(o),
      asHeading,
    });
  const questions = blocks.map(({ lead, embedded }) =>
    embedded.length === 0
      ? ask(lead, single)
      : html`<div class="question-block">${ask(lead, single)}${embedded.map(
          (o) =>
            html`<div class="${
              hasDisplayFlag(o, 'embedded_hidden')
                ? 'question-block__embedded question-block__embedded--revealed'
                : 'question-block__embedded'
            }">${ask(o, false)}</div>`,
        )}</div>`,
  );
  const main = html`${backLink(lang, back)}
${errorSummary(lang, summary)}
${input.notice ? html`<div class="inset-text"><p>${input.notice}</p></div>` : html``}
<span class="caption">${product.row.name}</span>
${single ? html`` : html`<h1 class="heading-xl">${product.row.name}</h1>`}
<form method="post" action="${wizardPath(urlKey, page)}" novalidate>
${csrfInput(csrfToken)}
${questions}
${priceLine(lang, result)}
<div class="button-group">${button(formText(lang, 'wizard.continue'))}</div>
</form>`;
  return { title: errors.length > 0 ? `${formText(lang, 'form.errorPrefix')} ${title}` : title, main };
}

function priceLine(language: PageFrame['language'], result: Evaluation): SafeHtml {
  return html`<p class="body"><strong>${formText(language, 'price.total')}:</strong> ${euros(result.price.total, language)}</p>`;
}

/** A money string of the API ("12.34") as the store shows it. */
export function euros(amount: string, language: PageFrame['language']): string {
  const locale = language === 'es' ? 'es-ES' : language === 'pt' ? 'pt-PT' : 'en-IE';
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(Number(amount));
}

/** What a `full_price` question's prices are made of. */
function priceBasis(product: CatalogProduct, vatRate: RateBp): FullPriceBasis {
  return { base_price: product.form.base_price, official_fee: product.form.official_fee, vatRate };
}

/** A price the display flags let a question show, as the browser's wizard writes it ("+5,00 €", or "21,78 €"). */
function priceText(shown: ShownPrice, language: PageFrame['language']): string | null {
  if (shown === null) return null;
  const amount = euros(formatMoneyString(shown.amount), language).replace(/\u00a0/g, ' ');
  return shown.kind === 'full' ? amount : `+${amount}`;
}

/** A question as the forms render it, with the prices and the "none" choice its display flags ask for. */
export function formOption(
  o: ProductOption,
  prices: { language: PageFrame['language']; basis: FullPriceBasis },
): FormOption {
  const { language, basis } = prices;
  const own = pricePerChoice(o) ? null : questionPrice(o, basis);
  const ownText = priceText(own, language);
  return {
    option_id: o.option_id,
    type: o.type,
    title: o.title,
    is_require: o.is_require ? 1 : 0,
    placeholder: o.placeholder ?? null,
    max_length: o.max_length ?? null,
    opt_values: o.opt_values.map((v) => ({
      id: v.id,
      name: v.name,
      price: priceText(choicePrice(o, v.price, basis), language),
    })),
    priceHint:
      own === null
        ? null
        : formText(language, own.kind === 'full' ? 'wizard.optionFullPrice' : 'wizard.optionSupplement', {
            amount: ownText!.replace(/^\+/, ''),
          }),
    noChoice: offersNoChoice(o),
  };
}

/**
 * The check-answers page: every answer with "Cambiar", the confirm-page questions, the total, "Añadir al carrito"
 * (or, for a cart line being changed, "Guardar cambios").
 */
export function checkPage(input: {
  frame: PageFrame;
  product: CatalogProduct;
  answers: Record<string, string>;
  result: Evaluation;
  errors: SummaryError[];
  fieldErrors: ReadonlyMap<number, string>;
  csrfToken: string;
  urlKey: string;
  vatRate: RateBp;
  /** A cart line being changed ("Cambiar" in the cart): its position in the cart; its button saves the line. */
  editingLine: number | null;
}): { title: string; main: SafeHtml } {
  const { frame, product, answers, result, csrfToken, urlKey, editingLine } = input;
  const lang = frame.language;
  const shown = askedVisible(product, result);
  const pages = wizardPages(product.form);
  const described = describeAnswers(
    product.form,
    engineAnswers(product, onlyVisible(answers, [...shown])),
    placeDirectory(),
  );
  const last = previousPageIndex(product.form, pages.length, shown);
  const rows = described.map((a) => {
    const page = pages.findIndex((p) => p.includes(a.option_id));
    return html`<div class="summary-list__row"><dt class="summary-list__key">${a.label}</dt><dd class="summary-list__value">${
      a.print_value || formText(lang, 'wizard.notAnswered')
    }</dd><dd class="summary-list__actions">${
      page >= 0
        ? html`<a href="${wizardPath(urlKey, page)}">${formText(lang, 'wizard.change')}<span class="visually-hidden"> ${a.label}</span></a>`
        : html``
    }</dd></div>`;
  });
  const confirm = confirmPageOptions(product.form, result.outcome)
    .filter((id) => result.visible.includes(id))
    .map((id) => product.form.options.find((o) => o.option_id === id))
    .filter((o): o is ProductOption => o !== undefined)
    .map((o) =>
      question(lang, {
        option: formOption(o, { language: lang, basis: priceBasis(product, input.vatRate) }),
        value: answers[String(o.option_id)] ?? '',
        error: input.fieldErrors.get(o.option_id),
        place: placeMode(o),
        asHeading: false,
      }),
    );
  const title = formText(lang, 'wizard.checkTitle');
  const main = html`${backLink(lang, last === null ? `/tienda/${urlKey}` : wizardPath(urlKey, last))}
${errorSummary(lang, input.errors)}
<span class="caption">${product.row.name}</span>
<h1 class="heading-xl">${title}</h1>
${editingLine === null ? html`` : html`<p class="body">${formText(lang, 'cartEdit.editingLine', { n: editingLine })}</p>`}
<dl class="summary-list">${rows}</dl>
<form method="post" action="${wizardPath(urlKey, 'check')}" novalidate>
${csrfInput(csrfToken)}
${confirm}
${priceLine(lang, result)}
<div class="button-group">${button(formText(lang, editingLine === null ? 'wizard.addToCart' : 'cartEdit.save'))}</div>
</form>`;
  return { title, main };
}

/** The exit page: the rule's message and the way back to the answer. */
export function exitPage(frame: PageFrame, message: string, back: string): { title: string; main: SafeHtml } {
  const lang = frame.language;
  const title = formText(lang, 'wizard.exitTitle');
  return {
    title,
    main: html`<h1 class="heading-xl">${title}</h1><p class="body">${message || formText(lang, 'wizard.exitDefault')}</p>
<p class="body"><a href="${back}">${formText(lang, 'wizard.exitChangeAnswers')}</a></p>
<p class="body"><a href="/tienda/servicios">${formText(lang, 'forms.noscriptHome')}</a></p>`,
  };
}

/** The answers a page posted: its visible questions' fields (an absent field is an empty answer). */
export function postedAnswers(
  product: CatalogProduct,
  optionIds: readonly number[],
  fields: FormFields,
  draft: SessionDraft,
): Record<string, string> {
  const answers = { ...draft.answers };
  for (const id of optionIds) {
    const value = fieldText(fields, inputId(id)).trim();
    if (value === '') delete answers[String(id)];
    else answers[String(id)] = value;
  }
  void product;
  return answers;
}
