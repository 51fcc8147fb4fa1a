// The one way the server writes HTML (e-mails, the sandbox provider's pages, the Redsys redirect page): the `html` tag
// escapes every interpolated value, so forgetting to escape is not possible; trusted fragments are marked explicitly.

/** HTML that is safe to embed as is: built by the `html` tag, or a constant of this code wrapped by `trustedHtml`. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What may be interpolated: text and numbers (escaped), SafeHtml (as is), lists of these, and nothing. */
export type HtmlValue = string | number | SafeHtml | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and for double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * Tagged template for HTML: every interpolated string or number is escaped (text and quoted attribute values alike),
 * SafeHtml is embedded as is, arrays are joined, and null, undefined and false render nothing.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * Marks a fragment this code wrote itself (never anything that came from a request, the database or a file) as HTML
 * to embed unescaped. Rarely needed: prefer building the fragment with `html`.
 */
export function trustedHtml(fragment: string): SafeHtml {
  return new SafeHtml(fragment);
}

/** Only http(s) links go into an href (no javascript: or data: URLs from anywhere). */
export function safeUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : '#';
}
