import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { awaitingPaymentOutcome, PAYMENT_METHOD_CODES } from '@ventanilla/domain';
import { signedInUser } from '../../plugins/protected-routes.js';
import { AppError } from '../../shared/app-error.js';
import {
  errors,
  MoneyString,
  StoreIdParam,
  Nullable,
  OrderStatusSchema,
  PaymentStatusSchema,
  IdParam,
} from '../../shared/http-schemas.js';
import { paymentState } from './checkout.service.js';
import { paymentMethodName } from './payment-method-names.js';
import { ConsentFields, InvoiceRequest } from './checkout.schema.js';

// The domain's list of method codes, so a new method cannot be offered by routing yet refused here.
const Method = Type.Union(PAYMENT_METHOD_CODES.map((m) => Type.Literal(m)));
const CheckoutResponse = Type.Object({ order_id: Type.Integer(), redirect_url: Type.String() });

/** Longest wait a payment-state request may ask for. */
const MAX_WAIT_S = 25;

const checkoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { checkout, paymentWaiters } = app.ctx;

  app.post(
    '/api/checkout',
    {
      config: { permission: 'orders.place' },
      schema: {
        tags: ['checkout'],
        summary: 'Place the order for the cart and open the payment (Idempotency-Key header recommended)',
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 8, maxLength: 255 })) }),
        body: Type.Object({
          payment_method: Method,
          /** payment/quote/{quote_id}: the cart being paid; another than your active cart is a 404. */
          quote_id: Type.Optional(IdParam),
          ...ConsentFields,
          /** Asks for a full invoice with this holder (tax id checked by the country's rules). */
          invoice: Type.Optional(InvoiceRequest),
        }),
        response: { 201: CheckoutResponse, ...errors(400, 401, 403, 404, 409, 422, 502) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const session = await request.ensureSession();
      const key = request.headers['idempotency-key'] ?? randomUUID();
      const { payment_method: method, quote_id: quoteId, invoice, ...consents } = request.body;
      const result = await checkout.checkout(session, user, method, key, quoteId, consents, invoice);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/orders/:orderId/pay',
    {
      config: { permission: 'orders.place' },
      schema: {
        tags: ['checkout'],
        summary:
          'Open a new payment for an unpaid order of yours (the consents are needed when the order has none yet: one an ' +
          'agent made)',
        params: Type.Object({ orderId: IdParam }),
        body: Type.Object({ payment_method: Method, ...ConsentFields }),
        response: { 201: CheckoutResponse, ...errors(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return reply
        .code(201)
        .send(await checkout.payExisting(user, request.params.orderId, request.body.payment_method, request.body));
    },
  );

  app.get(
    '/api/orders/:orderId/payment',
    {
      config: { permission: 'orders.place' },
      schema: {
        tags: ['checkout'],
        summary:
          'Payment state of one of your orders; with wait=N (seconds, up to 25) the answer waits until the payment ' +
          'has an outcome or N seconds pass (the success page long-polls it)',
        params: Type.Object({ orderId: IdParam }),
        querystring: Type.Object({ wait: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_WAIT_S })) }),
        response: {
          200: Type.Object({
            order_id: Type.Integer(),
            paid: Type.Boolean(),
            status: OrderStatusSchema,
            payment_status: Nullable(PaymentStatusSchema),
            failure_code: Nullable(Type.String()),
            method: Nullable(Type.String()),
            amount: MoneyString,
            /** Multibanco { entity, reference, amount, expires_at } or transfer { iban, holder, bank, concept, amount }. */
            instructions: Nullable(Type.Record(Type.String(), Type.String())),
            expires_at: Nullable(Type.String()),
          }),
          ...errors(401, 404),
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      reply.header('cache-control', 'no-store');
      const { orderId } = request.params;
      const waitMs = (request.query.wait ?? 0) * 1000;
      if (waitMs === 0) return checkout.paymentStatus(user, orderId);
      // The client may leave (closed tab, aborted fetch): stop waiting for it.
      const gone = new AbortController();
      const leave = () => gone.abort();
      reply.raw.once('close', leave);
      // Watched before the state is read: a change committed while the read runs ends the wait at once.
      const watch = paymentWaiters.watch(orderId, gone.signal);
      try {
        let state = await checkout.paymentStatus(user, orderId);
        if (watch === false) return state;
        const deadline = Date.now() + waitMs;
        while (awaitingPaymentOutcome(state) && !gone.signal.aborted) {
          const left = deadline - Date.now();
          if (left <= 0) break;
          // Woken when the change is committed, here or (LISTEN/NOTIFY) in another instance; without that listener
          // the state is read again every recheckMs.
          const changed = await watch.next(Math.min(left, paymentWaiters.recheckMs ?? left));
          if (gone.signal.aborted) break;
          // A change applied in this process tells the state it committed (the order's ownership was checked by the
          // first read): no read again. One heard from another instance, or the fallback's timer, reads it.
          const known = changed ? watch.change : undefined;
          if (known) state = paymentState(known.order, known.latest);
          else if (changed || paymentWaiters.recheckMs !== undefined)
            state = await checkout.paymentStatus(user, orderId);
        }
        return state;
      } finally {
        if (watch !== false) watch.close();
        reply.raw.off('close', leave);
      }
    },
  );

  app.get(
    '/api/checkout/finalize/:itemId',
    {
      config: { permission: 'orders.place' },
      schema: {
        tags: ['checkout'],
        summary: 'checkout/finalize/{item_id}: the order of one of your items and whether it still has to be paid',
        params: Type.Object({ itemId: IdParam }),
        response: {
          200: Type.Object({
            item_id: Type.Integer(),
            order_id: Type.Integer(),
            paid: Type.Boolean(),
            last_method: Nullable(Type.String()),
          }),
          ...errors(401, 404),
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      reply.header('cache-control', 'no-store');
      return checkout.finalizeItem(user, request.params.itemId);
    },
  );
};

export default checkoutRoutes;

/** The payment methods of a store: public, the cart shows them before anyone signs in. */
export const paymentMethodsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { catalog, routing } = app.ctx;

  app.get(
    '/api/stores/:storeId/payment-methods',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Payment methods offered in a store, in display order',
        params: Type.Object({ storeId: StoreIdParam }),
        response: {
          200: Type.Object({
            items: Type.Array(Type.Object({ code: Type.String(), name: Type.String(), provider: Type.String() })),
          }),
          ...errors(404),
        },
      },
    },
    async (request) => {
      const store = catalog.getStore(request.params.storeId);
      if (!store) throw new AppError('NOT_FOUND', 'store');
      return {
        items: routing
          .methodsFor(store.storeId)
          .map((m) => ({ code: m.code, name: paymentMethodName(m.code, store.language), provider: m.provider })),
      };
    },
  );
};
