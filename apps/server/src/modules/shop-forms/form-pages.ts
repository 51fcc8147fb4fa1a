// The markup of the server-rendered shop forms (docs/decisions/0027-forms-without-javascript.md): the web app's own
// classes and structure (error summary, form groups, radios, buttons), so the pages look and read like the app's,
// without a script. Every value goes through the `html` tag.
import type { Language } from '@ventanilla/domain';
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

/** One question as a plain control: text, textarea, select (also a province list) or radios. */
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
  const choices = option.type === 'radio' || option.type === 'checkbox';
  if (choices) {
    const type = option.type === 'radio' ? 'radio' : 'checkbox';
    const chosen = new Set(value.split(','));
    const legend = asHeading
      ? html`<legend class="fieldset__legend fieldset__legend--l"><h1 class="fieldset__heading">${option.title}${optional}</h1></legend>`
      : html`<legend class="fieldset__legend">${option.title}${optional}</legend>`;
    return html`<div class="${group}"><fieldset class="fieldset"${described(id, hint, error)}>${legend}${hintHtml}${errorMessage(language, id, error)}
<div class="radios">${option.opt_values.map(
      (v, i) =>
        html`<div class="radios__item"><input class="radios__input" type="${type}" id="${i === 0 ? id : `${id}-${v.id}`}" name="${id}" value="${v.id}"${
          chosen.has(String(v.id)) ? html` checked` : html``
        }><label class="radios__label" for="${i === 0 ? id : `${id}-${v.id}`}">${v.name}${
          v.price ? html`<span class="supplement">${v.price}</span>` : html``
        }</label></div>`,
    )}${
      option.noChoice && type === 'radio'
        ? html`<div class="radios__item"><input class="radios__input" type="radio" id="${id}-none" name="${id}" value=""${
            value === '' ? html` checked` : html``
          }><label class="radios__label" for="${id}-none">${formText(language, 'wizard.noChoice')}</label></div>`
        : html``
    }</div></fieldset></div>`;
  }
  const label = html`<label class="${asHeading ? 'label label--heading' : 'label'}" for="${id}">${option.title}${optional}</label>`;
  const labelHtml = asHeading ? html`<h1 class="label-wrapper">${label}</h1>` : label;
  const inputClass = error ? 'input input--error' : 'input';
  let control: SafeHtml;
  if (option.type === 'drop_down' || option.type === 'banco' || q.place === 'values') {
    control = html`<select class="${error ? 'select input--error' : 'select'}" id="${id}" name="${id}"${described(id, hint, error)}>
<option value="">${formText(language, 'wizard.chooseOption')}</option>${option.opt_values.map(
      (v) =>
        html`<option value="${v.id}"${String(v.id) === value ? html` selected` : html``}>${v.price ? `${v.name} (${v.price})` : v.name}</option>`,
    )}</select>`;
  } else if (option.type === 'area') {
    control = html`<textarea class="${inputClass} textarea" id="${id}" name="${id}" rows="4"${maxLength}${described(id, hint, error)}>${value}</textarea>`;
  } else {
    const type = option.type === 'date' ? 'date' : 'text';
    control = html`<input class="${inputClass}" type="${type}" id="${id}" name="${id}" value="${value}"${maxLength}${described(id, hint, error)}>`;
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
