import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PANEL_ROLES, QUEUE_NAMES, STAFF_ROLES } from '@ventanilla/domain';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, Nullable, OneOf } from '../../shared/http-schemas.js';
import { AgentsAdminService } from './agents-admin.service.js';

const INT32 = 2_147_483_647;
const AgentIdParams = Type.Object({ agentId: Type.Integer({ minimum: 1, maximum: INT32 }) });
const StaffRoleSchema = OneOf(STAFF_ROLES);

const SettingsSchema = Type.Object(
  {
    default_queue: Type.Optional(OneOf(QUEUE_NAMES, { description: 'The queue the auto-assign tab pulls first' })),
    languages: Type.Optional(Type.Array(OneOf(['es', 'en', 'pt'] as const), { maxItems: 3, uniqueItems: true })),
  },
  { additionalProperties: false },
);

const AgentSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  role: StaffRoleSchema,
  active: Type.Boolean(),
  settings: SettingsSchema,
  panel_role: Nullable(
    OneOf(PANEL_ROLES, { description: "portugal: the spec's Portuguese panel role (canned responses of its groups)" }),
  ),
  created_at: Type.String({ format: 'date-time' }),
  version: Type.String({ format: 'date-time' }),
});

/** The staff accounts (docs/backoffice.md, "Agents"; spec: update_agente). Admins only. */
export const agentsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = new AgentsAdminService(
    app.ctx.db,
    () => app.ctx.now(),
    async (id) => {
      await app.ctx.itemLocks.releaseAllOf(id);
      await app.ctx.tickets.releaseAllOf(id);
    },
    app.ctx.passwordReset,
    app.ctx.config.defaultStoreId,
  );

  app.get(
    '/api/backoffice/staff',
    {
      config: { permission: 'agents.manage' },
      schema: {
        tags: ['agents'],
        summary: 'The staff accounts (agents, admins, notaries), active or not',
        response: { 200: Type.Object({ items: Type.Array(AgentSchema) }), ...errors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await service.list() };
    },
  );

  app.post(
    '/api/backoffice/staff',
    {
      config: { permission: 'agents.manage' },
      schema: {
        tags: ['agents'],
        summary:
          'Create a staff account; it is e-mailed an invitation to choose its password (single use, expires in 7 days)',
        body: Type.Object(
          {
            email: Type.String({ maxLength: 320 }),
            firstname: Type.String({ maxLength: 400 }),
            lastname: Type.String({ maxLength: 400 }),
            role: StaffRoleSchema,
            settings: Type.Optional(SettingsSchema),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Object({ agent: AgentSchema }), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send({ agent: await service.create(request.body) }),
  );

  app.patch(
    '/api/backoffice/staff/:agentId',
    {
      config: { permission: 'agents.manage' },
      schema: {
        tags: ['agents'],
        summary:
          'update_agente: role, names, active (off = cannot sign in, sessions end, locks released), configuration',
        params: AgentIdParams,
        body: Type.Object(
          {
            version: Type.String({ format: 'date-time', maxLength: 40 }),
            role: Type.Optional(StaffRoleSchema),
            active: Type.Optional(Type.Boolean()),
            firstname: Type.Optional(Type.String({ maxLength: 400 })),
            lastname: Type.Optional(Type.String({ maxLength: 400 })),
            settings: Type.Optional(SettingsSchema),
            panel_role: Type.Optional(Nullable(OneOf(PANEL_ROLES))),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ agent: AgentSchema }), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      agent: await service.update(signedInUser(request).id, request.params.agentId, request.body),
    }),
  );
};
