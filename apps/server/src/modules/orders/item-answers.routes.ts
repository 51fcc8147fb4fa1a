import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, MoneyString, Nullable, PanelStatusIdSchema, IdParam } from '../../shared/http-schemas.js';
import { EvaluateBody } from '../catalog/index.js';

const Params = Type.Object({ orderId: IdParam, itemId: IdParam });

const ItemAnswers = Type.Object({
  order_id: Type.Integer(),
  item_id: Type.Integer(),
  store_id: Type.Integer(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  url_key: Nullable(Type.String()),
  panel_status_id: PanelStatusIdSchema,
  editable: Type.Boolean(),
  price: MoneyString,
  answers: Type.Record(Type.String(), Type.Unknown()),
});

const itemAnswersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { itemAnswers } = app.ctx;

  app.get(
    '/api/me/orders/:orderId/items/:itemId/answers',
    {
      config: { permission: 'orders.readOwn' },
      schema: {
        tags: ['customer panel'],
        summary:
          'The product and current answers of one of your order lines, and whether you may correct them (not yours: 404)',
        params: Params,
        response: { 200: ItemAnswers, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      reply.header('cache-control', 'no-store');
      return itemAnswers.get(user.id, request.params.orderId, request.params.itemId);
    },
  );

  app.put(
    '/api/me/orders/:orderId/items/:itemId/answers',
    {
      config: { permission: 'orders.correctOwnAnswers' },
      schema: {
        tags: ['customer panel'],
        summary: 'Complete or correct the answers of one of your order lines (re-evaluated; the price may not change)',
        params: Params,
        // The same body as the evaluate endpoint: the same engine checks it.
        body: EvaluateBody,
        response: { 200: ItemAnswers, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const session = await request.ensureSession();
      return app.ctx.itemAnswers.update(
        session,
        user.id,
        request.params.orderId,
        request.params.itemId,
        request.body.answers,
      );
    },
  );
};

export default itemAnswersRoutes;
