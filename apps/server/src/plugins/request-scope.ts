import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Language } from '@ventanilla/domain';
import type { StoreInfo } from '../modules/catalog/index.js';

/** The store a request is for: its id, and the catalogue's store (undefined only when the default id names none). */
export interface RequestStore {
  id: number;
  info: StoreInfo | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request's store (CatalogService.resolveStoreId): `?store=`, the session's store, the host, the default. The
     * session counts once it is loaded (loadSession, ensureSession, the protected routes' sign-in check): a route that
     * wants the session's store awaits loadSession first. Worked out on first read, again only if the session's
     * store changes (no database read of its own).
     */
    readonly store: RequestStore;
    /** The language of the request's messages: the store of a `:storeId` path parameter, else `store`'s; 'es' without. */
    readonly language: Language;
  }
}

/** The request's store and language as getters: only the requests that read them pay for them. */
export default fp(
  async function requestScopePlugin(app: FastifyInstance) {
    const { catalog } = app.ctx;
    // Per request, with the session's store it was worked out for (a sign-in or rememberStore can change that).
    const memo = new WeakMap<FastifyRequest, { sessionStoreId: number | null; store: RequestStore }>();

    app.decorateRequest('store', {
      getter(this: FastifyRequest): RequestStore {
        const sessionStoreId = this.sessionCache?.storeId ?? null;
        const known = memo.get(this);
        if (known?.sessionStoreId === sessionStoreId) return known.store;
        const query = this.query as Record<string, unknown> | undefined;
        const id = catalog.resolveStoreId({ requested: query?.store, sessionStoreId, host: this.hostname ?? '' });
        const store = { id, info: catalog.getStore(id) };
        memo.set(this, { sessionStoreId, store });
        return store;
      },
    });

    app.decorateRequest('language', {
      getter(this: FastifyRequest): Language {
        try {
          const fromParams = Number((this.params as Record<string, unknown> | undefined)?.storeId);
          const named = Number.isInteger(fromParams) ? catalog.getStore(fromParams) : undefined;
          return (named ?? this.store.info)?.language ?? 'es';
        } catch {
          return 'es';
        }
      },
    });
  },
  { name: 'request-scope', dependencies: ['context', 'session'] },
);
