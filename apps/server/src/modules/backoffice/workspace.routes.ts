import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAX_OPEN_TABS } from '@ventanilla/domain';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, Nullable, PanelStatusIdSchema } from '../../shared/http-schemas.js';

/** A tab key as sent: the domain's registry decides which are known (`search`, `-1`, `item:{id}`...). */
const TabKeyIn = Type.String({ maxLength: 40, examples: ['search', '-1', 'item:1234'] });

const WorkspaceOut = Type.Object({
  tabs: Type.Array(
    Type.Object({
      key: Type.String({
        description: 'search, actividad, ..., -1, -2, 0, item:{item id}, ticket:{ticket id} or tickets:email:{address}',
      }),
      ending: Type.String({ description: 'The address ending: /agentes/{ending}' }),
      title: Type.String(),
      closable: Type.Boolean({ description: 'false for -1 (auto-assign): it cannot be closed normally' }),
      ready: Type.Boolean({ description: 'false while its screen belongs to a later issue' }),
      item_id: Nullable(Type.Integer()),
      ticket_id: Nullable(Type.Integer()),
    }),
  ),
  active: Nullable(Type.String()),
  closed_item_ids: Type.Array(Type.Integer(), { description: 'Items whose tabs were closed, most recent first' }),
  background_lock_seconds: Type.Integer({
    description:
      "Seconds after which a tab left in the background gives its order's or ticket's lock back (BACKOFFICE_BACKGROUND_LOCK_SECONDS)",
  }),
});

/** The agent's tabbed workspace, kept per agent, and My Activity (docs/backoffice.md, "Workspace"). */
const workspaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { workspace, config } = app.ctx;
  const settings = { background_lock_seconds: config.backoffice.backgroundLockSeconds };

  app.get(
    '/api/backoffice/workspace',
    {
      config: { permission: 'backoffice.workspace' },
      schema: {
        tags: ['back office'],
        summary: "The signed-in agent's open tabs in order and the active one (the default tabs before any change)",
        response: { 200: WorkspaceOut, ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { ...(await workspace.get(signedInUser(request), request.language)), ...settings };
    },
  );

  app.put(
    '/api/backoffice/workspace',
    {
      config: { permission: 'backoffice.workspace' },
      schema: {
        tags: ['back office'],
        summary:
          "Replace the signed-in agent's tabs: known keys only, each once, at most 30, -1 kept; closed item tabs are recorded",
        body: Type.Object(
          {
            tabs: Type.Array(TabKeyIn, { maxItems: MAX_OPEN_TABS }),
            active: Nullable(TabKeyIn),
          },
          { additionalProperties: false },
        ),
        response: { 200: WorkspaceOut, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { tabs, active } = request.body;
      return {
        ...(await workspace.put(signedInUser(request), tabs, active, request.language)),
        ...settings,
      };
    },
  );

  app.get(
    '/api/backoffice/activity',
    {
      config: { permission: 'backoffice.workspace' },
      schema: {
        tags: ['back office'],
        summary: "My Activity: the signed-in agent's latest actions on items and the items delegated to them",
        response: {
          200: Type.Object({
            actions: Type.Array(
              Type.Object({
                id: Type.Integer(),
                item_id: Type.Integer(),
                order_id: Type.Integer(),
                product_name: Type.String(),
                accion: Type.String(),
                old_status_text: Nullable(Type.String()),
                new_status_text: Nullable(Type.String()),
                created_at: Type.String({ format: 'date-time' }),
              }),
            ),
            delegated: Type.Array(
              Type.Object({
                item_id: Type.Integer(),
                order_id: Type.Integer(),
                product_name: Type.String(),
                panel_status_id: PanelStatusIdSchema,
                status_text: Type.String(),
                updated_at: Type.String({ format: 'date-time' }),
                deadline_at: Nullable(Type.String({ format: 'date-time' })),
              }),
            ),
          }),
          ...errors(401, 403),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return workspace.activity(signedInUser(request).id, request.language);
    },
  );
};

export default workspaceRoutes;
