import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { lockGuard } from '../../plugins/lock-guard.js';
import { formatMoneyString } from '@ventanilla/domain';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, MoneyString, Nullable, PaymentStatusSchema, IdParam } from '../../shared/http-schemas.js';

const OrderParams = Type.Object({ orderId: IdParam });

const StaffPayment = Type.Object({
  id: Type.Integer(),
  method: Type.String(),
  provider: Type.String(),
  status: PaymentStatusSchema,
  amount: MoneyString,
  failure_code: Nullable(Type.String()),
  instructions: Nullable(Type.Record(Type.String(), Type.String())),
  confirmed_by: Nullable(Type.Integer()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

/** The back office's view of an order's payments, and the confirmation of a bank transfer by an agent. */
const backofficePaymentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Writes to an order another agent has locked are refused (423).
  app.addHook('preHandler', lockGuard);
  app.get(
    '/api/backoffice/orders/:orderId/payments',
    {
      config: { permission: 'backoffice.payments.read' },
      schema: {
        tags: ['back office'],
        summary: 'Payments of an order, newest first (agents, admins, notaries)',
        params: OrderParams,
        response: { 200: Type.Object({ items: Type.Array(StaffPayment) }), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await app.ctx.transfers.list(request.params.orderId);
      return {
        items: rows.map((p) => ({
          id: p.id,
          method: p.method,
          provider: p.provider,
          status: p.status,
          amount: formatMoneyString(p.amount),
          failure_code: p.failureCode,
          instructions: p.instructions ?? null,
          confirmed_by: p.confirmedBy,
          created_at: p.createdAt.toISOString(),
          updated_at: p.updatedAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/api/backoffice/orders/:orderId/confirm-transfer',
    {
      config: { permission: 'payments.confirmTransfer' },
      schema: {
        tags: ['back office'],
        summary:
          'Confirm that the bank transfer of an order arrived: captures it and pays the order (agents and admins)',
        params: OrderParams,
        response: {
          200: Type.Object({ order_id: Type.Integer(), payment_id: Type.Integer(), paid: Type.Boolean() }),
          ...errors(401, 403, 404, 409, 423),
        },
      },
    },
    async (request) => {
      const staff = signedInUser(request);
      const result = await app.ctx.transfers.confirm(staff, request.params.orderId);
      request.log.info(
        { orderId: result.order_id, paymentId: result.payment_id, by: staff.id },
        'bank transfer confirmed',
      );
      return result;
    },
  );
};

export default backofficePaymentsRoutes;
