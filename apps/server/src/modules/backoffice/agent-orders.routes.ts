import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { QP_MAX_NAMES, QP_MAXIMO_LIMIT } from '@ventanilla/domain';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, MoneyString, Nullable, StoreIdParam } from '../../shared/http-schemas.js';
import { Answers, PriceResponse } from '../catalog/index.js';
import {
  QpId,
  qpLocalizationFields,
  qpNameFields,
  QpPersonBody,
  QpProcessedAt,
  QpTramitaBody,
} from '../person-search/index.js';

const ItemIdParam = Type.Object({ itemId: QpId });
const Text = (maxLength: number) => Type.String({ maxLength });

const ListsOut = Type.Object({
  item_id: Type.Integer(),
  paid_maximo: Type.Integer({
    description: 'The most properties the customer paid to locate (answer of question 1006)',
  }),
  maximo: Nullable(Type.Integer({ description: 'The maximum the names were processed with (tramitaListaNombresQP)' })),
  room: Type.Integer({ description: 'How many more localizations may be recorded' }),
  names: Type.Array(Type.Object({ ...qpNameFields, maximo: Nullable(Type.Integer()), processed_at: QpProcessedAt })),
  localizations: Type.Array(Type.Object({ ...qpLocalizationFields, created_at: Type.String({ format: 'date-time' }) })),
});

/**
 * Orders created by agents for customers and the QP person-search lists (docs/backoffice.md, "Orders created by
 * agents"): the spec's listaNombresQP, searchListaNombresQP, tramitaListaNombresQP and tramitaLocalizaciones.
 */
const agentOrdersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { agentOrders, now } = app.ctx;

  app.post(
    '/api/backoffice/agent-orders',
    {
      config: { permission: 'backoffice.orders.create' },
      schema: {
        tags: ['back office'],
        summary:
          "Create an unpaid order for a customer (found by e-mail, created when absent) from a product's answers; the customer is e-mailed a pay link",
        body: Type.Object(
          {
            customer: Type.Object(
              {
                email: Text(254),
                firstname: Type.Optional(Text(200)),
                lastname: Type.Optional(Text(200)),
              },
              { additionalProperties: false },
            ),
            store_id: StoreIdParam,
            url_key: Type.String({ minLength: 1, maxLength: 120, pattern: '^[a-z0-9-]+$' }),
            answers: Answers,
            shown_total: Type.Optional(
              Type.String({
                maxLength: 20,
                description: 'The total the screen showed: never used, only compared (price_changed)',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            order_id: Type.Integer(),
            item_id: Type.Integer(),
            customer_id: Type.Integer(),
            customer_created: Type.Boolean(),
            total: MoneyString,
            price: PriceResponse,
            price_changed: Type.Boolean(),
            pay_path: Type.String({ examples: ['/payment/order/100000123'] }),
          }),
          ...errors(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const session = await request.loadSession();
      if (!session) throw new Error('protected route without a session');
      const body = request.body;
      const created = await agentOrders.create(session, signedInUser(request), {
        customer: body.customer,
        storeId: body.store_id,
        urlKey: body.url_key,
        answers: body.answers,
        shownTotal: body.shown_total,
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/backoffice/qp/:itemId',
    {
      config: { permission: 'backoffice.personSearch' },
      schema: {
        tags: ['back office'],
        summary: "listaNombresQP: a QP item's people to search for, its localizations and the maximum",
        params: ItemIdParam,
        response: { 200: ListsOut, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return agentOrders.lists(request.params.itemId);
    },
  );

  app.post(
    '/api/backoffice/qp/names',
    {
      config: { permission: 'backoffice.personSearch' },
      schema: {
        tags: ['back office'],
        summary: `searchListaNombresQP: add a person (name, surnames, DNI/NIE) to a QP item's list (at most ${QP_MAX_NAMES}); answers the list and earlier items that searched the same NIF`,
        body: QpPersonBody,
        response: {
          200: Type.Object({ ...ListsOut.properties, earlier_item_ids: Type.Array(Type.Integer()) }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => agentOrders.addName(signedInUser(request), request.body),
  );

  app.post(
    '/api/backoffice/qp/:itemId/tramita',
    {
      config: { permission: 'backoffice.personSearch' },
      schema: {
        tags: ['back office'],
        summary:
          'tramitaListaNombresQP: send pending names for searching with a maximum of properties to locate (1 to what the customer paid)',
        params: ItemIdParam,
        body: QpTramitaBody,
        response: { 200: ListsOut, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => agentOrders.processNames(signedInUser(request), request.params.itemId, request.body, now()),
  );

  app.post(
    '/api/backoffice/qp/:itemId/localizaciones',
    {
      config: { permission: 'backoffice.personSearch' },
      schema: {
        tags: ['back office'],
        summary: 'tramitaLocalizaciones: record properties found for a QP item (at most the processed maximum in all)',
        params: ItemIdParam,
        body: Type.Object(
          {
            list: Type.Array(
              Type.Object(
                {
                  registro: Text(400),
                  finca: Text(100),
                  municipio: Type.Optional(Text(400)),
                  titular: Type.Optional(Text(400)),
                },
                { additionalProperties: false },
              ),
              { minItems: 1, maxItems: QP_MAXIMO_LIMIT },
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: ListsOut, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => agentOrders.addLocalizations(signedInUser(request), request.params.itemId, request.body.list),
  );
};

export default agentOrdersRoutes;
