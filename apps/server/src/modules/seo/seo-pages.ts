// Full HTML for the shop's public pages (docs/decisions/0015-server-rendering.md): the home and catalogue,
// categories, products and the wizard's question pages are rendered by React on the server with the catalogue's own
// API answers, wrapped in a head built from the catalogue fields (title, description, canonical, hreflang, Open Graph,
// JSON-LD), and cached per store, page and whether the page asks for a cookie choice, until the catalogue changes. A
// signed-in customer's checkout is rendered for that customer alone and never cached. Client-only pages get the app
// shell with the store's language and title; unknown addresses a 404 page. Nothing of the request but the store it
// resolves to, the catalogue keys found in its path and whether a cookie choice came with it reaches a cached page:
// canonical and alternate URLs are built from the stores' own hosts, never from Host.
import type { CompressibleBody } from '../../shared/content-encoding.js';
import { createHash } from 'node:crypto';
import type { Language } from '@ventanilla/domain';
import { type CatalogService, evaluateProduct, evaluationOut, type StoreInfo } from '../catalog/index.js';
import type { SellerOut } from '../invoicing/index.js';
import { html, type SafeHtml } from '../../shared/html.js';
import { formText } from '../shop-forms/index.js';
import { headHtml, jsonForScript, ogLocale, type Alternate, type PageHead } from './seo-head.js';
import type { PageRenderer, SsrData } from './page-renderer.js';
import { dataPreloads, type PagePreloads } from './page-preloads.js';
import {
  CART_ADD_KINDS,
  flowBySlug,
  flowPage,
  isLegalPageSlug,
  legalPagePath,
  productGroupOfSlug,
  productGroupSlug,
  SEARCH_QUERY_MAX,
  type LegalPageSlug,
} from '@ventanilla/domain';

/**
 * The start page's most ordered products of a store (GET /api/stores/{store}/popular's answer) and a value that moves
 * when any store's list may have changed (the start page is rendered again then).
 */
export interface PopularSource {
  of(storeId: number): Promise<unknown>;
  revision(): number;
}

/** The catalogue search's address: a GET form's results (`?q=`), rendered for each query. */
const SEARCH_PATH = '/tienda/buscar';

/** The stores' sellers and a value that moves when any changes (the page cache is dropped then). */
export interface SellerSource {
  of(storeId: number): SellerOut | null;
  revision(): number;
}

/** What an address is, read from its path alone (store-independent). */
export type PageAddress =
  | { kind: 'home'; path: '/' | '/tienda/servicios' | '/tienda/servicios/reset' }
  | { kind: 'category'; urlKey: string }
  | { kind: 'product'; urlKey: string }
  /** A legal page (aviso legal, privacidad, cookies, condiciones), the same in every store, in its language. */
  | { kind: 'legal'; slug: LegalPageSlug }
  /** Any other address: a client-only page of the app if the app knows it, else not found. */
  /** A page of a product's wizard (/tienda/{product}/{step}); its head is the product's. */
  | { kind: 'wizard'; urlKey: string; step: string; path: string }
  /** The catalogue search's results (the query is read apart: `?q=`). */
  | { kind: 'search' }
  | { kind: 'other'; path: string }
  | { kind: 'invalid' };

const KEY = /^[a-z0-9-]{1,120}$/;
const STATIC_TIENDA = new Set(['cart', 'servicios', 'product', 'continuar', 'buscar']);

/**
 * Reads a request path (without the query): percent-decoded segment by segment; undecodable escapes, control
 * characters (NUL included), encoded slashes, dot segments and over-long paths are invalid (a 404, never a lookup).
 */
export function parseAddress(rawPath: string): PageAddress {
  if (rawPath.length > 1024 || !rawPath.startsWith('/')) return { kind: 'invalid' };
  const segments: string[] = [];
  for (const raw of rawPath.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { kind: 'invalid' };
    }
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
    if (/[\u0000-\u001f\u007f/\\]/.test(segment) || segment === '.' || segment === '..') return { kind: 'invalid' };
    segments.push(segment);
  }
  // One trailing slash is the same page ("/tienda/nota-simple/"); empty segments elsewhere are not.
  if (segments.length > 1 && segments.at(-1) === '') segments.pop();
  if (segments.slice(0, -1).includes('')) return { kind: 'invalid' };
  const path = `/${segments.join('/')}`;
  if (path === '/' || path === '/tienda/servicios' || path === '/tienda/servicios/reset') return { kind: 'home', path };
  if (path === SEARCH_PATH) return { kind: 'search' };
  const [first, second, third, fourth] = segments;
  if (first === 'legal' && third === undefined) {
    return isLegalPageSlug(second) ? { kind: 'legal', slug: second } : { kind: 'invalid' };
  }
  if (first === 'tienda' && second === 'servicios' && third !== undefined && fourth === undefined) {
    return KEY.test(third) ? { kind: 'category', urlKey: third } : { kind: 'invalid' };
  }
  if (first === 'tienda' && second !== undefined && third === undefined && !STATIC_TIENDA.has(second)) {
    return KEY.test(second) ? { kind: 'product', urlKey: second } : { kind: 'invalid' };
  }
  if (first === 'tienda' && second !== undefined && third !== undefined && fourth === undefined) {
    if (!STATIC_TIENDA.has(second))
      return KEY.test(second) ? { kind: 'wizard', urlKey: second, step: third, path } : { kind: 'invalid' };
  }
  return { kind: 'other', path };
}

/**
 * The shop's public steps that only the browser renders (the cart, the checkout): indexable with their own title and
 * the store's description (docs/decisions/0015, "Cart, checkout and wizard steps"). Every other client-only page
 * (accounts, payments, the back office) is `noindex`.
 */
const PUBLIC_SHELLS: Record<string, ShellKind> = {
  '/tienda/cart': 'cart',
  '/customer/checkout': 'checkout',
  // "Added to your cart" (the spec's cart add routes): the cart's page as far as search engines and no-script go.
  ...Object.fromEntries(CART_ADD_KINDS.map((kind) => [`/tienda/cart/add/${kind}`, 'cart' as const])),
};
type ShellKind = 'cart' | 'checkout' | 'private';

/** The built index.html cut where the page's parts go: the language, the head, the body and its state. */
export interface ShellTemplate {
  beforeLang: string;
  beforeHead: string;
  beforeBody: string;
  /** What follows `<div id="root"></div>`. */
  afterBody: string;
}

/** Cuts the app's index.html; null when it lacks `<html lang>`, `<title>` or `<div id="root"></div>`. */
export function parseShellTemplate(indexHtml: string): ShellTemplate | null {
  const lang = /<html\b[^>]*?\blang="[^"]*"/i.exec(indexHtml);
  const title = /<title>[^<]*<\/title>/i.exec(indexHtml);
  const root = /<div id="root"><\/div>/i.exec(indexHtml);
  if (!lang || !title || !root || !(lang.index < title.index && title.index < root.index)) return null;
  const langValueStart = lang.index + lang[0].lastIndexOf('lang="') + 'lang="'.length;
  const langValueEnd = lang.index + lang[0].length - 1;
  return {
    beforeLang: indexHtml.slice(0, langValueStart),
    beforeHead: indexHtml.slice(langValueEnd, title.index),
    beforeBody: indexHtml.slice(title.index + title[0].length, root.index) + '<div id="root">',
    afterBody: indexHtml.slice(root.index + root[0].length),
  };
}

export interface RenderedPage {
  status: 200 | 404;
  body: Buffer;
  etag: string;
  /** Compressed copies, made on first use (content-encoding.ts). */
  encoded?: CompressibleBody['encoded'];
  /**
   * A page of one person's data (a signed-in customer's checkout): rendered for this request alone, never cached
   * here, and sent `Cache-Control: private, no-store`.
   */
  personal?: true;
}

function rendered(status: 200 | 404, text: string): RenderedPage {
  return {
    status,
    body: Buffer.from(text, 'utf8'),
    etag: `"${createHash('sha1').update(text).digest('base64url').slice(0, 27)}"`,
  };
}

/** What of the request (beyond the store and the path) a page depends on. */
export interface Visitor {
  /**
   * No valid cookie choice came with the request (the consent cookie): the page asks for one, with the cookie dialog
   * in its markup, so a first visit's first paint is the dialog it will use. Pages are cached per answer.
   */
  consentAsked: boolean;
}

const CHOICE_MADE: Visitor = { consentAsked: false };

/**
 * What a visitor's own cart or a signed-in customer's checkout is rendered from: the API's own answers for that
 * session (read by seo.routes.ts through the API itself), never kept once the page is sent.
 */
export interface CustomerPageData {
  /** GET /api/session (its CSRF token is left out of the page: the browser fetches its own). */
  session: { csrf_token?: unknown } & Record<string, unknown>;
  /** GET /api/cart. */
  cart: unknown;
  /** GET /api/stores/{store}/payment-methods (the checkout's). */
  paymentMethods?: unknown;
}

/** The pages rendered for one visitor's session: the cart (any session) and the checkout (a signed-in customer). */
export type CustomerPageKind = 'cart' | 'checkout';

/**
 * The cache key of a wizard page the server renders (a question page, by its canonical name), or null: the
 * check-answers page, an unknown or non-canonical name (the browser then redirects) get the shell with the product's
 * data. Mirrors the app's routes (WizardStepRoute): a dedicated flow's page names, else `step1` to `step99`.
 */
export function wizardPageKey(urlKey: string, step: string): string | null {
  const flow = flowBySlug(urlKey);
  if (flow) {
    const page = flowPage(flow, step);
    return page?.kind === 'page' ? `page${page.index}` : null;
  }
  const match = /^step([1-9]\d?)$/.exec(step);
  return match ? `step${match[1]}` : null;
}

/** https://<the store's first host>, or the configured public URL for a store without hosts. */
export function storeOrigin(store: StoreInfo, publicUrl: string): string {
  const host = store.hosts[0];
  return host ? `https://${host}` : publicUrl;
}

const hreflangOf = (store: StoreInfo) => `${store.language}-${store.country}`;

interface ProductJson {
  product_id: number;
  name: string;
  url_key: string;
  cat_url_key: string;
  short_description: string;
  meta_title: string;
  meta_description: string;
  price: string;
  image: string | null;
}

interface CategoryJson {
  name: string;
  url_key: string;
  description: string;
  meta_title: string;
  meta_description: string;
  image: string | null;
  products: unknown[];
}

/**
 * The most page bytes kept (uncompressed HTML; the compressed copies add about a fifth): every page of the three main
 * stores fits, and a crawler walking all 19 stores cannot hold more than this in memory (least recently used pages
 * go first and are rendered again when asked for).
 */
export const PAGE_CACHE_BYTES = 16 * 1024 * 1024;

// Where the 404 pages are rendered: addresses no catalogue key can take (keys have no "_"), one per not-found screen
// of the app (an unknown product, an unknown category, any other unknown address).
const SHELL_TEXTS: Record<Language, { cart: string; checkout: string; description: string }> = {
  es: {
    cart: 'Carrito',
    checkout: 'Finalizar el pedido',
    description:
      'Pide en {brand} notas simples, certificados y otros trámites de registros y notarías: online, paso a paso y con pago seguro.',
  },
  en: {
    cart: 'Basket',
    checkout: 'Complete your order',
    description:
      'Order land registry copies, certificates and other registry and notary services from {brand}: online, step by step, with secure payment.',
  },
  pt: {
    cart: 'Carrinho',
    checkout: 'Finalizar o pedido',
    description:
      'Peça em {brand} certidões, registos e outros serviços de conservatórias e notários: online, passo a passo e com pagamento seguro.',
  },
};

function shellTexts(language: Language) {
  return SHELL_TEXTS[language];
}

function fillBrand(text: string, brand: string): string {
  return text.replace('{brand}', brand);
}

const MISSING_PRODUCT = '/tienda/__missing__';
const MISSING_CATEGORY = '/tienda/servicios/__missing__';
const UNKNOWN_ADDRESS = '/__not-found__';

export class SeoPages {
  /** Promises, so that concurrent first requests for a page share one render. */
  private cache = new Map<string, Promise<RenderedPage>>();
  /** Bytes of the finished pages in the cache (a page being rendered counts once it is done). */
  private cacheBytes = 0;
  private readonly sizes = new Map<string, number>();
  private cacheRevision = '';

  constructor(
    private readonly catalog: CatalogService,
    private readonly template: ShellTemplate | null,
    private readonly renderer: PageRenderer | null,
    private readonly publicUrl: string,
    /** The page's chunks to name in its head (page-preloads.ts); none without a build manifest. */
    private readonly preloads: PagePreloads | null = null,
    private readonly maxBytes = PAGE_CACHE_BYTES,
    /** Who sells in each store (the legal pages and the Organization's structured data; docs/legal-entities.md). */
    private readonly sellers: SellerSource | null = null,
    /** The start page's most ordered products (none: the start page lists none). */
    private readonly popular: PopularSource | null = null,
  ) {}

  /**
   * The page for a path in a store: from the cache while the catalogue is unchanged, else rendered now. `query` (the
   * address's part after "?") is read only where a page has a parameter: the search's `q` and the lists' `grupo`.
   */
  async page(
    storeId: number,
    rawPath: string,
    visitor: Visitor = CHOICE_MADE,
    query = '',
  ): Promise<RenderedPage | null> {
    const store = this.catalog.getStore(storeId);
    if (!this.template || !store) return null;
    this.dropStaleCache();
    return this.route(store, parseAddress(rawPath), visitor, new URLSearchParams(query));
  }

  /**
   * A visitor's cart (with the session's cart) or a signed-in customer's checkout (with the store's payment methods
   * too), rendered with the page's data in it, so the browser's first render waits on no request: never cached (not
   * here, and `personal` tells the route to forbid every other cache), so no one else ever gets it. Without
   * JavaScript the page leads to the server's own forms, as the public page does. Null without a render module (the
   * route then serves the public shell).
   */
  async customerPage(
    kind: CustomerPageKind,
    storeId: number,
    visitor: Visitor,
    data: CustomerPageData,
  ): Promise<RenderedPage | null> {
    const store = this.catalog.getStore(storeId);
    if (!this.template || !store || !this.renderer) return null;
    const ssrData: SsrData = {
      ...this.baseData(store),
      categories: undefined,
      session: { ...data.session, csrf_token: '' },
      cart: data.cart,
      paymentMethods: kind === 'checkout' ? data.paymentMethods : undefined,
    };
    // The cart is hydrated as islands: the frame and the cart's own island (its controls), not the whole app
    // (docs/decisions/0028-home-page-islands.md); the checkout runs the app. Without a build manifest, the app.
    const islandsHead = kind === 'cart' ? (this.preloads?.islands('cart') ?? null) : null;
    const page = await this.renderPage(
      store,
      kind === 'cart' ? '/tienda/cart' : '/customer/checkout',
      ssrData,
      200,
      visitor,
      () => this.shellHead(store, kind),
      islandsHead === null ? (this.preloads?.screens('checkout', 'markup') ?? '') : '',
      shellNoscript(store, kind),
      islandsHead,
    );
    return { ...page, personal: true };
  }

  private dropStaleCache(): void {
    const revision = `${this.catalog.revision()}:${this.sellers?.revision() ?? 0}`;
    if (revision === this.cacheRevision) return;
    this.cache.clear();
    this.sizes.clear();
    this.cacheBytes = 0;
    this.cacheRevision = revision;
  }

  private cached(key: string, build: () => Promise<RenderedPage>): Promise<RenderedPage> {
    const hit = this.cache.get(key);
    if (hit) {
      // Least recently used first out: a page asked for again moves to the end.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const page = build();
    this.cache.set(key, page);
    page.then(
      (done) => {
        if (this.cache.get(key) !== page) return;
        this.sizes.set(key, done.body.length);
        this.cacheBytes += done.body.length;
        this.evict();
      },
      // A failed render is not kept: the next request tries again.
      () => {
        if (this.cache.get(key) === page) this.cache.delete(key);
      },
    );
    return page;
  }

  /** Drops the least recently used finished pages until the cache is within its byte budget. */
  private evict(): void {
    for (const key of this.cache.keys()) {
      if (this.cacheBytes <= this.maxBytes) return;
      const size = this.sizes.get(key);
      if (size === undefined) continue; // still rendering
      this.cache.delete(key);
      this.sizes.delete(key);
      this.cacheBytes -= size;
    }
  }

  /** What the cache holds now (for tests and diagnostics). */
  cacheStats(): { pages: number; bytes: number } {
    return { pages: this.cache.size, bytes: this.cacheBytes };
  }

  /**
   * Every page is cached under a key from a bounded set (the catalogue's pages, a wizard's question pages, one shell
   * and three 404 pages per store, each with or without the cookie dialog): made-up addresses neither render again
   * nor fill the memory.
   */
  private async route(
    store: StoreInfo,
    address: PageAddress,
    visitor: Visitor,
    query: URLSearchParams,
  ): Promise<RenderedPage> {
    const id = store.storeId;
    const variant = visitor.consentAsked ? ':ask' : '';
    // The lists' group chips (`?grupo=marcas`): one of five known values, else the whole list.
    const group = productGroupOfSlug(query.get('grupo'));
    const groupQuery = group ? `?grupo=${productGroupSlug(group)}` : '';
    switch (address.kind) {
      case 'home': {
        if (address.path !== '/') {
          return this.cached(`${id}:home:${address.path}${groupQuery}${variant}`, () =>
            this.home(store, `${address.path}${groupQuery}`, visitor, null),
          );
        }
        // The start page shows the most ordered products: rendered again when they may have changed.
        const popular = this.popular ? await this.popular.of(id).catch(() => null) : null;
        const revision = this.popular?.revision() ?? 0;
        return this.cached(`${id}:home:/:${revision}${variant}`, () => this.home(store, '/', visitor, popular));
      }
      case 'search':
        return this.search(store, (query.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX), visitor);
      case 'category':
        return this.catalog.categoryJson(id, address.urlKey)
          ? this.cached(`${id}:category:${address.urlKey}${groupQuery}${variant}`, () =>
              this.category(store, address.urlKey, visitor, groupQuery),
            )
          : this.notFound(store, MISSING_CATEGORY, visitor);
      case 'product':
        return this.catalog.productJson(id, address.urlKey)
          ? this.cached(`${id}:product:${address.urlKey}${variant}`, () => this.product(store, address.urlKey, visitor))
          : this.notFound(store, MISSING_PRODUCT, visitor);
      case 'legal':
        return this.cached(`${id}:legal:${address.slug}${variant}`, () => this.legal(store, address.slug, visitor));
      case 'wizard': {
        if (this.renderer && !this.renderer.isKnownAddress(address.path)) {
          return this.notFound(store, UNKNOWN_ADDRESS, visitor);
        }
        // A product the catalogue pages list: the step carries its head, and a question page its markup (as a
        // visitor without a draft sees it: the browser applies a stored draft once hydrated). Others (a product only
        // reached by a redirect, or one the browser will say is unknown) keep the plain shell, as every client-only
        // page: the server must not render a 404 the browser's wizard would then contradict while hydrating.
        if (!this.catalog.productJson(id, address.urlKey)) {
          return this.cached(`${id}:shell:private${variant}`, async () => this.shell(store, 'private', visitor));
        }
        const page = wizardPageKey(address.urlKey, address.step);
        // Only the page's canonical address is rendered (`step01` would render the markup of `step1`'s links).
        const data = page !== null && this.renderer ? this.wizardData(store, address.urlKey) : null;
        return data
          ? this.cached(`${id}:wizard:${address.urlKey}:${page}${variant}`, () =>
              this.wizardPage(store, address.urlKey, address.path, data, visitor),
            )
          : this.cached(`${id}:wizard:${address.urlKey}${variant}`, async () =>
              this.wizardShell(store, address.urlKey, visitor),
            );
      }
      case 'other': {
        const kind = PUBLIC_SHELLS[address.path] ?? 'private';
        return !this.renderer || this.renderer.isKnownAddress(address.path)
          ? this.cached(`${id}:shell:${kind}${variant}`, async () => this.shell(store, kind, visitor))
          : this.notFound(store, UNKNOWN_ADDRESS, visitor);
      }
      case 'invalid':
        return this.notFound(store, UNKNOWN_ADDRESS, visitor);
    }
  }

  private json(cached: { body: Buffer } | undefined): unknown {
    return cached ? JSON.parse(cached.body.toString('utf8')) : undefined;
  }

  private baseData(store: StoreInfo): SsrData {
    return {
      storeId: store.storeId,
      language: store.language,
      store: this.json(this.catalog.storeJson(store.storeId)),
      categories: this.json(this.catalog.categoriesJson(store.storeId)),
      notFound: false,
    };
  }

  /** The seller as schema.org's Organization (the brand is its trading name), when the store has one. */
  private organization(store: StoreInfo): unknown[] {
    const seller = this.sellers?.of(store.storeId);
    if (!seller) return [];
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: store.name,
        legalName: seller.legal_name,
        url: this.url(store, '/'),
        vatID: seller.tax_id,
        address: { '@type': 'PostalAddress', streetAddress: seller.address, addressCountry: seller.country },
        ...(seller.email ? { email: seller.email } : {}),
        ...(seller.phone ? { telephone: seller.phone } : {}),
      },
    ];
  }

  private url(store: StoreInfo, path: string): string {
    return `${storeOrigin(store, this.publicUrl)}${path}`;
  }

  private absolute(store: StoreInfo, image: string | null): string | null {
    if (!image) return null;
    if (/^https?:\/\//i.test(image)) return image;
    return image.startsWith('/') ? this.url(store, image) : null;
  }

  /** The same page in every store that has it, one per language and country: this store for its own. */
  private alternates(store: StoreInfo, path: string, has: (storeId: number) => boolean): Alternate[] {
    const chosen = new Map<string, StoreInfo>();
    for (const other of [...this.catalog.listStores()].sort((a, b) => a.storeId - b.storeId)) {
      if (!has(other.storeId)) continue;
      const code = hreflangOf(other);
      if (!chosen.has(code) || other.storeId === store.storeId) chosen.set(code, other);
    }
    return [...chosen.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([hreflang, s]) => ({ hreflang, href: this.url(s, path) }));
  }

  private breadcrumbs(store: StoreInfo, trail: Array<{ name: string; path: string }>): unknown {
    return {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [{ name: store.name, path: '/' }, ...trail].map((step, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: step.name,
        item: this.url(store, step.path),
      })),
    };
  }

  private og(store: StoreInfo, type: 'website' | 'product', image: string | null): PageHead['og'] {
    return { type, siteName: store.name, locale: ogLocale(store.language, store.country), image };
  }

  /**
   * The catalogue search's results for one query (docs/shop-flows.md, "The start page"): rendered for each request,
   * never cached (queries are unbounded), not indexed; the browser hydrates it from the same answer.
   */
  private search(store: StoreInfo, q: string, visitor: Visitor): Promise<RenderedPage> {
    const found = this.catalog.search(store.storeId, q) ?? { query: q, items: [] };
    const data = { ...this.baseData(store), search: { query: q, data: found } };
    const path = q ? `${SEARCH_PATH}?q=${encodeURIComponent(q)}` : SEARCH_PATH;
    return this.renderIslandsPage(store, path, data, 200, visitor, (meta) => ({
      title: meta.title ?? store.name,
      description: meta.description ?? '',
      canonical: null,
      alternates: [],
      noindex: true,
      og: null,
      jsonLd: [],
    }));
  }

  /**
   * Renders a page hydrated as islands (docs/decisions/0028-home-page-islands.md): its content stays the server's
   * markup, only the frame around it runs. The pages whose content works as plain HTML (links, GET forms): the start
   * page, the catalogue's lists, a category, a product, the search's results and the legal pages. The catalogue's
   * stylesheets stay (its markup needs them), its scripts are not named; without a build manifest, the app's entry.
   */
  private renderIslandsPage(
    store: StoreInfo,
    path: string,
    data: SsrData,
    status: 200 | 404,
    visitor: Visitor,
    head: (meta: { title?: string; description?: string }) => PageHead,
  ): Promise<RenderedPage> {
    const islandsHead = this.preloads?.islands() ?? null;
    const pagePreloads = islandsHead === null ? null : this.preloads!.catalogueStyles();
    return this.renderPage(store, path, data, status, visitor, head, pagePreloads, null, islandsHead);
  }

  /** The start page and the catalogue's lists, hydrated as islands. */
  private home(store: StoreInfo, path: string, visitor: Visitor, popular: unknown): Promise<RenderedPage> {
    const canonical = this.url(store, '/');
    const data = { ...this.baseData(store), ...(popular ? { popular } : {}) };
    const page = this.renderIslandsPage(store, path, data, 200, visitor, (meta) => ({
      title: meta.title ?? store.name,
      description: meta.description ?? '',
      canonical,
      alternates: this.alternates(store, '/', () => true),
      noindex: false,
      og: this.og(store, 'website', null),
      jsonLd: [
        { '@context': 'https://schema.org', '@type': 'WebSite', name: store.name, url: canonical },
        ...this.organization(store),
      ],
    }));
    return page;
  }

  private async category(store: StoreInfo, urlKey: string, visitor: Visitor, groupQuery = ''): Promise<RenderedPage> {
    const category = this.json(this.catalog.categoryJson(store.storeId, urlKey)) as CategoryJson | undefined;
    if (!category) return this.notFound(store, MISSING_CATEGORY, visitor);
    const path = `/tienda/servicios/${category.url_key}`;
    const data = { ...this.baseData(store), category: { urlKey, data: category } };
    // A filtered list's canonical address is the whole list's.
    return this.renderIslandsPage(store, `${path}${groupQuery}`, data, 200, visitor, (meta) => ({
      title: meta.title ?? `${category.meta_title || category.name} - ${store.name}`,
      description: meta.description ?? (category.meta_description || category.description),
      canonical: this.url(store, path),
      alternates: this.alternates(store, path, (id) => !!this.catalog.categoryJson(id, urlKey)),
      // A category with no services in this store answers (its page says so) but is not a page to index.
      noindex: category.products.length === 0,
      og: this.og(store, 'website', this.absolute(store, category.image)),
      jsonLd: [this.breadcrumbs(store, [{ name: category.name, path }]), ...this.organization(store)],
    }));
  }

  private async product(store: StoreInfo, urlKey: string, visitor: Visitor): Promise<RenderedPage> {
    const product = this.json(this.catalog.productJson(store.storeId, urlKey)) as ProductJson | undefined;
    if (!product) return this.notFound(store, MISSING_PRODUCT, visitor);
    const path = `/tienda/${product.url_key}`;
    const canonical = this.url(store, path);
    const listed = this.catalog.listCategories().find((c) => c.urlKey === product.cat_url_key);
    const category = (this.json(this.catalog.categoryJson(store.storeId, product.cat_url_key)) ??
      (listed && this.catalog.localizedCategory(store.storeId, listed))) as { name: string } | undefined;
    const image = this.absolute(store, product.image);
    const data = { ...this.baseData(store), product: { urlKey, data: product } };
    // Its content is links (the category, the order's first step) and the price, the API's: nothing to hydrate.
    return this.renderIslandsPage(store, path, data, 200, visitor, (meta) => {
      const description = meta.description ?? (product.meta_description || product.short_description);
      return {
        title: meta.title ?? `${product.meta_title || product.name} - ${store.name}`,
        description,
        canonical,
        alternates: this.alternates(store, path, (id) => !!this.catalog.findProduct(id, urlKey)),
        noindex: false,
        og: this.og(store, 'product', image),
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: product.name,
            description,
            sku: String(product.product_id),
            url: canonical,
            ...(image ? { image } : {}),
            ...(category ? { category: category.name } : {}),
            brand: { '@type': 'Brand', name: store.name },
            offers: {
              '@type': 'Offer',
              // The price the API shows (VAT included), so the search snippet and the page agree.
              price: product.price,
              priceCurrency: 'EUR',
              availability: 'https://schema.org/InStock',
              url: canonical,
            },
          },
          this.breadcrumbs(store, [
            ...(category ? [{ name: category.name, path: `/tienda/servicios/${product.cat_url_key}` }] : []),
            { name: product.name, path },
          ]),
          ...this.organization(store),
        ],
      };
    });
  }

  private legal(store: StoreInfo, slug: LegalPageSlug, visitor: Visitor): Promise<RenderedPage> {
    const path = legalPagePath(slug);
    const seller = this.sellers?.of(store.storeId);
    // The legal pages name the seller: it comes with the page (the browser does not ask for it again).
    const data = { ...this.baseData(store), ...(seller ? { seller } : {}) };
    return this.renderIslandsPage(store, path, data, 200, visitor, (meta) => ({
      title: meta.title ?? store.name,
      description: meta.description ?? '',
      canonical: this.url(store, path),
      alternates: this.alternates(store, path, () => true),
      noindex: false,
      og: this.og(store, 'website', null),
      jsonLd: this.organization(store),
    }));
  }

  /**
   * A 404 page, rendered at a stand-in address of its kind and cached per store: any number of made-up addresses
   * cost one render (the browser applies the not-found answer to the address it loaded).
   */
  private notFound(store: StoreInfo, path: string, visitor: Visitor): Promise<RenderedPage> {
    const variant = visitor.consentAsked ? ':ask' : '';
    return this.cached(`${store.storeId}:404:${path}${variant}`, () => this.renderNotFound(store, path, visitor));
  }

  private renderNotFound(store: StoreInfo, path: string, visitor: Visitor): Promise<RenderedPage> {
    const data = { ...this.baseData(store), notFound: true };
    return this.renderPage(store, path, data, 404, visitor, (meta) => ({
      title: meta.title ?? store.name,
      description: meta.description ?? '',
      canonical: null,
      alternates: [],
      noindex: true,
      og: null,
      jsonLd: [],
    }));
  }

  /**
   * Client-only pages: the app shell in the store's language. The cart and the checkout are the shop's own steps
   * (indexable, titled, described); accounts, payments and the back office are not indexed.
   */
  private shell(store: StoreInfo, kind: ShellKind, visitor: Visitor): RenderedPage {
    // The cart and checkout render in the browser: their screens and the answers they wait for (the session, the
    // cart) are fetched beside the entry.
    const preloads =
      kind === 'private'
        ? ''
        : (this.preloads?.screens('checkout', 'client') ?? '') + dataPreloads(['/api/session', '/api/cart']);
    return rendered(
      200,
      this.assemble(store, headHtml(this.shellHead(store, kind)), null, visitor, preloads, shellNoscript(store, kind)),
    );
  }

  /**
   * A client-only page whose `<noscript>` is one visitor's (the payment's outcome on the success page): rendered for
   * this request alone and never cached, like a customer's checkout.
   */
  personalShell(storeId: number, visitor: Visitor, noscript: SafeHtml): RenderedPage | null {
    const store = this.catalog.getStore(storeId);
    if (!store || !this.template) return null;
    const head = headHtml(this.shellHead(store, 'private'));
    return { ...rendered(200, this.assemble(store, head, null, visitor, '', noscript)), personal: true };
  }

  private shellHead(store: StoreInfo, kind: ShellKind): PageHead {
    const texts = shellTexts(store.language);
    return kind === 'private'
      ? { title: store.name, description: '', canonical: null, alternates: [], noindex: true, og: null, jsonLd: [] }
      : {
          title: `${texts[kind]} - ${store.name}`,
          description: fillBrand(texts.description, store.name),
          canonical: this.url(store, kind === 'cart' ? '/tienda/cart' : '/customer/checkout'),
          alternates: [],
          noindex: false,
          og: null,
          jsonLd: [],
        };
  }

  /** A wizard page's head: the product's title and description, its page as the canonical address. */
  private wizardHead(store: StoreInfo, urlKey: string): PageHead {
    const product = this.json(this.catalog.productJson(store.storeId, urlKey)) as ProductJson;
    return {
      title: `${product.meta_title || product.name} - ${store.name}`,
      description: product.meta_description || product.short_description,
      canonical: this.url(store, `/tienda/${product.url_key}`),
      alternates: [],
      noindex: false,
      og: null,
      jsonLd: [],
    };
  }

  /**
   * A wizard's question page, rendered as a visitor without a draft sees it: the product's first evaluation, the
   * public stand-in session, nothing of anyone's (all of it public and the same for every visitor). The browser
   * hydrates that markup and applies its stored draft afterwards (wizard-step.tsx), so the first paint is the
   * question, not a spinner.
   */
  private wizardPage(
    store: StoreInfo,
    urlKey: string,
    path: string,
    data: SsrData,
    visitor: Visitor,
  ): Promise<RenderedPage> {
    const head = this.wizardHead(store, urlKey);
    // The page's form posts to the server's forms; a page whose questions depend on earlier answers shows a spinner
    // until the browser applies its draft, so without JavaScript it also leads to the server's own page.
    const step = path.split('/').at(-1) ?? 'step1';
    const noscript = html`<noscript><main class="page-container"><p class="body"><a href="/html/tienda/${urlKey}/${step}">${formText(
      store.language,
      'forms.noscriptWizard',
    )}</a></p></main></noscript>`;
    return this.renderPage(
      store,
      path,
      data,
      200,
      visitor,
      () => head,
      this.preloads?.screens('wizard', 'markup') ?? '',
      noscript,
    );
  }

  /**
   * A wizard page the server does not render (the check-answers page, whose content is the visitor's draft; a name
   * the browser redirects from): the product's head, and what its first render needs (the wizard's data, as above),
   * so it renders without waiting for a request; its screens are named.
   */
  private wizardShell(store: StoreInfo, urlKey: string, visitor: Visitor): RenderedPage {
    const data = this.renderer?.pageState ? this.wizardData(store, urlKey) : null;
    const state = data && this.renderer?.pageState ? this.renderer.pageState(data) : null;
    const preloads = this.preloads?.screens('wizard', 'client') ?? '';
    const head = headHtml(this.wizardHead(store, urlKey));
    // Without JavaScript the server's own forms carry on (docs/decisions/0027-forms-without-javascript.md).
    const noscript = html`<noscript><main class="page-container"><p class="body"><a href="/html/tienda/${urlKey}/step1">${formText(
      store.language,
      'forms.noscriptWizard',
    )}</a></p></main></noscript>`;
    return rendered(200, this.assemble(store, head, state ? { html: '', state } : null, visitor, preloads, noscript));
  }

  /** What a wizard page starts from, or null (a product the store does not sell). */
  private wizardData(store: StoreInfo, slug: string): SsrData | null {
    // A dedicated flow's address names the flow; the wizard reads its product under the product's url_key.
    const urlKey = flowBySlug(slug)?.urlKey ?? slug;
    const product = this.catalog.findProduct(store.storeId, urlKey);
    const productJson = this.json(this.catalog.productJson(store.storeId, urlKey));
    if (!product || !productJson) return null;
    const evaluation = evaluationOut(
      store,
      evaluateProduct(store, product, {}),
      (id) => this.catalog.findProductById(store.storeId, id)?.row.urlKey,
    );
    return {
      ...this.baseData(store),
      categories: undefined,
      product: { urlKey, data: productJson },
      evaluation: { urlKey, data: evaluation },
    };
  }

  /**
   * Renders a page with React (`pagePreloads`: the screens it shows, default the catalogue's); without a render
   * module, the shell with the head.
   */
  private async renderPage(
    store: StoreInfo,
    path: string,
    data: SsrData,
    status: 200 | 404,
    visitor: Visitor,
    head: (meta: { title?: string; description?: string }) => PageHead,
    pagePreloads: string | null = null,
    noscript: SafeHtml | null = null,
    islandsHead: string | null = null,
  ): Promise<RenderedPage> {
    if (!this.renderer)
      return rendered(status, this.assemble(store, headHtml(head({})), null, visitor, null, noscript));
    const result = await this.renderer.render(path, {
      ...data,
      consentAsked: visitor.consentAsked,
      ...(islandsHead !== null ? { islands: true } : {}),
    });
    return rendered(
      status,
      this.assemble(store, headHtml(head(result.meta)), result, visitor, pagePreloads, noscript, islandsHead),
    );
  }

  private assemble(
    store: StoreInfo,
    head: SafeHtml,
    body: { html: string; state: unknown } | null,
    visitor: Visitor,
    pagePreloads: string | null = null,
    noscript: SafeHtml | null = null,
    /** A page hydrated as islands: the islands' entry (page-preloads.ts) instead of the app's. */
    islandsHead: string | null = null,
  ): string {
    const t = this.template;
    if (!t) throw new Error('assemble() without a template');
    const state = body
      ? html`<script type="application/json" id="vt-ssr-state">${jsonForScript(body.state)}</script>`.value
      : '';
    // The language's texts where the browser renders the page itself (a page with markup carries the texts it
    // shows in its state, and the browser loads the rest after hydrating it) and the cookie dialog where the page
    // asks for a choice; the catalogue screens (and their styles) where the server rendered them, or what the page
    // names itself. A page with the server's markup shows without any script: its scripts come after its content
    // (the entry's too).
    const mode = body?.html ? 'markup' : 'client';
    const preloads = this.preloads
      ? (mode === 'client' ? this.preloads.language(store.language, mode) : '') +
        (visitor.consentAsked ? this.preloads.consent(mode) : '') +
        (pagePreloads ?? (body ? this.preloads.catalogue() : ''))
      : (pagePreloads ?? '');
    // After the entry's own script and stylesheet (the browser asks in document order): those come first.
    const template =
      islandsHead !== null && body?.html
        ? withoutAppScripts(t.beforeBody).replace('</head>', `${islandsHead}</head>`)
        : mode === 'markup'
          ? lowPriorityEntry(t.beforeBody)
          : t.beforeBody;
    const headEnd = template.lastIndexOf('</head>');
    const rest = headEnd < 0 ? preloads + template : template.slice(0, headEnd) + preloads + template.slice(headEnd);
    // `<html data-consent>`: whether the page asks for a cookie choice (the browser's boot reads it).
    const consent = visitor.consentAsked ? 'ask' : 'given';
    return `${t.beforeLang}${escapeAttribute(store.language)}" data-consent="${consent}${t.beforeHead}${head.value}${rest}${
      body?.html ?? ''
    }</div>${noscript?.value ?? ''}${state}${t.afterBody}`;
  }
}

/**
 * What a client-only page says without JavaScript (docs/decisions/0027-forms-without-javascript.md): the cart and the
 * checkout lead to the server's own forms, any other page to the catalogue, which works without a script.
 */
function shellNoscript(store: StoreInfo, kind: ShellKind): SafeHtml {
  const lang = store.language;
  const link =
    kind === 'cart'
      ? html`<a href="/html/cart">${formText(lang, 'forms.noscriptCart')}</a>`
      : kind === 'checkout'
        ? html`<a href="/html/checkout">${formText(lang, 'forms.noscriptCheckout')}</a>`
        : html`${formText(lang, 'forms.noscriptPage')} <a href="/tienda/servicios">${formText(lang, 'forms.noscriptHome')}</a>`;
  return html`<noscript><main class="page-container"><p class="body">${link}</p></main></noscript>`;
}

/** The template's entry script (Vite writes one module script) fetched after the page's content. */
/** The template's head without the app's module script and modulepreloads (a page hydrated as islands loads neither). */
export function withoutAppScripts(template: string): string {
  return template.replace(/<script type="module"[^>]*><\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
}

function lowPriorityEntry(template: string): string {
  return template.replace('<script type="module" ', '<script type="module" fetchpriority="low" ');
}

function escapeAttribute(text: string): string {
  return html`${text}`.value;
}
