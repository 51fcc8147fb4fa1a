import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { compressedBody, negotiateBody } from '../../shared/content-encoding.js';
import { AppError } from '../../shared/app-error.js';
import { errors, StoreIdParam, UrlKeyParam } from '../../shared/http-schemas.js';
import type { CachedJson } from './catalog.service.js';
import {
  CategoriesResponse,
  CategoryResponse,
  EvaluateBody,
  EvaluateResponse,
  ProductResponse,
  ProductsResponse,
  SearchQuery,
  SearchResponse,
  StoreResponse,
} from './catalog.schema.js';
import { ownerOf, referencedFileIds } from '../uploads/index.js';
import { evaluateProduct, evaluationOut } from './product-evaluation.js';

/**
 * Sends a pre-serialised catalogue body, answering 304 when the client already has it; compressed (brotli or gzip,
 * once per snapshot) when it is large and the client accepts it, each copy with its own ETag.
 */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson | undefined,
  code: 'STORE_NOT_FOUND' | 'NOT_FOUND',
) {
  if (!cached) throw new AppError('NOT_FOUND', code);
  const { encoding, etag, vary } = negotiateBody(cached, cached.etag, request.headers['accept-encoding']);
  reply.header('etag', etag).header('cache-control', 'public, max-age=0, must-revalidate');
  if (vary) reply.header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(cached.body);
  return reply.header('content-encoding', encoding).send(compressedBody(cached, encoding));
}

/** How many products the start page's "most ordered" list shows. */
export const POPULAR_LIMIT = 6;

const StoreParams = Type.Object({ storeId: StoreIdParam });
const ProductParams = Type.Object({ storeId: StoreIdParam, urlKey: UrlKeyParam });
const CategoryParams = Type.Object({ storeId: StoreIdParam, urlKey: UrlKeyParam });

const catalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { catalog, uploads, popularProducts } = app.ctx;

  app.get(
    '/api/stores/:storeId',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A store: brand, language, country, VAT',
        params: StoreParams,
        response: { 200: StoreResponse, ...errors(404) },
      },
    },
    async (request, reply) => sendCached(request, reply, catalog.storeJson(request.params.storeId), 'STORE_NOT_FOUND'),
  );

  app.get(
    '/api/stores/:storeId/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Categories of a store with their products',
        params: StoreParams,
        response: { 200: CategoriesResponse, ...errors(404) },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, catalog.categoriesJson(request.params.storeId), 'STORE_NOT_FOUND'),
  );

  app.get(
    '/api/stores/:storeId/categories/:urlKey',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A category of a store with its products (404 when the store lists none of them)',
        params: CategoryParams,
        response: { 200: CategoryResponse, ...errors(404) },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, catalog.categoryJson(request.params.storeId, request.params.urlKey), 'NOT_FOUND'),
  );

  app.get(
    '/api/stores/:storeId/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Products offered in a store',
        params: StoreParams,
        response: { 200: ProductsResponse, ...errors(404) },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, catalog.productsJson(request.params.storeId), 'STORE_NOT_FOUND'),
  );

  app.get(
    '/api/stores/:storeId/search',
    {
      schema: {
        tags: ['catalog'],
        summary: "Products of a store whose name or descriptions (in the store's language) have the query's words",
        params: StoreParams,
        querystring: SearchQuery,
        response: { 200: SearchResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      const found = catalog.search(request.params.storeId, request.query.q ?? '');
      if (!found) throw new AppError('NOT_FOUND', 'STORE_NOT_FOUND');
      return found;
    },
  );

  app.get(
    '/api/stores/:storeId/popular',
    {
      schema: {
        tags: ['catalog'],
        summary: "The store's most ordered products over the last 90 days (catalogue order when there are few orders)",
        params: StoreParams,
        response: { 200: ProductsResponse, ...errors(404) },
      },
    },
    async (request, reply) => {
      const { storeId } = request.params;
      if (!catalog.getStore(storeId)) throw new AppError('NOT_FOUND', 'STORE_NOT_FOUND');
      const popular = catalog.popular(storeId, await popularProducts.counts(storeId), POPULAR_LIMIT);
      reply.header('cache-control', 'public, max-age=600');
      return popular;
    },
  );

  app.get(
    '/api/stores/:storeId/products/:urlKey',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A product with its questions',
        params: ProductParams,
        response: { 200: ProductResponse, ...errors(404) },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, catalog.productJson(request.params.storeId, request.params.urlKey), 'NOT_FOUND'),
  );

  app.post(
    '/api/stores/:storeId/products/:urlKey/evaluate',
    {
      // No side effect: the wizard may call it before any session exists, and while an admin looks as a customer.
      config: { csrf: false, impersonation: 'allowed' },
      schema: {
        tags: ['catalog'],
        summary: 'Visibility, validation and price of a set of answers',
        params: ProductParams,
        body: EvaluateBody,
        response: { 200: EvaluateResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      const store = catalog.getStore(request.params.storeId);
      const product = catalog.findProduct(request.params.storeId, request.params.urlKey);
      if (!store || !product) throw new AppError('NOT_FOUND');
      // Document answers: only the caller's own uploads count (someone else's id is an invalid answer).
      const answers = request.body.answers;
      const session = referencedFileIds([answers]).length > 0 ? await request.loadSession() : null;
      const files = session ? await uploads.resolverFor(app.ctx.db, ownerOf(session), [answers]) : undefined;
      const evaluation = evaluateProduct(store, product, answers, files);
      return evaluationOut(store, evaluation, (id) => catalog.findProductById(store.storeId, id)?.row.urlKey);
    },
  );
};

export default catalogRoutes;
