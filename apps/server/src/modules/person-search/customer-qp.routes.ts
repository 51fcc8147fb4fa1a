import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { QP_MAX_NAMES } from '@ventanilla/domain';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, Nullable, OneOf } from '../../shared/http-schemas.js';
import {
  QpId,
  qpLocalizationFields,
  qpNameFields,
  QpPersonBody,
  QpProcessedAt,
  QpTramitaBody,
} from './qp-lists.schema.js';

const CustomerQpList = Type.Object({
  item_id: Type.Integer(),
  state: OneOf(['awaiting_names', 'sent', 'unpaid', 'closed'] as const, {
    description: 'awaiting_names: names may be added and sent; otherwise read-only',
  }),
  editable: Type.Boolean(),
  paid_maximo: Type.Integer({ description: 'The most properties paid for (the highest maximo allowed)' }),
  max_names: Type.Integer({ description: 'How many people the list may hold' }),
  maximo: Nullable(Type.Integer({ description: 'The maximum the names were sent with' })),
  names: Type.Array(Type.Object({ ...qpNameFields, processed_at: QpProcessedAt })),
  localizations: Type.Array(Type.Object(qpLocalizationFields)),
});

/**
 * The customer's QP person-search lists (docs/customer-panel.md, "Person search (QP)"): the spec's listaNombresQP,
 * searchListaNombresQP and tramitaListaNombresQP on one's own paid "propiedades de una persona" items.
 */
const customerQpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { customerQp, now } = app.ctx;

  app.get(
    '/api/me/qp/:itemId',
    {
      config: { permission: 'orders.personSearchOwn' },
      schema: {
        tags: ['customer panel'],
        summary:
          'listaNombresQP: the people of one of your QP items, the properties found, and whether you may still edit',
        params: Type.Object({ itemId: QpId }),
        response: { 200: CustomerQpList, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return customerQp.list(signedInUser(request).id, request.params.itemId);
    },
  );

  app.post(
    '/api/me/qp/names',
    {
      config: { permission: 'orders.personSearchOwn' },
      schema: {
        tags: ['customer panel'],
        summary: `searchListaNombresQP: add a person (name, surnames, DNI/NIE) to your QP item's list (at most ${QP_MAX_NAMES}; only before it is sent)`,
        body: QpPersonBody,
        response: {
          200: Type.Object({ ...CustomerQpList.properties, added: Type.Boolean() }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => customerQp.addName(signedInUser(request), request.body),
  );

  app.post(
    '/api/me/qp/:itemId/tramita',
    {
      config: { permission: 'orders.personSearchOwn' },
      schema: {
        tags: ['customer panel'],
        summary:
          'tramitaListaNombresQP: send the listed names for searching with a maximum of properties (1 to what you paid); once',
        params: Type.Object({ itemId: QpId }),
        body: QpTramitaBody,
        response: { 200: CustomerQpList, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => customerQp.tramita(signedInUser(request), request.params.itemId, request.body, now()),
  );
};

export default customerQpRoutes;
