import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, ListOf, OneOf, PageQuery, IdParam, StoredFile } from '../../shared/http-schemas.js';
import { sendStoredFile } from '../files/index.js';
import { CustomerOrder, WithdrawalDone } from './orders.schema.js';

const customerOrdersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { customerOrders, files } = app.ctx;

  app.get(
    '/api/me/orders',
    {
      config: { permission: 'orders.readOwn' },
      schema: {
        tags: ['customer panel'],
        summary:
          'Your orders, newest first; filters: status (pending, processing, incidence, ready), from/to (days, YYYY-MM-DD), q (order number, product or reference)',
        querystring: Type.Object({
          ...PageQuery,
          status: Type.Optional(OneOf(['pending', 'processing', 'incidence', 'ready'] as const)),
          from: Type.Optional(Type.String({ format: 'date' })),
          to: Type.Optional(Type.String({ format: 'date' })),
          q: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 200: ListOf(CustomerOrder), ...errors(401) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { page = 1, per_page: perPage = 10, status, from, to, q } = request.query;
      reply.header('cache-control', 'no-store');
      return customerOrders.list(user.id, page, perPage, request.language, {
        ...(status ? { status } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
        ...(q ? { q } : {}),
      });
    },
  );

  app.get(
    '/api/me/orders/:orderId',
    {
      config: { permission: 'orders.readOwn' },
      schema: {
        tags: ['customer panel'],
        summary: 'One of your orders, with its lines, answers and documents (not yours: 404)',
        params: Type.Object({ orderId: IdParam }),
        response: { 200: CustomerOrder, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      reply.header('cache-control', 'no-store');
      return customerOrders.get(user.id, request.params.orderId, request.language);
    },
  );

  app.post(
    '/api/me/orders/:orderId/withdraw',
    {
      config: { permission: 'orders.withdrawOwn' },
      schema: {
        tags: ['customer panel'],
        summary:
          'Withdraw from your order while nothing of it is performed, within 14 days (docs/withdrawal.md): cancelled, refunded with a credit note, and an e-mail; refused in the store language with 409 (not yours: 404)',
        params: Type.Object({ orderId: IdParam }),
        response: { 200: WithdrawalDone, ...errors(401, 403, 404, 409, 422, 502) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return app.ctx.withdrawals.withdraw(user.id, request.params.orderId);
    },
  );

  app.get(
    '/api/me/orders/:orderId/files/:fileId',
    {
      config: { permission: 'orders.readOwn' },
      schema: {
        tags: ['customer panel'],
        summary: 'Download a document of your order',
        params: Type.Object({ orderId: IdParam, fileId: IdParam }),
        response: { 200: StoredFile, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const file = await customerOrders.findFile(user.id, request.params.orderId, request.params.fileId);
      return sendStoredFile(reply, files, file);
    },
  );
};

export default customerOrdersRoutes;
