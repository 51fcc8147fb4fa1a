import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, StoreIdParam, Nullable } from '../../shared/http-schemas.js';

const DraftParams = Type.Object({
  storeId: StoreIdParam,
  urlKey: Type.String({ pattern: '^[a-z0-9-]{1,100}$', maxLength: 100 }),
});

const DraftBody = Type.Object(
  {
    // As the wizard keeps them: option id -> text or value ids (comma-separated).
    answers: Type.Record(Type.String({ pattern: '^\\d{1,9}$' }), Type.String({ maxLength: 5000 }), {
      maxProperties: 300,
    }),
    seen: Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 300 }),
    // Only the shop's own addresses: the account's "continue" link must never lead elsewhere.
    last_path: Nullable(Type.String({ pattern: '^/tienda/[^/]', maxLength: 300 })),
    last_step: Type.Integer({ minimum: 0, maximum: 99 }),
  },
  { additionalProperties: false },
);

const Draft = Type.Object({
  store_id: Type.Integer(),
  url_key: Type.String(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  answers: Type.Record(Type.String(), Type.String()),
  seen: Type.Array(Type.Integer()),
  last_path: Nullable(Type.String()),
  last_step: Type.Integer(),
  updated_at: Type.String(),
});

const draftsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { drafts } = app.ctx;

  app.get(
    '/api/me/drafts',
    {
      config: { permission: 'account.drafts' },
      schema: {
        tags: ['customer panel'],
        summary: 'Your unfinished orders (wizard drafts), newest first',
        response: { 200: Type.Object({ items: Type.Array(Draft) }), ...errors(401) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      reply.header('cache-control', 'no-store');
      return drafts.list(user.id);
    },
  );

  app.put(
    '/api/me/drafts/:storeId/:urlKey',
    {
      config: { permission: 'account.drafts' },
      schema: {
        tags: ['customer panel'],
        summary: 'Keep your unfinished order of a product (one per store and product)',
        params: DraftParams,
        body: DraftBody,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await drafts.save(user.id, request.params.storeId, request.params.urlKey, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/me/drafts/:storeId/:urlKey',
    {
      config: { permission: 'account.drafts' },
      schema: {
        tags: ['customer panel'],
        summary: 'Forget your unfinished order of a product',
        params: DraftParams,
        response: { 204: Type.Null(), ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await drafts.remove(user.id, request.params.storeId, request.params.urlKey);
      return reply.code(204).send(null);
    },
  );
};

export default draftsRoutes;

/** The shop settings the browser needs: public. */
export const configRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.ctx;

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Shop settings the browser needs (the spec's client configuration)",
        response: {
          200: Type.Object({
            // The spec: the last nota simple form may be reused within this many seconds; -1 means always, 0 never.
            nota_simple_reuse_seconds: Type.Integer({ minimum: -1 }),
          }),
        },
      },
    },
    async () => ({ nota_simple_reuse_seconds: config.notaSimpleReuseSeconds }),
  );
};
