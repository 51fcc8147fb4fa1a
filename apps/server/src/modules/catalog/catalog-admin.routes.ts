import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, ListOf, IdParam } from '../../shared/http-schemas.js';
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

const ProductParams = Type.Object({ productId: IdParam });
const RevisionParams = Type.Object({
  productId: IdParam,
  revisionId: IdParam,
});
const CategoryParams = Type.Object({ categoryId: IdParam });
const tags = ['backoffice-catalog'];

const catalogAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { catalogAdmin } = app.ctx;

  app.get(
    '/api/backoffice/catalog/products',
    {
      config: { permission: 'catalog.edit' },
      schema: {
        tags,
        summary: 'Products of the catalogue (optionally of one store), with status and price',
        querystring: ProductListQuery,
        response: { 200: ListOf(ProductListItem), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const q = request.query;
      return catalogAdmin.listProducts({
        ...(q.store !== undefined ? { store: q.store } : {}),
        ...(q.q !== undefined ? { q: q.q } : {}),
        ...(q.status !== undefined ? { status: q.status } : {}),
        page: q.page ?? 1,
        per_page: q.per_page ?? 100,
      });
    },
  );

  app.get(
    '/api/backoffice/catalog/products/:productId',
    {
      config: { permission: 'catalog.edit' },
      schema: {
        tags,
        summary: 'A product with its question form (file format)',
        params: ProductParams,
        response: { 200: ProductDetail, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      return catalogAdmin.getProduct(request.params.productId);
    },
  );

  app.put(
    '/api/backoffice/catalog/products/:productId',
    {
      config: { permission: 'catalog.edit' },
      schema: {
        tags,
        summary: 'Saves the editable fields; 409 when the version is stale, 422 with the linter problems',
        params: ProductParams,
        body: ProductFieldsBody,
        response: { 200: ProductDetail, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return catalogAdmin.updateProduct(user, request.params.productId, request.body, request.language);
    },
  );

  app.put(
    '/api/backoffice/catalog/products/:productId/form',
    {
      config: { permission: 'catalog.edit' },
      schema: {
        tags,
        summary: 'Replaces the question form (the JSON of catalog/forms/<url_key>.json)',
        params: ProductParams,
        body: FormBody,
        response: { 200: ProductDetail, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return catalogAdmin.replaceForm(
        user,
        request.params.productId,
        request.body.version,
        request.body.form,
        request.language,
      );
    },
  );

  app.get(
    '/api/backoffice/catalog/products/:productId/revisions',
    {
      config: { permission: 'catalog.edit' },
      schema: {
        tags,
        summary: 'Revision history of a product, newest first',
        params: ProductParams,
        response: { 200: RevisionList, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      return catalogAdmin.revisions(request.params.productId);
    },
  );

  app.get(
    '/api/backoffice/catalog/products/:productId/revisions/:revisionId',
    {
      config: { permission: 'catalog.edit' },
      schema: {
        tags,
        summary: 'One revision with the product before and after it',
        params: RevisionParams,
        response: { 200: RevisionDetail, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      return catalogAdmin.revision(request.params.productId, request.params.revisionId);
    },
  );

  app.post(
    '/api/backoffice/catalog/products/:productId/revisions/:revisionId/revert',
    {
      config: { permission: 'catalog.edit' },
      schema: {
        tags,
        summary: 'Puts the product back as it was after that revision (a new revision)',
        params: RevisionParams,
        body: VersionBody,
        response: { 200: ProductDetail, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return catalogAdmin.revert(
        user,
        request.params.productId,
        request.params.revisionId,
        request.body.version,
        request.language,
      );
    },
  );

  app.post(
    '/api/backoffice/catalog/products/:productId/apply-file',
    {
      config: { permission: 'catalog.edit' },
      schema: {
        tags,
        summary: 'Takes the file version the seed did not apply to an edited product; it follows its files again',
        params: ProductParams,
        body: VersionBody,
        response: { 200: ProductDetail, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return catalogAdmin.applyFileVersion(user, request.params.productId, request.body.version, request.language);
    },
  );

  app.get(
    '/api/backoffice/catalog/stores',
    {
      config: { permission: 'catalog.edit' },
      schema: {
        tags,
        summary: 'Every store, for filters and availability',
        response: { 200: Type.Object({ items: Type.Array(StoreOut) }), ...errors(401, 403) },
      },
    },
    async () => {
      return catalogAdmin.listStores();
    },
  );

  app.get(
    '/api/backoffice/catalog/categories',
    {
      config: { permission: 'catalog.edit' },
      schema: {
        tags,
        summary: 'Categories (name and order)',
        response: { 200: Type.Object({ items: Type.Array(CategoryOut) }), ...errors(401, 403) },
      },
    },
    async () => {
      return catalogAdmin.listCategories();
    },
  );

  app.put(
    '/api/backoffice/catalog/categories/:categoryId',
    {
      config: { permission: 'catalog.edit' },
      schema: {
        tags,
        summary: 'Renames or reorders a category; 409 when the version is stale',
        params: CategoryParams,
        body: CategoryBody,
        response: { 200: CategoryOut, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      return catalogAdmin.updateCategory(request.params.categoryId, request.body);
    },
  );
};

export default catalogAdminRoutes;
