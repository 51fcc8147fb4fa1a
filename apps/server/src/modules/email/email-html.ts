/** HTML that is already safe to embed (built by the `html` tag, never from raw user input). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

type Interpolation = string | number | SafeHtml | readonly SafeHtml[] | null | undefined | false;

/**
 * Tagged template for email HTML: every interpolated string or number is escaped; only SafeHtml (built by this same
 * tag) is embedded as is. Escaping cannot be forgotten because there is no other way to put a value in.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((v: SafeHtml) => v.value).join('');
  return escapeHtml(String(value));
}

/** Only http(s) links go into an href (no javascript: or data: URLs from anywhere). */
export function safeUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : '#';
}
