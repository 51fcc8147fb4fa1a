import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { lockGuard } from '../../plugins/lock-guard.js';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors } from '../../shared/http-schemas.js';
import { ItemIdParams } from '../backoffice/index.js';
import { StaffIncidenceOut, TemplateId, ValuesSchema, Version } from './templates.schema.js';

/**
 * An agent's template actions on an item (docs/backoffice.md, "Templates and the incident loop"): e-mail and PDF from
 * a template, raise an incidence. Writes carry `version` and go through the lock guard like every item write.
 */
const itemTemplatesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { itemTemplates } = app.ctx;
  app.addHook('preValidation', lockGuard);
  const tags = ['back office'];

  app.get(
    '/api/backoffice/items/:itemId/incidence',
    {
      config: { permission: 'backoffice.items.read' },
      schema: {
        tags,
        summary: 'The item’s incident: incidence, text, the customer’s answers with files, and the answered flag',
        params: ItemIdParams,
        response: { 200: StaffIncidenceOut, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return itemTemplates.incidence(signedInUser(request), request.params.itemId);
    },
  );

  app.post(
    '/api/backoffice/items/:itemId/incidence',
    {
      config: { permission: 'backoffice.items.work' },
      schema: {
        tags,
        summary:
          'Raise an incidence: status 60 with an incidence template and text; the customer gets its e-mail in the store’s language',
        params: ItemIdParams,
        body: Type.Object(
          {
            incidence_id: TemplateId,
            text: Type.String({ maxLength: 20_000 }),
            version: Version,
            values: Type.Optional(ValuesSchema),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            item_id: Type.Integer(),
            panel_status_id: Type.Integer(),
            incidence_id: Type.Integer(),
            outbox_id: Type.Integer(),
            updated_at: Type.String(),
          }),
          ...errors(400, 401, 403, 404, 409, 423),
        },
      },
    },
    async (request) => {
      const agent = signedInUser(request);
      const body = request.body;
      return itemTemplates.raiseIncidence(agent, request.params.itemId, {
        incidenceId: body.incidence_id,
        text: body.text,
        version: body.version,
        overrides: body.values ?? {},
      });
    },
  );

  app.post(
    '/api/backoffice/items/:itemId/template-emails',
    {
      config: { permission: 'backoffice.items.work' },
      schema: {
        tags,
        summary: 'Send an e-mail template to the customer (preview it first); a missing value is a 400 naming it',
        params: ItemIdParams,
        body: Type.Object(
          { template_id: TemplateId, version: Version, values: Type.Optional(ValuesSchema) },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            outbox_id: Type.Integer(),
            to: Type.String(),
            subject: Type.String(),
            updated_at: Type.String(),
          }),
          ...errors(400, 401, 403, 404, 409, 423),
        },
      },
    },
    async (request, reply) => {
      const agent = signedInUser(request);
      const { template_id, version, values } = request.body;
      return reply
        .code(201)
        .send(await itemTemplates.sendEmail(agent, request.params.itemId, template_id, version, values ?? {}));
    },
  );

  app.post(
    '/api/backoffice/items/:itemId/template-pdfs',
    {
      config: { permission: 'backoffice.items.work' },
      schema: {
        tags,
        summary:
          'Generate a PDF (an authorisation, a letter) from an e-mail template and attach it to the item’s files',
        params: ItemIdParams,
        body: Type.Object(
          { template_id: TemplateId, version: Version, values: Type.Optional(ValuesSchema) },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            id: Type.Integer(),
            filename: Type.String(),
            content_type: Type.String(),
            size: Type.Integer(),
            created_at: Type.String(),
            visible_to_customer: Type.Boolean(),
            updated_at: Type.String(),
          }),
          ...errors(400, 401, 403, 404, 409, 423),
        },
      },
    },
    async (request, reply) => {
      const agent = signedInUser(request);
      const { template_id, version, values } = request.body;
      return reply
        .code(201)
        .send(await itemTemplates.generatePdf(agent, request.params.itemId, template_id, version, values ?? {}));
    },
  );
};

export default itemTemplatesRoutes;
