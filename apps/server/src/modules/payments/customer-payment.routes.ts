import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PAYMENT_METHOD_CODES } from '@ventanilla/domain';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, Nullable } from '../../shared/http-schemas.js';
import { preferredPayment, setPreferredPayment } from './payment-preferences.js';

const PreferredPayment = Type.Object({
  preferred_payment: Nullable(
    Type.Object({
      method: Type.String(),
      card: Nullable(
        Type.Object({
          brand: Nullable(Type.String()),
          last4: Nullable(Type.String()),
          exp_month: Nullable(Type.Integer()),
          exp_year: Nullable(Type.Integer()),
        }),
      ),
    }),
  ),
});

/** customer/payment: the customer's preferred payment method (a saved card keeps only token, brand, last 4, expiry). */
const customerPaymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/customer/payment',
    {
      config: { permission: 'account.paymentPreference' },
      schema: {
        tags: ['customer panel'],
        summary: 'Your preferred payment method (a saved card shows only brand, last four digits and expiry)',
        response: { 200: PreferredPayment, ...errors(401) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      reply.header('cache-control', 'no-store');
      return { preferred_payment: await preferredPayment(app.ctx.db, user.id) };
    },
  );

  app.put(
    '/api/customer/payment',
    {
      config: { permission: 'account.paymentPreference' },
      schema: {
        tags: ['customer panel'],
        summary: 'Choose your preferred payment method, or forget the saved card (remove_cc)',
        body: Type.Object({
          preferred_payment: Type.Union([...PAYMENT_METHOD_CODES, 'remove_cc'].map((m) => Type.Literal(m))),
        }),
        response: { 200: PreferredPayment, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await setPreferredPayment(
        app.ctx.db,
        user.id,
        request.body.preferred_payment as Parameters<typeof setPreferredPayment>[2],
      );
      return { preferred_payment: await preferredPayment(app.ctx.db, user.id) };
    },
  );
};

export default customerPaymentRoutes;
