import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { cents, formatMoneyString } from '@ventanilla/domain';
import { requireStaff } from '../../plugins/session.js';
import { errors, MoneyString } from '../../shared/http-schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const OrderParams = Type.Object({ orderId: Type.Integer({ minimum: 1 }) });

const StaffPayment = Type.Object({
  id: Type.Integer(),
  method: Type.String(),
  provider: Type.String(),
  status: Type.String(),
  amount: MoneyString,
  failure_code: Nullable(Type.String()),
  instructions: Nullable(Type.Record(Type.String(), Type.String())),
  confirmed_by: Nullable(Type.Integer()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

/** The back office's view of an order's payments, and the confirmation of a bank transfer by an agent. */
const backofficePaymentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/backoffice/orders/:orderId/payments', {
    schema: {
      tags: ['back office'],
      summary: 'Payments of an order, newest first (agents, admins, notaries)',
      params: OrderParams,
      response: { 200: Type.Object({ items: Type.Array(StaffPayment) }), ...errors(401, 403, 404) },
    },
  }, async (request, reply) => {
    await requireStaff(request);
    reply.header('cache-control', 'no-store');
    const rows = await app.ctx.transfers.list(request.params.orderId);
    return {
      items: rows.map((p) => ({
        id: p.id,
        method: p.method,
        provider: p.provider,
        status: p.status,
        amount: formatMoneyString(cents(p.amount)),
        failure_code: p.failureCode,
        instructions: p.instructions ?? null,
        confirmed_by: p.confirmedBy,
        created_at: p.createdAt.toISOString(),
        updated_at: p.updatedAt.toISOString(),
      })),
    };
  });

  app.post('/api/backoffice/orders/:orderId/confirm-transfer', {
    schema: {
      tags: ['back office'],
      summary: 'Confirm that the bank transfer of an order arrived: captures it and pays the order (agents and admins)',
      params: OrderParams,
      response: {
        200: Type.Object({ order_id: Type.Integer(), payment_id: Type.Integer(), paid: Type.Boolean() }),
        ...errors(401, 403, 404, 409),
      },
    },
  }, async (request) => {
    const staff = await requireStaff(request);
    const result = await app.ctx.transfers.confirm(staff, request.params.orderId);
    request.log.info({ orderId: result.order_id, paymentId: result.payment_id, by: staff.id }, 'bank transfer confirmed');
    return result;
  });
};

export default backofficePaymentsRoutes;
