// The <head> of a server-rendered page: title, description, canonical, hreflang alternates, Open Graph and
// JSON-LD. Written with the escaping `html` tag; JSON goes into <script> elements through `jsonForScript` only.
import { html, trustedHtml, type SafeHtml } from '../../shared/html.js';

export interface Alternate {
  /** BCP 47: "es-ES", "pt-PT", "en-IE"; or "x-default". */
  hreflang: string;
  href: string;
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL; null for pages that are not to be indexed (client-only pages, not found). */
  canonical: string | null;
  alternates: Alternate[];
  /** noindex for the not-found page and the client-only pages (account, back office, cart, checkout). */
  noindex: boolean;
  og: { type: 'website' | 'product'; siteName: string; locale: string; image: string | null } | null;
  /** Structured data: each object becomes one <script type="application/ld+json">. */
  jsonLd: unknown[];
}

// Inside <script>, the HTML parser ends the element at "</script" and changes state at "<!--": no "<" may stay raw.
// ">" and "&" too (older parsers, "-->"), and U+2028/U+2029 (line terminators in older JavaScript). All become
// JSON escapes, which JSON.parse turns back into the same characters: the data is unchanged.
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON that can be written between <script type="application/…json"> and </script> as is. */
export function jsonForScript(value: unknown): SafeHtml {
  return trustedHtml(JSON.stringify(value).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c] ?? c));
}

/** The Open Graph locale of a store: "es_ES", "pt_PT", "en_IE". */
export function ogLocale(language: string, country: string): string {
  return `${language}_${country}`;
}

/** The elements of <head> that say what the page is (placed where the app's <title> was), one per line. */
export function headHtml(head: PageHead): SafeHtml {
  const og = head.og;
  const lines: SafeHtml[] = [
    html`<title>${head.title}</title>`,
    html`<meta name="description" content="${head.description}" />`,
  ];
  if (head.noindex) lines.push(html`<meta name="robots" content="noindex" />`);
  if (head.canonical) lines.push(html`<link rel="canonical" href="${head.canonical}" />`);
  for (const a of head.alternates) lines.push(html`<link rel="alternate" hreflang="${a.hreflang}" href="${a.href}" />`);
  if (og) {
    lines.push(
      html`<meta property="og:type" content="${og.type}" />`,
      html`<meta property="og:site_name" content="${og.siteName}" />`,
      html`<meta property="og:locale" content="${og.locale}" />`,
      html`<meta property="og:title" content="${head.title}" />`,
      html`<meta property="og:description" content="${head.description}" />`,
    );
    if (head.canonical) lines.push(html`<meta property="og:url" content="${head.canonical}" />`);
    if (og.image) lines.push(html`<meta property="og:image" content="${og.image}" />`);
  }
  for (const data of head.jsonLd) lines.push(html`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return trustedHtml(lines.map((line) => line.value).join('\n    '));
}
