import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { AppError } from '../../shared/app-error.js';
import { errors, Nullable, UrlKeyParam } from '../../shared/http-schemas.js';
import { Answers, PriceResponse } from '../catalog/index.js';

// Spelled out (not mapped from FAST_BUY_ORIGINS) so that the type keeps its literals; a test compares the two.
export const Origin = Type.Union(
  [Type.Literal('pedido'), Type.Literal('inmueble'), Type.Literal('empresa'), Type.Literal('vehiculo')],
  { description: 'pedido (an order line: its item id), inmueble, empresa, vehiculo (a saved item id)' },
);

const MAX_ID = 2147483647;

/** Like the saved items: an origin id that is not a positive int4 names nothing, the same 404 as another's. */
async function originIdOrNotFound(request: FastifyRequest) {
  const raw = (request.params as { originId?: unknown }).originId;
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= MAX_ID)) throw new AppError('NOT_FOUND', 'fast-buy origin id');
}

/**
 * Fast-buy (spec: addFastFormOptionsToCartAndBuy {product_id, options, origin, origin_id}): the products an origin
 * can order and each one's pre-filled answers, computed by the server from the customer's own rows. The wizard opens
 * at `start_step` with them; adding to the cart evaluates the answers again, as always.
 */
const fastBuyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { fastBuy } = app.ctx;
  const config = { permission: 'account.savedItems' } as const;
  const tags = ['customer panel'];

  app.get(
    '/api/me/fast-buy/:origin/:originId',
    {
      config,
      preValidation: originIdOrNotFound,
      schema: {
        tags,
        summary: 'What a saved item or order line of yours can be ordered as, and the nota simple refresh offer',
        params: Type.Object({
          origin: Origin,
          originId: Type.String({ maxLength: 10, description: 'A positive integer' }),
        }),
        response: {
          200: Type.Object({
            origin: Origin,
            origin_id: Type.Integer(),
            name: Type.String(),
            products: Type.Array(
              Type.Object({ product_id: Type.Integer(), url_key: Type.String(), name: Type.String() }),
            ),
            /** A nota simple older than 60 days (Madrid calendar days): order a new one, pre-filled. */
            refresh: Nullable(
              Type.Object({
                age_days: Type.Integer(),
                url_key: Type.String(),
                origin: Origin,
                origin_id: Type.Integer(),
              }),
            ),
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await request.loadSession(); // the session's store counts
      reply.header('cache-control', 'no-store');
      const storeId = request.store.id;
      return fastBuy.overview(user.id, storeId, request.params.origin, Number(request.params.originId));
    },
  );

  app.get(
    '/api/me/fast-buy/:origin/:originId/:urlKey',
    {
      config,
      preValidation: originIdOrNotFound,
      schema: {
        tags,
        summary: 'The answers a product gets from your saved item or order line, evaluated, and the page to start at',
        params: Type.Object({
          origin: Origin,
          originId: Type.String({ maxLength: 10, description: 'A positive integer' }),
          urlKey: UrlKeyParam,
        }),
        response: {
          200: Type.Object({
            product_id: Type.Integer(),
            url_key: Type.String(),
            origin: Origin,
            origin_id: Type.Integer(),
            answers: Answers,
            prefilled: Type.Array(Type.Integer()),
            start_step: Nullable(Type.Integer({ description: '1-based wizard page; null: the check-answers page' })),
            price: PriceResponse,
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await request.loadSession(); // the session's store counts
      reply.header('cache-control', 'no-store');
      const storeId = request.store.id;
      const { origin, originId, urlKey } = request.params;
      return fastBuy.prefill(user.id, storeId, origin, Number(originId), urlKey);
    },
  );
};

export default fastBuyRoutes;
