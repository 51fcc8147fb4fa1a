import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { compressedBody, negotiateBody } from '../../shared/content-encoding.js';
import { readPagePreloads } from './page-preloads.js';
import { loadPageRenderer, type PageRenderer } from './page-renderer.js';
import { parseShellTemplate, SeoPages, storeOrigin } from './seo-pages.js';
import { robotsTxt, sitemapXml, type SitemapEntry } from './sitemap.js';
import { LEGAL_PAGE_SLUGS, legalPagePath } from '@ventanilla/domain';
import { webManifest } from './web-manifest.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a page address (GET) with the store's server-rendered page, the app shell or the 404 page; false when
     * there is no web build to answer with.
     */
    servePage(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  }
}

/** robots.txt, sitemap.xml and the server-rendered pages of each store (docs/decisions/0015-server-rendering.md). */
export default fp(
  async function seoPlugin(app: FastifyInstance) {
    const { catalog, config } = app.ctx;
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
      const session = request.cookies[SESSION_COOKIE] ? await request.loadSession() : null;
      const storeId = catalog.resolveStoreId(request, session?.storeId ?? null);
      return catalog.getStore(storeId);
    }

    app.decorate('servePage', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!template) return false;
      pages ??= new SeoPages(
        catalog,
        template,
        await loadRenderer(),
        config.publicUrl,
        readPagePreloads(config.webDistDir),
      );
      const store = await storeOf(request);
      const page = store && (await pages.page(store.storeId, request.url.split('?')[0] ?? '/'));
      if (!page) return false;
      reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      // Pages carry the catalogue and its state (about 100 KB on the home): compressed once per cached page.
      const { encoding, etag, vary } = negotiateBody(page, page.etag, request.headers['accept-encoding']);
      if (vary) reply.header('vary', 'Accept-Encoding');
      if (page.status === 200) {
        reply.header('etag', etag);
        if (request.headers['if-none-match'] === etag) {
          await reply.code(304).send();
          return true;
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
