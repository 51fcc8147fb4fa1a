import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CUSTOMER_SUMMARY_ATTRS, CUSTOMER_SUMMARY_LIMIT } from '@ventanilla/domain';
import { Type } from 'typebox';
import { errors, IdParam } from '../../shared/http-schemas.js';

// As the other back-office customer routes: an id that is no positive 32-bit integer is a 400, an unknown one a 404.
const CustomerIdParams = Type.Object({ customerId: IdParam });

const SummaryItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  favourite: Type.Boolean(),
  attrs: Type.Array(Type.Object({ key: Type.String(), value: Type.String() }), {
    description: `What tells the thing apart, in this order: properties ${CUSTOMER_SUMMARY_ATTRS.property.join(', ')}; companies ${CUSTOMER_SUMMARY_ATTRS.company.join(', ')}; vehicles ${CUSTOMER_SUMMARY_ATTRS.vehicle.join(', ')} (empty ones left out)`,
  }),
});
const SummaryList = Type.Object({
  items: Type.Array(SummaryItem, { description: `Newest first, up to ${CUSTOMER_SUMMARY_LIMIT}` }),
  total: Type.Integer(),
});

/** The back office's read of a customer's saved items (docs/backoffice.md, "Customers"). */
const savedItemsBackofficeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/backoffice/customers/:customerId/saved-items',
    {
      config: { permission: 'customers.savedItems' },
      schema: {
        tags: ['customers'],
        summary:
          "A customer's saved properties, companies and vehicles, one line each (the order's and the ticket's side panel)",
        params: CustomerIdParams,
        response: {
          200: Type.Object({
            customer_id: Type.Integer(),
            properties: SummaryList,
            companies: SummaryList,
            vehicles: SummaryList,
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.ctx.savedItems.customerSummary(request.params.customerId);
    },
  );
};

export default savedItemsBackofficeRoutes;
