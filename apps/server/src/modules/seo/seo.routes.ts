import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { compressedBody, negotiateBody } from '../../shared/content-encoding.js';
import { readPagePreloads } from './page-preloads.js';
import { loadPageRenderer, type PageRenderer } from './page-renderer.js';
import { sellerOf } from '../invoicing/index.js';
import {
  parseShellTemplate,
  SeoPages,
  storeOrigin,
  type CustomerPageKind,
  type RenderedPage,
  type Visitor,
} from './seo-pages.js';
import { robotsTxt, sitemapXml, type SitemapEntry } from './sitemap.js';
import { CONSENT_COOKIE, LEGAL_PAGE_SLUGS, legalPagePath, parseConsent } from '@ventanilla/domain';
import { webManifest } from './web-manifest.js';
import { html, type SafeHtml } from '../../shared/html.js';
import { formText } from '../shop-forms/index.js';
import { POPULAR_LIMIT } from '../catalog/index.js';
import type { Language } from '@ventanilla/domain';

/** The payment's outcome as the success page states it, for a browser without JavaScript. */
function successNoscript(
  language: Language,
  payment: { order_id?: number; paid?: boolean; payment_status?: string | null },
): SafeHtml {
  const t = (key: Parameters<typeof formText>[1]) => formText(language, key);
  const failed = ['failed', 'expired', 'canceled'].includes(payment.payment_status ?? '');
  const body = payment.paid
    ? html`<h1 class="heading-xl">${t('success.title')}</h1><p class="body">${t('success.orderNumber')} <strong>${String(
        payment.order_id,
      )}</strong></p><p class="body">${t('success.emailNotice')}</p>`
    : failed
      ? html`<p class="body">${t('forms.paymentFailed')}</p>`
      : html`<p class="body">${t('forms.paymentPending')}</p><p class="body"><a href="/checkout/success/${String(
          payment.order_id,
        )}">${t('forms.reload')}</a></p>`;
  return html`<noscript><main class="page-container">${body}<p class="body"><a href="/tienda/servicios">${t(
    'cart.continueShopping',
  )}</a></p></main></noscript>`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a page address (GET) with the store's server-rendered page, the app shell or the 404 page; false when
     * there is no web build to answer with.
     */
    servePage(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  }
}

/** What a page rendered for one request passes on to the API answers it is rendered from (apiAnswer). */
/** The pages rendered for one visitor's session (SeoPages.customerPage), by their exact address. */
const CUSTOMER_PAGES = new Map<string, CustomerPageKind>([
  ['/tienda/cart', 'cart'],
  ['/customer/checkout', 'checkout'],
]);

const FORWARDED_HEADERS = [
  'cookie',
  'host',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
];

/** robots.txt, sitemap.xml and the server-rendered pages of each store (docs/decisions/0015-server-rendering.md). */
export default fp(
  async function seoPlugin(app: FastifyInstance) {
    const { catalog, config, popularProducts } = app.ctx;
    const indexFile = path.join(config.webDistDir, 'index.html');
    const template = existsSync(indexFile) ? parseShellTemplate(readFileSync(indexFile, 'utf8')) : null;

    // The render module is loaded with the first page, not at boot: starting stays fast and API-only use never pays.
    let renderer: Promise<PageRenderer | null> | null = null;
    const loadRenderer = () => {
      renderer ??= loadPageRenderer(config.webSsrEntry).catch((err: unknown) => {
        app.log.error({ err }, 'the server render module could not be loaded: pages are the bare app shell');
        return null;
      });
      return renderer;
    };
    let pages: SeoPages | null = null;

    /** The request's store: ?store=, the session's store (only when a cookie came), the host, the default. */
    async function storeOf(request: FastifyRequest) {
      if (request.cookies[SESSION_COOKIE]) await request.loadSession();
      return request.store.info;
    }

    /**
     * GET of an API address as this request's browser would make it (its cookie, host and language), for a page
     * rendered for it alone; null unless a plain 200 (a refusal, or an answer that would set a cookie, is left to
     * the browser, which then asks itself).
     */
    async function apiAnswer(request: FastifyRequest, url: string): Promise<unknown> {
      const headers: Record<string, string> = {};
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200 || res.headers['set-cookie'] !== undefined) return null;
      return res.json();
    }

    /**
     * A visitor's cart (any session: a guest's cart is the session's) or a signed-in customer's checkout, at the exact
     * address with no query, rendered with the API's own answers for that session; null for a visitor without a
     * session (or a guest at the checkout: its sign-in form), or when an answer is missing (the public page then).
     */
    async function customerPage(request: FastifyRequest, path: string, visitor: Visitor) {
      const kind = CUSTOMER_PAGES.get(path);
      if (!kind || request.url !== path || !pages || !request.cookies[SESSION_COOKIE]) return null;
      const loaded = await request.loadSession();
      if (!loaded || (kind === 'checkout' && !loaded.user)) return null;
      const session = (await apiAnswer(request, '/api/session')) as { store_id?: unknown; user?: unknown } | null;
      if (!session || typeof session.store_id !== 'number' || (kind === 'checkout' && !session.user)) return null;
      const [cart, paymentMethods] = await Promise.all([
        apiAnswer(request, '/api/cart'),
        kind === 'checkout' ? apiAnswer(request, `/api/stores/${session.store_id}/payment-methods`) : undefined,
      ]);
      if (cart === null || paymentMethods === null) return null;
      return pages.customerPage(kind, session.store_id, visitor, { session, cart, paymentMethods });
    }

    /**
     * The success page a payment provider returns to (`/checkout/success/{order}`), for its signed-in customer: the
     * app's shell with the payment's outcome in its `<noscript>` (GET /api/orders/{order}/payment of that session,
     * waiting a few seconds for the provider's notification), so it reads without JavaScript too; null otherwise.
     */
    async function successShell(request: FastifyRequest, path: string, visitor: Visitor) {
      const match = /^\/checkout\/success\/(\d{1,9})$/.exec(path);
      if (!match || !pages || !request.cookies[SESSION_COOKIE]) return null;
      const session = await request.loadSession();
      if (!session?.user) return null;
      const payment = (await apiAnswer(request, `/api/orders/${match[1]}/payment?wait=10`)) as {
        order_id?: number;
        paid?: boolean;
        payment_status?: string | null;
      } | null;
      if (!payment || typeof payment.order_id !== 'number') return null;
      const store = await storeOf(request);
      if (!store) return null;
      return pages.personalShell(store.storeId, visitor, successNoscript(store.language, payment));
    }

    app.decorate('servePage', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!template) return false;
      pages ??= new SeoPages(
        catalog,
        template,
        await loadRenderer(),
        config.publicUrl,
        readPagePreloads(config.webDistDir),
        undefined,
        {
          of: (storeId) => sellerOf(app.ctx.legalEntities, storeId),
          revision: () => app.ctx.legalEntities.revision,
        },
        {
          of: async (storeId) => catalog.popular(storeId, await popularProducts.counts(storeId), POPULAR_LIMIT),
          revision: () => popularProducts.revision(),
        },
      );
      const path = request.url.split('?')[0] ?? '/';
      // The consent cookie holds the visitor's cookie choice: without a valid one, the page carries the dialog.
      const visitor: Visitor = { consentAsked: !parseConsent(request.cookies[CONSENT_COOKIE] ?? null, new Date()) };
      // A visitor's cart or checkout that fails to render is served as the public page (the browser then renders it).
      let page: RenderedPage | null = await customerPage(request, path, visitor).catch((err: unknown) => {
        request.log.error({ err }, "a visitor's cart or checkout could not be rendered: the public page instead");
        return null;
      });
      page ??= await successShell(request, path, visitor).catch((err: unknown) => {
        request.log.error({ err }, 'the success page could not be rendered: the shell instead');
        return null;
      });
      if (!page) {
        const store = await storeOf(request);
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
        page = store ? await pages.page(store.storeId, path, visitor, query) : null;
      }
      if (!page) return false;
      reply.code(page.status).type('text/html; charset=utf-8');
      // Pages carry the catalogue and its state (about 100 KB on the home): compressed once per cached page.
      const { encoding, etag, vary } = negotiateBody(page, page.etag, request.headers['accept-encoding']);
      if (vary) reply.header('vary', 'Accept-Encoding');
      if (page.personal) {
        // One customer's data: no cache anywhere (browser history included) may keep it or hand it to anyone else.
        reply.header('cache-control', 'private, no-store');
      } else {
        reply.header('cache-control', 'no-cache');
        if (page.status === 200) {
          reply.header('etag', etag);
          if (request.headers['if-none-match'] === etag) {
            await reply.code(304).send();
            return true;
          }
        }
      }
      if (encoding) reply.header('content-encoding', encoding);
      await reply.send(encoding ? compressedBody(page, encoding) : page.body);
      return true;
    });

    app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
      const store = await storeOf(request);
      if (!store) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(storeOrigin(store, config.publicUrl)));
    });

    // The installable app's manifest in the store's name and language (web-manifest.ts, docs/pwa.md).
    app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
      const store = await storeOf(request);
      if (!store) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(JSON.stringify(webManifest(store)));
    });

    app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
      const store = await storeOf(request);
      if (!store) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      const categories = new Set(catalog.listedProducts(store.storeId).map((p) => p.row.catUrlKey));
      const entries: SitemapEntry[] = [
        { path: '/' },
        ...catalog
          .listCategories()
          .filter((c) => categories.has(c.urlKey))
          .map((c) => ({ path: `/tienda/servicios/${c.urlKey}` })),
        ...catalog.offeredProducts(store.storeId).map((p) => ({
          path: `/tienda/${p.row.urlKey}`,
          lastmod: p.row.updatedAt.toISOString().slice(0, 10),
        })),
        // The legal pages of every store (aviso legal, privacidad, cookies, condiciones).
        ...LEGAL_PAGE_SLUGS.map((slug) => ({ path: legalPagePath(slug) })),
      ];
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemapXml(storeOrigin(store, config.publicUrl), entries));
    });
  },
  { name: 'seo', dependencies: ['context', 'session'] },
);
