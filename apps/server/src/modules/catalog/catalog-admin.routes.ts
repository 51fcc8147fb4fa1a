import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { requestLanguage } from '../../plugins/errors.js';
import { requireUser } from '../../plugins/session.js';
import { AppError } from '../../shared/app-error.js';
import { errors, ListOf } from '../../shared/http-schemas.js';
import type { SessionUser } from '../customers/sessions.repository.js';
import {
  CategoryBody,
  CategoryOut,
  FormBody,
  ProductDetail,
  ProductFieldsBody,
  ProductListItem,
  ProductListQuery,
  RevisionDetail,
  RevisionList,
  StoreOut,
  VersionBody,
} from './catalog-admin.schema.js';

/** Catalogue editing is for admins only: 401 anonymous, 403 for customers, agents and notaries. */
async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', `role ${user.role} on a catalogue editing route`);
  return user;
}

const ProductParams = Type.Object({ productId: Type.Integer({ minimum: 1 }) });
const RevisionParams = Type.Object({ productId: Type.Integer({ minimum: 1 }), revisionId: Type.Integer({ minimum: 1 }) });
const CategoryParams = Type.Object({ categoryId: Type.Integer({ minimum: 1 }) });
const tags = ['backoffice-catalog'];

const catalogAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { catalogAdmin } = app.ctx;
  const language = (request: FastifyRequest) => requestLanguage(app, request);

  app.get('/api/backoffice/catalog/products', {
    schema: {
      tags,
      summary: 'Products of the catalogue (optionally of one store), with status and price',
      querystring: ProductListQuery,
      response: { 200: ListOf(ProductListItem), ...errors(400, 401, 403) },
    },
  }, async (request) => {
    await requireAdmin(request);
    const q = request.query;
    return catalogAdmin.listProducts({
      ...(q.store !== undefined ? { store: q.store } : {}),
      ...(q.q !== undefined ? { q: q.q } : {}),
      ...(q.status !== undefined ? { status: q.status } : {}),
      page: q.page ?? 1,
      per_page: q.per_page ?? 100,
    });
  });

  app.get('/api/backoffice/catalog/products/:productId', {
    schema: { tags, summary: 'A product with its question form (file format)', params: ProductParams, response: { 200: ProductDetail, ...errors(401, 403, 404) } },
  }, async (request) => {
    await requireAdmin(request);
    return catalogAdmin.getProduct(request.params.productId);
  });

  app.put('/api/backoffice/catalog/products/:productId', {
    schema: {
      tags,
      summary: 'Saves the editable fields; 409 when the version is stale, 422 with the linter problems',
      params: ProductParams,
      body: ProductFieldsBody,
      response: { 200: ProductDetail, ...errors(400, 401, 403, 404, 409, 422) },
    },
  }, async (request) => {
    const user = await requireAdmin(request);
    return catalogAdmin.updateProduct(user, request.params.productId, request.body, language(request));
  });

  app.put('/api/backoffice/catalog/products/:productId/form', {
    schema: {
      tags,
      summary: 'Replaces the question form (the JSON of catalog/forms/<url_key>.json)',
      params: ProductParams,
      body: FormBody,
      response: { 200: ProductDetail, ...errors(400, 401, 403, 404, 409, 422) },
    },
  }, async (request) => {
    const user = await requireAdmin(request);
    return catalogAdmin.replaceForm(user, request.params.productId, request.body.version, request.body.form, language(request));
  });

  app.get('/api/backoffice/catalog/products/:productId/revisions', {
    schema: { tags, summary: 'Revision history of a product, newest first', params: ProductParams, response: { 200: RevisionList, ...errors(401, 403, 404) } },
  }, async (request) => {
    await requireAdmin(request);
    return catalogAdmin.revisions(request.params.productId);
  });

  app.get('/api/backoffice/catalog/products/:productId/revisions/:revisionId', {
    schema: { tags, summary: 'One revision with the product before and after it', params: RevisionParams, response: { 200: RevisionDetail, ...errors(401, 403, 404) } },
  }, async (request) => {
    await requireAdmin(request);
    return catalogAdmin.revision(request.params.productId, request.params.revisionId);
  });

  app.post('/api/backoffice/catalog/products/:productId/revisions/:revisionId/revert', {
    schema: {
      tags,
      summary: 'Puts the product back as it was after that revision (a new revision)',
      params: RevisionParams,
      body: VersionBody,
      response: { 200: ProductDetail, ...errors(400, 401, 403, 404, 409, 422) },
    },
  }, async (request) => {
    const user = await requireAdmin(request);
    return catalogAdmin.revert(user, request.params.productId, request.params.revisionId, request.body.version, language(request));
  });

  app.post('/api/backoffice/catalog/products/:productId/apply-file', {
    schema: {
      tags,
      summary: 'Takes the file version the seed did not apply to an edited product; it follows its files again',
      params: ProductParams,
      body: VersionBody,
      response: { 200: ProductDetail, ...errors(400, 401, 403, 404, 409, 422) },
    },
  }, async (request) => {
    const user = await requireAdmin(request);
    return catalogAdmin.applyFileVersion(user, request.params.productId, request.body.version, language(request));
  });

  app.get('/api/backoffice/catalog/stores', {
    schema: { tags, summary: 'Every store, for filters and availability', response: { 200: Type.Object({ items: Type.Array(StoreOut) }), ...errors(401, 403) } },
  }, async (request) => {
    await requireAdmin(request);
    return catalogAdmin.listStores();
  });

  app.get('/api/backoffice/catalog/categories', {
    schema: { tags, summary: 'Categories (name and order)', response: { 200: Type.Object({ items: Type.Array(CategoryOut) }), ...errors(401, 403) } },
  }, async (request) => {
    await requireAdmin(request);
    return catalogAdmin.listCategories();
  });

  app.put('/api/backoffice/catalog/categories/:categoryId', {
    schema: {
      tags,
      summary: 'Renames or reorders a category; 409 when the version is stale',
      params: CategoryParams,
      body: CategoryBody,
      response: { 200: CategoryOut, ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request) => {
    await requireAdmin(request);
    return catalogAdmin.updateCategory(request.params.categoryId, request.body);
  });
};

export default catalogAdminRoutes;
