import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { canonicalRedirect } from '../shared/canonical-origin.js';

/**
 * Page requests (GET and HEAD outside /api/) that arrive under another host than their store's canonical one are
 * redirected there before any form is shown: the pages' CSP allows forms to post only to their own origin, the
 * session cookie belongs to one host, and payment providers return to the canonical origin (docs/operations.md,
 * "Canonical host"). API calls, health checks and providers' notifications are never redirected.
 */
export default fp(
  async function canonicalHostPlugin(app: FastifyInstance) {
    const { config, catalog } = app.ctx;
    if (config.canonicalHost === 'off') return;
    const permanent = config.canonicalHost === 'store-host';
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (request.url === '/api' || request.url.startsWith('/api/')) return;
      const hostname = request.hostname.toLowerCase();
      const query = request.query as Record<string, unknown> | undefined;
      const fromQuery = Number(query?.['store']);
      const storeId =
        Number.isInteger(fromQuery) && catalog.getStore(fromQuery) ? fromQuery : catalog.storeIdForHost(hostname);
      const target = canonicalRedirect(
        config,
        { protocol: request.protocol, hostname, host: request.host, url: request.url },
        storeId === undefined ? undefined : catalog.getStore(storeId)?.hosts,
      );
      if (target) return reply.redirect(target, permanent ? 301 : 307);
    });
  },
  { name: 'canonical-host' },
);
