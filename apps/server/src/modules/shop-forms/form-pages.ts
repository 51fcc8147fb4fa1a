// The markup of the server-rendered shop forms (docs/decisions/0027-forms-without-javascript.md): the web app's own
// classes and structure (error summary, form groups, radios, buttons), so the pages look and read like the app's,
// without a script. Every value goes through the `html` tag.
import {
  MULTI_CHOICE_TYPES,
  SINGLE_CHOICE_TYPES,
  bankChoices,
  type Language,
  type OptionType,
} from '@ventanilla/domain';
import { html, type SafeHtml } from '../../shared/html.js';
import { formText, type FormTextKey } from './form-texts.js';

/** One line of an error summary: the message and the field it leads to (`#id`). */
export interface SummaryError {
  href: string;
  text: string;
}

/** What every page needs: its language, the store's name, the stylesheets of the web build. */
export interface PageFrame {
  language: Language;
  storeName: string;
  stylesheets: SafeHtml;
}

/** A question as the API describes it (the fields the forms read). */
export interface FormOption {
  option_id: number;
  type: string;
  title: string;
  is_require: number;
  placeholder: string | null;
  max_length: number | null;
  opt_values: ReadonlyArray<{
    id: number;
    name: string;
    /** The price shown beside it ("+5,00 €"), if any. */ price?: string | null;
  }>;
  /** The question's own price, as its hint says it (display flags: display-flags.ts), if any. */
  priceHint?: string | null;
  /** `can_be_empty`: an optional radio group offers "none" (offersNoChoice). */
  noChoice?: boolean;
}

export const CSRF_FIELD = '_csrf';

export const inputId = (optionId: number) => `option-${optionId}`;

/** The whole document: skip link, the store's name, the page's main content. */
export function page(frame: PageFrame, title: string, main: SafeHtml): string {
  const t = (key: FormTextKey) => formText(frame.language, key);
  return html`<!doctype html>
<html lang="${frame.language}">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} - ${frame.storeName}</title>
${frame.stylesheets}
</head>
<body>
<a class="skip-link" href="#main">${t('nav.skipToContent')}</a>
<header class="header"><div class="page-container"><a class="header__brand" href="/">${frame.storeName}</a></div></header>
<main id="main" class="page-container" tabindex="-1">
${main}
</main>
</body>
</html>`.value;
}

/**
 * The error summary as the app's ErrorSummary renders it: a titled alert listing each problem as a link to its
 * field. Without a script nothing moves the focus; `autofocus` puts the reader on it on load.
 */
export function errorSummary(language: Language, errors: readonly SummaryError[]): SafeHtml {
  if (errors.length === 0) return html``;
  return html`<div class="error-summary" tabindex="-1" aria-labelledby="error-summary-title" autofocus>
<div role="alert"><h2 class="error-summary__title" id="error-summary-title">${formText(language, 'errorSummary.title')}</h2>
<ul class="error-summary__list">${errors.map((e) => html`<li><a href="${e.href}">${e.text}</a></li>`)}</ul></div></div>`;
}

export function csrfInput(token: string): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`;
}

function errorMessage(language: Language, id: string, error: string | undefined): SafeHtml {
  return error
    ? html`<p class="error-message" id="${id}-error"><span class="visually-hidden">${formText(language, 'form.errorPrefix')}</span> ${error}</p>`
    : html``;
}

function described(id: string, hint: string | null, error: string | undefined): SafeHtml {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return ids ? html` aria-describedby="${ids}"` : html``;
}

export interface QuestionInput {
  option: FormOption;
  value: string;
  error: string | undefined;
  /** A place picker without a script: a text field whose name the server matches (or a list of its values). */
  place: 'text' | 'values' | null;
  /** The one question of its page: its label is the page's heading. */
  asHeading: boolean;
}

/** Questions answered by choosing one value from radios, and by ticking several (answer: "1,2"). */
const RADIO_TYPES: ReadonlySet<string> = new Set([...SINGLE_CHOICE_TYPES].filter((t) => t !== 'drop_down'));

/**
 * One question as the browser's wizard draws it (apps/web/src/features/wizard/components/option-field.tsx), without
 * a script: radios (`radio`, `radio_button`) or checkboxes (`checkbox`, `multiple`) in a fieldset whose legend is the
 * question, a select (`drop_down`, `banco` by entity code, a province list), a textarea, a date or a text input.
 */
export function question(language: Language, q: QuestionInput): SafeHtml {
  const { option, value, error, asHeading } = q;
  const id = inputId(option.option_id);
  const optional = option.is_require ? '' : ` ${formText(language, 'form.optional')}`;
  const hint =
    q.place === 'text'
      ? formText(language, 'forms.placeHint')
      : [option.placeholder, option.priceHint].filter(Boolean).join(' ') || null;
  const group = error ? 'form-group form-group--error' : 'form-group';
  const hintHtml = hint ? html`<div class="hint" id="${id}-hint">${hint}</div>` : html``;
  const maxLength = option.max_length ? html` maxlength="${option.max_length}"` : html``;
  const radios = q.place === null && RADIO_TYPES.has(option.type);
  const boxes = q.place === null && MULTI_CHOICE_TYPES.has(option.type as OptionType);
  if (radios || boxes) {
    const chosen = new Set(value.split(','));
    const legend = asHeading
      ? html`<legend class="fieldset__legend fieldset__legend--heading"><h1 class="fieldset__heading" tabindex="-1">${option.title}${optional}</h1></legend>`
      : html`<legend class="fieldset__legend">${option.title}${optional}</legend>`;
    const kind = radios ? 'radios' : 'checkboxes';
    const items = [
      ...option.opt_values.map((v) => ({
        value: String(v.id),
        label: html`${v.name}${v.price ? html`<span class="supplement">${v.price}</span>` : html``}`,
      })),
      // `can_be_empty`: an optional radio group offers "none", so a choice can be taken back.
      ...(radios && option.noChoice ? [{ value: '', label: html`${formText(language, 'wizard.noChoice')}` }] : []),
    ];
    const checked = (v: string) => (radios ? value === v : v !== '' && chosen.has(v));
    // The ids of the web's RadioGroup and CheckboxGroup: the first is the question's (the error summary's link).
    return html`<div class="${group}"><fieldset class="fieldset"${described(id, hint, error)}>${legend}${hintHtml}${errorMessage(language, id, error)}
<div${radios ? html` class="radios"` : html``}>${items.map((item, i) => {
      const itemId = i === 0 ? id : `${id}-${i + 1}`;
      return html`<div class="${kind}__item"><input class="${kind}__input" type="${radios ? 'radio' : 'checkbox'}" id="${itemId}" name="${id}" value="${item.value}"${
        checked(item.value) ? html` checked` : html``
      }><label class="${kind}__label" for="${itemId}">${item.label}</label></div>`;
    })}</div></fieldset></div>`;
  }
  const label = html`<label class="${asHeading ? 'label label--heading' : 'label'}" for="${id}">${option.title}${optional}</label>`;
  const labelHtml = asHeading ? html`<h1 class="label-wrapper" tabindex="-1">${label}</h1>` : label;
  const inputClass = error ? 'input input--error' : 'input';
  const select = (empty: string, items: ReadonlyArray<{ value: string; label: string }>) =>
    html`<select class="${error ? 'select input--error' : 'select'}" id="${id}" name="${id}"${described(id, hint, error)}>
<option value="">${empty}</option>${items.map(
      (v) => html`<option value="${v.value}"${v.value === value ? html` selected` : html``}>${v.label}</option>`,
    )}</select>`;
  let control: SafeHtml;
  if (option.type === 'banco' && q.place === null) {
    // A Spanish bank by its Banco de España entity code (the engine checks it).
    control = select(formText(language, 'wizard.chooseBank'), bankChoices());
  } else if (option.type === 'drop_down' || q.place === 'values') {
    control = select(
      formText(language, 'wizard.chooseOption'),
      option.opt_values.map((v) => ({ value: String(v.id), label: v.price ? `${v.name} (${v.price})` : v.name })),
    );
  } else if (option.type === 'area') {
    control = html`<textarea class="${inputClass} textarea" id="${id}" name="${id}" rows="4"${maxLength}${described(id, hint, error)}>${value}</textarea>`;
  } else if (option.type === 'date') {
    // yyyy-mm-dd, the form the engine compares.
    control = html`<input class="${inputClass}" type="date" id="${id}" name="${id}" value="${value}"${described(id, hint, error)}>`;
  } else {
    // field, sociedad (the saved-company picker needs a script: its name typed), a place by name, file (see 0027).
    const autocomplete =
      option.type === 'sociedad' ? 'organization' : option.type === 'municipio' ? 'address-level2' : 'off';
    control = html`<input class="${inputClass}" type="text" id="${id}" name="${id}" value="${value}"${maxLength} autocomplete="${autocomplete}"${described(id, hint, error)}>`;
  }
  return html`<div class="${group}">${labelHtml}${hintHtml}${errorMessage(language, id, error)}${control}</div>`;
}

/** A checkbox with its label (the checkout's consents). */
export function checkbox(
  language: Language,
  input: { id: string; label: string; hint?: string; error: string | undefined },
): SafeHtml {
  const { id, label, hint, error } = input;
  return html`<div class="${error ? 'form-group form-group--error' : 'form-group'}">${errorMessage(language, id, error)}
<div class="checkboxes__item"><input class="checkboxes__input" type="checkbox" id="${id}" name="${id}" value="true"${described(
    id,
    hint ?? null,
    error,
  )}><label class="checkboxes__label" for="${id}">${label}</label>${
    hint ? html`<div class="hint checkboxes__hint" id="${id}-hint">${hint}</div>` : html``
  }</div></div>`;
}

/** A labelled text input (sign-in and registration). */
export function textInput(input: {
  language: Language;
  id: string;
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  value: string;
  autocomplete: string;
  error: string | undefined;
}): SafeHtml {
  const { language, id, name, label, type, value, autocomplete, error } = input;
  return html`<div class="${error ? 'form-group form-group--error' : 'form-group'}"><label class="label" for="${id}">${label}</label>${errorMessage(
    language,
    id,
    error,
  )}<input class="${error ? 'input input--error' : 'input'}" type="${type}" id="${id}" name="${name}" value="${
    type === 'password' ? '' : value
  }" autocomplete="${autocomplete}"${described(id, null, error)}></div>`;
}

export function button(text: string, attrs: { name?: string; value?: string; secondary?: boolean } = {}): SafeHtml {
  const name = attrs.name ? html` name="${attrs.name}" value="${attrs.value ?? ''}"` : html``;
  return html`<button type="submit" class="button ${attrs.secondary ? 'button--secondary' : 'button--primary'}"${name}>${text}</button>`;
}

export function backLink(language: Language, href: string): SafeHtml {
  return html`<a class="back-link" href="${href}">${formText(language, 'nav.back')}</a>`;
}
