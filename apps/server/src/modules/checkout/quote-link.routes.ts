import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PAYMENT_METHOD_CODES } from '@ventanilla/domain';
import { Type } from 'typebox';
import { ConsentFields } from './checkout.schema.js';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, MoneyString, Nullable, OrderStatusSchema, PaymentStatusSchema } from '../../shared/http-schemas.js';

const Method = Type.Union(PAYMENT_METHOD_CODES.map((m) => Type.Literal(m)));
const Params = Type.Object({ quoteId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
/** The part of the link after `#k=` (travels in the body, never in a URL that logs keep). */
const Key = Type.String({ maxLength: 100, description: 'The quote link key (the part after #k= in the link)' });

/** The owner's side: make a link for the active cart, or revoke every link made so far. */
export const quoteLinkOwnerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { quoteLinks } = app.ctx;
  const config = { permission: 'orders.place' } as const;

  app.post(
    '/api/cart/quote-link',
    {
      config,
      schema: {
        tags: ['cart'],
        summary: 'A link (payment/quote/{quote_id}#k=...) for someone else to pay your cart; changing the cart ends it',
        response: {
          201: Type.Object({
            quote_id: Type.Integer(),
            key: Type.String(),
            url: Type.String({ description: 'Path with the key in the fragment' }),
            expires_at: Type.String(),
          }),
          ...errors(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const session = await request.ensureSession();
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await quoteLinks.create(session, user, session.storeId));
    },
  );

  app.delete(
    '/api/cart/quote-link',
    {
      config,
      schema: {
        tags: ['cart'],
        summary: 'Revoke every quote link of your cart given so far',
        response: { 204: Type.Null(), ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const session = await request.ensureSession();
      await quoteLinks.revoke(session, user, session.storeId);
      return reply.code(204).send(null);
    },
  );
};

/**
 * The payer's side (payment/quote/{quote_id}#k=...): public, the signed key is the permission. Not this quote's
 * current link (tampered, revoked, another quote, made up) is 404 like an unknown quote; a real one past its time is
 * 410 PAY_LINK_EXPIRED.
 */
export const quoteLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { quoteLinks } = app.ctx;

  app.post(
    '/api/quote-links/:quoteId',
    {
      // A read (POST keeps the key out of URLs): allowed while an admin looks as a customer.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, impersonation: 'allowed' },
      schema: {
        tags: ['checkout'],
        summary: 'What a quote link pays: the lines, totals, invoice holder and, once placed, the order state',
        params: Params,
        body: Type.Object({ key: Key }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            quote_id: Type.Integer(),
            store_id: Type.Integer(),
            items: Type.Array(
              Type.Object({ product_name: Type.String(), qty: Type.Integer(), unit_total: MoneyString }),
            ),
            totals: Nullable(
              Type.Object({ subtotal: MoneyString, tax: MoneyString, fees: MoneyString, total: MoneyString }),
            ),
            invoice: Type.Object({ name: Type.String(), tax_id: Nullable(Type.String()) }),
            order: Nullable(
              Type.Object({
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
            ),
          }),
          ...errors(400, 403, 404, 410, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return quoteLinks.view(request.params.quoteId, request.body.key);
    },
  );

  app.post(
    '/api/quote-links/:quoteId/pay',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['checkout'],
        summary: "Pay a quote link: the owner's cart becomes the owner's order and a payment opens (no sign-in needed)",
        params: Params,
        body: Type.Object({ key: Key, payment_method: Method, ...ConsentFields }, { additionalProperties: false }),
        response: {
          201: Type.Object({ order_id: Type.Integer(), redirect_url: Type.String() }),
          ...errors(400, 403, 404, 409, 410, 422, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const { quoteId } = request.params;
      return reply
        .code(201)
        .send(await quoteLinks.pay(quoteId, request.body.key, request.body.payment_method, request.body));
    },
  );
};
