// robots.txt and sitemap.xml of a store: addresses from the store's own host and its catalogue only.
import { html } from '../../shared/html.js';

/** Client-only areas (accounts, payments, the back office, the API): nothing there for a search engine. */
const DISALLOWED = [
  '/api/',
  '/agentes',
  '/customer/',
  '/checkout/',
  '/payment/',
  '/orders',
  '/abonos',
  '/datos-facturacion',
  '/logout',
  '/sandbox-pay/',
  '/tienda/product/',
  '/tienda/continuar/',
];

/** Public pages inside a closed area (the longest rule wins, for Google and Lighthouse's robots parser alike). */
const ALLOWED_INSIDE = ['/customer/checkout$'];

/** The store's robots.txt: the shop open, the private areas closed, and where its sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    // The checkout is the shop's own last step (titled and described, docs/decisions/0015), inside /customer/.
    ...ALLOWED_INSIDE.map((p) => `Allow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export interface SitemapEntry {
  path: string;
  /** yyyy-mm-dd, when known. */
  lastmod?: string;
}

/** A sitemap (sitemaps.org 0.9) of absolute URLs on `origin`. */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) => html`
  <url><loc>${origin}${e.path}</loc>${e.lastmod ? html`<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
  );
  return html`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}
</urlset>
`.value;
}
