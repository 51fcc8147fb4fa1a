import type { DomainMessage } from '../i18n/domain-messages.js';

/*
 * Placeholders of e-mail and incidence templates (spec section 5: "Email template placeholders allowed: logo, address,
 * finca number, name, municipality, province, reason, url, site name, reference, product name, id, order id, order
 * number, owner, matrix article, description on record"). The spec names them in English only; the spelling below is
 * ours, Spanish like the data model's own fields (referencia, titular), written {{name}} (docs/backoffice.md).
 */

/** The spec's seventeen placeholders, in its order. */
export const TEMPLATE_PLACEHOLDERS = [
  'logo',
  'direccion',
  'numero_finca',
  'nombre',
  'municipio',
  'provincia',
  'motivo',
  'url',
  'nombre_web',
  'referencia',
  'nombre_producto',
  'id',
  'order_id',
  'numero_pedido',
  'titular',
  'articulo_matriz',
  'descripcion_registral',
] as const;

export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/** The values a template is filled with; absent, null or blank means "missing". */
export type TemplateValues = Partial<Record<TemplatePlaceholder, string | number | null>>;

export type TemplateError =
  /** `{{something}}` that is not one of the seventeen (names are case-sensitive). */
  | { code: 'unknown_placeholder'; names: string[] }
  /** `{{` without a closing `}}`, or a name with characters a placeholder never has. */
  | { code: 'malformed_placeholder'; fragments: string[] };

export type TemplateParse = { ok: true; placeholders: TemplatePlaceholder[] } | { ok: false; errors: TemplateError[] };

const KNOWN = new Set<string>(TEMPLATE_PLACEHOLDERS);
const TOKEN = /\{\{([^{}]*)\}\}/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface Token {
  start: number;
  end: number;
  name: string;
}

/** Splits a template into its `{{ name }}` tokens (whitespace inside the braces allowed) and the malformed pieces. */
function scan(template: string): { tokens: Token[]; malformed: string[] } {
  const tokens: Token[] = [];
  const malformed: string[] = [];
  let last = 0;
  for (const match of template.matchAll(TOKEN)) {
    const gap = template.slice(last, match.index);
    if (gap.includes('{{')) malformed.push(excerpt(gap.slice(gap.indexOf('{{'))));
    const name = match[1]!.trim();
    if (NAME.test(name)) tokens.push({ start: match.index, end: match.index + match[0].length, name });
    else malformed.push(excerpt(match[0]));
    last = match.index + match[0].length;
  }
  const tail = template.slice(last);
  if (tail.includes('{{')) malformed.push(excerpt(tail.slice(tail.indexOf('{{'))));
  return { tokens, malformed };
}

function excerpt(text: string): string {
  return text.length > 30 ? `${text.slice(0, 30)}…` : text;
}

/**
 * Finds the placeholders a template uses (each once, in order of first use). Unknown names and malformed `{{` are
 * errors, so a template with a typo is refused when it is saved rather than sent with a hole in it.
 */
export function parseTemplate(template: string): TemplateParse {
  const { tokens, malformed } = scan(template);
  const unknown = unique(tokens.map((t) => t.name).filter((name) => !KNOWN.has(name)));
  const errors: TemplateError[] = [];
  if (unknown.length > 0) errors.push({ code: 'unknown_placeholder', names: unknown });
  if (malformed.length > 0) errors.push({ code: 'malformed_placeholder', fragments: unique(malformed) });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, placeholders: unique(tokens.map((t) => t.name)) as TemplatePlaceholder[] };
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function present(value: string | number | null | undefined): value is string | number {
  return value != null && String(value).trim() !== '';
}

/** The placeholders a template uses that have no value: shown to the agent before sending. */
export function missingTemplateValues(
  placeholders: readonly TemplatePlaceholder[],
  values: TemplateValues,
): TemplatePlaceholder[] {
  return placeholders.filter((name) => !present(values[name]));
}

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * `html`: every value is escaped, and {{logo}} (an image address) becomes an <img> with the site name as its text;
 * `text` (subjects, plain-text parts): values as they are.
 */
export type TemplateFormat = 'html' | 'text';

export type TemplateRender =
  { ok: true; output: string } | { ok: false; errors: TemplateError[] } | { ok: false; missing: TemplatePlaceholder[] };

function fill(template: string, tokens: Token[], replace: (name: TemplatePlaceholder) => string): string {
  let out = '';
  let last = 0;
  for (const token of tokens) {
    out += template.slice(last, token.start) + replace(token.name as TemplatePlaceholder);
    last = token.end;
  }
  return out + template.slice(last);
}

function renderValue(name: TemplatePlaceholder, values: TemplateValues, format: TemplateFormat): string {
  const value = String(values[name]);
  if (format === 'text') return value;
  if (name === 'logo') {
    const alt = present(values.nombre_web) ? String(values.nombre_web) : '';
    return `<img src="${escapeHtml(value)}" alt="${escapeHtml(alt)}">`;
  }
  return escapeHtml(value);
}

/** Fills a template for sending: refused while it has unknown placeholders or any value is missing. */
export function renderTemplate(template: string, values: TemplateValues, format: TemplateFormat): TemplateRender {
  const parsed = parseTemplate(template);
  if (!parsed.ok) return parsed;
  const missing = missingTemplateValues(parsed.placeholders, values);
  if (missing.length > 0) return { ok: false, missing };
  return { ok: true, output: fill(template, scan(template).tokens, (name) => renderValue(name, values, format)) };
}

/**
 * The live preview: fills what it can and leaves each missing placeholder visible as `{{name}}`, listing them, so
 * the agent or admin sees what is missing before sending.
 */
export function previewTemplate(
  template: string,
  values: TemplateValues,
  format: TemplateFormat,
): { ok: true; output: string; missing: TemplatePlaceholder[] } | { ok: false; errors: TemplateError[] } {
  const parsed = parseTemplate(template);
  if (!parsed.ok) return parsed;
  const missing = missingTemplateValues(parsed.placeholders, values);
  const output = fill(template, scan(template).tokens, (name) =>
    missing.includes(name) ? `{{${name}}}` : renderValue(name, values, format),
  );
  return { ok: true, output, missing };
}

/** The translatable message of a template error ({names} lists them). */
export function templateErrorMessage(error: TemplateError): DomainMessage {
  return error.code === 'unknown_placeholder'
    ? { key: 'template.unknown_placeholder', params: { names: error.names.map((n) => `{{${n}}}`).join(', ') } }
    : { key: 'template.malformed_placeholder', params: { names: error.fragments.join(', ') } };
}

/** The translatable message listing missing values. */
export function missingValuesMessage(missing: readonly TemplatePlaceholder[]): DomainMessage {
  return { key: 'template.missing_values', params: { names: missing.map((n) => `{{${n}}}`).join(', ') } };
}

/** The label of a placeholder for the template editor's list. */
export function placeholderLabel(name: TemplatePlaceholder): DomainMessage {
  return { key: `placeholder.${name}` };
}
