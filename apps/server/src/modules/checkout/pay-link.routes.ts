import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PAYMENT_METHOD_CODES } from '@ventanilla/domain';
import { Type } from 'typebox';
import { ConsentFields } from './checkout.schema.js';
import { AppError } from '../../shared/app-error.js';
import { errors, MoneyString, Nullable, OrderStatusSchema, PaymentStatusSchema } from '../../shared/http-schemas.js';

const Method = Type.Union(PAYMENT_METHOD_CODES.map((m) => Type.Literal(m)));
const Params = Type.Object({ orderId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
/** The part of the e-mailed link after `#k=` (travels in the body, never in a URL that logs keep). */
const Key = Type.String({ maxLength: 100, description: 'The pay link key (the part after #k= in the e-mailed link)' });

/**
 * The pay-by-link of orders created by agents (payment/order/{order_id}#k=..., docs/backoffice.md): the signed key is
 * the permission, so these routes are public. A key that is not this order's (tampered, another order, made up) is a
 * 404 like an unknown order; a real key past its time is 410 PAY_LINK_EXPIRED (sign in to pay, or ask for a new link).
 */
export const payLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { payLinks, checkout } = app.ctx;

  function authorise(orderId: number, key: string): void {
    const verdict = payLinks.judge(orderId, key);
    if (verdict === 'expired') throw new AppError('PAY_LINK_EXPIRED', `order ${orderId}`);
    if (verdict !== 'valid') throw new AppError('NOT_FOUND', `pay link of order ${orderId}`);
  }

  app.post(
    '/api/pay-links/:orderId',
    {
      // A read (POST keeps the key out of URLs): allowed while an admin looks as a customer.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, impersonation: 'allowed' },
      schema: {
        tags: ['checkout'],
        summary: 'What a pay link pays: amount and payment state of its order (no sign-in: the key is the permission)',
        params: Params,
        body: Type.Object({ key: Key }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            order_id: Type.Integer(),
            store_id: Type.Integer(),
            paid: Type.Boolean(),
            status: OrderStatusSchema,
            payment_status: Nullable(PaymentStatusSchema),
            method: Nullable(Type.String()),
            amount: MoneyString,
            instructions: Nullable(Type.Record(Type.String(), Type.String())),
            expires_at: Nullable(Type.String()),
          }),
          ...errors(400, 403, 404, 410, 429),
        },
      },
    },
    async (request, reply) => {
      authorise(request.params.orderId, request.body.key);
      reply.header('cache-control', 'no-store');
      return checkout.linkStatus(request.params.orderId);
    },
  );

  app.post(
    '/api/pay-links/:orderId/pay',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['checkout'],
        summary: 'Open a payment for the order of a pay link (no sign-in needed)',
        params: Params,
        body: Type.Object({ key: Key, payment_method: Method, ...ConsentFields }, { additionalProperties: false }),
        response: {
          201: Type.Object({ order_id: Type.Integer(), redirect_url: Type.String() }),
          ...errors(400, 403, 404, 409, 410, 429, 502),
        },
      },
    },
    async (request, reply) => {
      authorise(request.params.orderId, request.body.key);
      return reply
        .code(201)
        .send(await checkout.payByLink(request.params.orderId, request.body.payment_method, request.body));
    },
  );
};
