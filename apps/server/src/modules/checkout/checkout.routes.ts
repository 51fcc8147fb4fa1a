import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { PAYMENT_METHOD_CODES } from '@ventanilla/domain';
import { requireUser } from '../../plugins/session.js';
import { AppError } from '../../shared/app-error.js';
import { errors, MoneyString, StoreIdParam } from '../../shared/http-schemas.js';
import { paymentMethodName } from './payment-method-names.js';

// The domain's list of method codes, so a new method cannot be offered by routing yet refused here.
const Method = Type.Union(PAYMENT_METHOD_CODES.map((m) => Type.Literal(m)));
const CheckoutResponse = Type.Object({ order_id: Type.Integer(), redirect_url: Type.String() });

const checkoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { checkout, catalog, routing } = app.ctx;

  app.get('/api/stores/:storeId/payment-methods', {
    schema: {
      tags: ['checkout'],
      summary: 'Payment methods offered in a store, in display order',
      params: Type.Object({ storeId: StoreIdParam }),
      response: {
        200: Type.Object({ items: Type.Array(Type.Object({ code: Type.String(), name: Type.String(), provider: Type.String() })) }),
        ...errors(404),
      },
    },
  }, async (request) => {
    const store = catalog.getStore(request.params.storeId);
    if (!store) throw new AppError('NOT_FOUND', 'store');
    return {
      items: routing.methodsFor(store.storeId).map((m) => ({ code: m.code, name: paymentMethodName(m.code, store.language), provider: m.provider })),
    };
  });

  app.post('/api/checkout', {
    schema: {
      tags: ['checkout'],
      summary: 'Place the order for the cart and open the payment (Idempotency-Key header recommended)',
      headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 8, maxLength: 255 })) }),
      body: Type.Object({
        payment_method: Method,
        /** payment/quote/{quote_id}: the cart being paid; another than your active cart is a 404. */
        quote_id: Type.Optional(Type.Integer({ minimum: 1 })),
      }),
      response: { 201: CheckoutResponse, ...errors(400, 401, 403, 404, 409, 422, 502) },
    },
  }, async (request, reply) => {
    const user = await requireUser(request);
    const session = await request.ensureSession();
    const key = request.headers['idempotency-key'] ?? randomUUID();
    const result = await checkout.checkout(session, user, request.body.payment_method, key, request.body.quote_id);
    return reply.code(201).send(result);
  });

  app.post('/api/orders/:orderId/pay', {
    schema: {
      tags: ['checkout'],
      summary: 'Open a new payment for an unpaid order of yours',
      params: Type.Object({ orderId: Type.Integer({ minimum: 1 }) }),
      body: Type.Object({ payment_method: Method }),
      response: { 201: CheckoutResponse, ...errors(400, 401, 403, 404, 409, 502) },
    },
  }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.code(201).send(await checkout.payExisting(user, request.params.orderId, request.body.payment_method));
  });

  app.get('/api/orders/:orderId/payment', {
    schema: {
      tags: ['checkout'],
      summary: 'Payment state of one of your orders (the success page polls it)',
      params: Type.Object({ orderId: Type.Integer({ minimum: 1 }) }),
      response: {
        200: Type.Object({
          order_id: Type.Integer(),
          paid: Type.Boolean(),
          status: Type.String(),
          payment_status: Type.Union([Type.String(), Type.Null()]),
          failure_code: Type.Union([Type.String(), Type.Null()]),
          method: Type.Union([Type.String(), Type.Null()]),
          amount: MoneyString,
          /** Multibanco { entity, reference, amount, expires_at } or transfer { iban, holder, bank, concept, amount }. */
          instructions: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]),
          expires_at: Type.Union([Type.String(), Type.Null()]),
        }),
        ...errors(401, 404),
      },
    },
  }, async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'no-store');
    return checkout.paymentStatus(user, request.params.orderId);
  });

  app.get('/api/checkout/finalize/:itemId', {
    schema: {
      tags: ['checkout'],
      summary: 'checkout/finalize/{item_id}: the order of one of your items and whether it still has to be paid',
      params: Type.Object({ itemId: Type.Integer({ minimum: 1 }) }),
      response: {
        200: Type.Object({ item_id: Type.Integer(), order_id: Type.Integer(), paid: Type.Boolean(), last_method: Type.Union([Type.String(), Type.Null()]) }),
        ...errors(401, 404),
      },
    },
  }, async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'no-store');
    return checkout.finalizeItem(user, request.params.itemId);
  });
};

export default checkoutRoutes;
