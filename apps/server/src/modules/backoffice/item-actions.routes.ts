import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { QUEUE_NAMES, type Action } from '@ventanilla/domain';
import { Type, type TProperties } from 'typebox';
import { lockGuard } from '../../plugins/lock-guard.js';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, Nullable, NullableId, OneOf } from '../../shared/http-schemas.js';
import { ItemIdParams } from './item-locks.routes.js';

const INT32 = 2_147_483_647;

/** The version a write is based on: the item's `updated_at` as GET /api/backoffice/items/{itemId} returned it. */
export const VersionSchema = Type.String({
  format: 'date-time',
  maxLength: 40,
  description: "The item's updated_at as the screen loaded it; a stale one is a 409 VERSION_CONFLICT",
});

const Written = Type.Object({
  item_id: Type.Integer(),
  updated_at: Type.String({ format: 'date-time', description: "The item's new version" }),
});

const NoteParams = Type.Object({
  itemId: ItemIdParams.properties.itemId,
  noteId: Type.Integer({ minimum: 1, maximum: INT32 }),
});
const FileParams = Type.Object({
  itemId: ItemIdParams.properties.itemId,
  fileId: Type.Integer({ minimum: 1, maximum: INT32 }),
});

const QueueNameSchema = OneOf(QUEUE_NAMES);

/**
 * The agents' actions on an order item (docs/backoffice.md, "Actions"). Every write carries the `version` it was
 * based on and goes through the lock guard (423 when another agent holds the item).
 */
const itemActionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { itemActions } = app.ctx;
  app.addHook('preValidation', lockGuard);

  /** A simple action: `POST /api/backoffice/items/{itemId}/{path}` with `version` and the given fields. */
  function simpleAction<P extends TProperties>(
    path: string,
    permission: Action,
    summary: string,
    properties: P,
    run: (
      agent: ReturnType<typeof signedInUser>,
      itemId: number,
      body: { version: string } & Record<string, unknown>,
    ) => Promise<{ item_id: number; updated_at: string }>,
  ) {
    app.post(
      `/api/backoffice/items/:itemId/${path}`,
      {
        config: { permission },
        schema: {
          tags: ['back office'],
          summary,
          params: ItemIdParams,
          body: Type.Object({ ...properties, version: VersionSchema }, { additionalProperties: false }),
          response: { 200: Written, ...errors(400, 401, 403, 404, 409, 423) },
        },
      },
      async (request) => run(signedInUser(request), request.params.itemId, request.body as { version: string }),
    );
  }

  app.get(
    '/api/backoffice/agents',
    {
      config: { permission: 'backoffice.items.read' },
      schema: {
        tags: ['back office'],
        summary: 'The back-office accounts an item can be delegated to (agents, admins, notaries), by name',
        response: {
          200: Type.Object({
            items: Type.Array(
              Type.Object({ id: Type.Integer(), name: Type.String(), role: OneOf(['agent', 'admin', 'notary']) }),
            ),
          }),
          ...errors(401, 403),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await itemActions.agents() };
    },
  );

  app.post(
    '/api/backoffice/items/:itemId/finish',
    {
      config: { permission: 'backoffice.items.finish' },
      schema: {
        tags: ['back office'],
        summary:
          'Finish: set the result status, release the lock and, with then=next, pull the next item of the queue (like POST /api/backoffice/queue/next); then=stop gives next null',
        params: ItemIdParams,
        body: Type.Object(
          {
            status: Type.Integer({ description: 'The result: a panel status that takes the item out of the queue' }),
            version: VersionSchema,
            then: OneOf(['next', 'stop']),
            queue: Type.Optional(QueueNameSchema),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            item_id: Type.Integer(),
            next: Nullable(
              Type.Object({
                item_id: Type.Integer(),
                locked_by: Type.Integer(),
                locked_by_name: Type.String(),
                expires_at: Type.String({ format: 'date-time' }),
                queue: QueueNameSchema,
              }),
            ),
          }),
          ...errors(400, 401, 403, 404, 409, 423),
        },
      },
    },
    async (request) => itemActions.finish(signedInUser(request), request.params.itemId, request.body),
  );

  simpleAction('close', 'backoffice.items.close', 'Close the item (status 120 Cerrado)', {}, (agent, id, body) =>
    itemActions.close(agent, id, body.version),
  );

  simpleAction(
    'not-processing',
    'backoffice.items.close',
    '"Not processing": status 70 Denegado with a reason (10-500 characters), kept in the history',
    { reason: Type.String({ maxLength: 2000 }) },
    (agent, id, body) => itemActions.notProcessing(agent, id, body.reason as string, body.version),
  );

  simpleAction(
    'postpone',
    'backoffice.items.postpone',
    'Postpone: out of the queue until a future time (ISO 8601 with offset, at most a year away); null resumes now',
    { until: Nullable(Type.String({ maxLength: 40 })) },
    (agent, id, body) => itemActions.postpone(agent, id, body.until as string | null, body.version),
  );

  simpleAction(
    'delegate',
    'backoffice.items.delegate',
    'Delegate to another agent (the queue gives it to nobody else); null takes the delegation back',
    { asignee_id: NullableId() },
    (agent, id, body) => itemActions.delegate(agent, id, body.asignee_id as number | null, body.version),
  );

  simpleAction(
    'reference',
    'backoffice.items.reference',
    'Set the reference (the history keeps old and new); blank or null removes it',
    { referencia: Nullable(Type.String({ maxLength: 400 })) },
    (agent, id, body) => itemActions.setReference(agent, id, body.referencia as string | null, body.version),
  );

  simpleAction(
    'priority',
    'backoffice.items.plan',
    'Set the priority (0-10; the queue takes the highest first)',
    { priority: Type.Integer() },
    (agent, id, body) => itemActions.setPriority(agent, id, body.priority as number, body.version),
  );

  simpleAction(
    'deadline',
    'backoffice.items.plan',
    'Set the deadline (ISO 8601 with offset, in the future, at most two years away); null removes it',
    { deadline_at: Nullable(Type.String({ maxLength: 40 })) },
    (agent, id, body) => itemActions.setDeadline(agent, id, body.deadline_at as string | null, body.version),
  );

  simpleAction(
    'provider',
    'backoffice.items.plan',
    'Set the provider the item is sent to (a provider id); null removes it',
    { provider_id: Nullable(Type.String({ maxLength: 200 })) },
    (agent, id, body) => itemActions.setProvider(agent, id, body.provider_id as string | null, body.version),
  );

  simpleAction(
    'client-status',
    'backoffice.items.clientStatus',
    'Set the status the customer sees (client_status_id 1-5: pending, processing, incidence, ready, returned); null goes back to the derived one. The customer is e-mailed when what they see changes',
    { client_status_id: NullableId() },
    (agent, id, body) => itemActions.setClientStatus(agent, id, body.client_status_id as number | null, body.version),
  );

  simpleAction(
    'attributes',
    'backoffice.items.attributes',
    "Replace the item's attributes (atributos, key/value); the history keeps old and new",
    {
      atributos: Type.Array(
        Type.Object(
          { key: Type.String({ maxLength: 200 }), value: Type.String({ maxLength: 2000 }) },
          { additionalProperties: false },
        ),
        { maxItems: 100 },
      ),
    },
    (agent, id, body) =>
      itemActions.setAttributes(agent, id, body.atributos as { key: string; value: string }[], body.version),
  );

  simpleAction(
    'data-changes/alert',
    'backoffice.items.work',
    'Switch the data-change alert off (until the customer changes data again) or back on (spec: disableHistoryAlert)',
    { on: Type.Boolean() },
    (agent, id, body) => itemActions.setDataAlert(agent, id, body.on as boolean, body.version),
  );

  app.get(
    '/api/backoffice/items/:itemId/data-changes',
    {
      config: { permission: 'backoffice.items.read' },
      schema: {
        tags: ['back office'],
        summary:
          "The item's data-change history (spec: getHistoricoCambiosDatos): each correction of its answers with what it changed, and whether the alert is on",
        params: ItemIdParams,
        response: {
          200: Type.Object({
            item_id: Type.Integer(),
            updated_at: Type.String({ format: 'date-time' }),
            alert: Type.Boolean(),
            alert_off_at: Nullable(Type.String({ format: 'date-time' })),
            changes: Type.Array(
              Type.Object({
                history_id: Type.Integer(),
                created_at: Type.String({ format: 'date-time' }),
                by: OneOf(['customer', 'staff']),
                answers: Type.Array(
                  Type.Object({ key: Type.String(), label: Type.String(), from: Type.String(), to: Type.String() }),
                ),
              }),
            ),
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return itemActions.dataChanges(signedInUser(request), request.params.itemId);
    },
  );

  simpleAction(
    'lead/resend',
    'backoffice.items.leads',
    'Resend the lead of an unpaid item (status 0)',
    {},
    (agent, id, body) => itemActions.resendLead(agent, id, body.version),
  );

  simpleAction(
    'lead/closed-lost',
    'backoffice.items.leads',
    'Close the lead of an unpaid item as lost (status 120 Cerrado)',
    {},
    (agent, id, body) => itemActions.leadClosedLost(agent, id, body.version),
  );

  app.post(
    '/api/backoffice/items/:itemId/notes/:noteId/pin',
    {
      config: { permission: 'backoffice.items.work' },
      schema: {
        tags: ['back office'],
        summary: 'Pin (shown first) or unpin a note',
        params: NoteParams,
        body: Type.Object({ pinned: Type.Boolean(), version: VersionSchema }, { additionalProperties: false }),
        response: { 200: Written, ...errors(400, 401, 403, 404, 409, 423) },
      },
    },
    async (request) =>
      itemActions.pinNote(
        signedInUser(request),
        request.params.itemId,
        request.params.noteId,
        request.body.pinned,
        request.body.version,
      ),
  );

  app.delete(
    '/api/backoffice/items/:itemId/notes/:noteId',
    {
      config: { permission: 'backoffice.items.work' },
      schema: {
        tags: ['back office'],
        summary: 'Delete a note (its author or an admin); the history keeps its text',
        params: NoteParams,
        body: Type.Object({ version: VersionSchema }, { additionalProperties: false }),
        response: { 200: Written, ...errors(400, 401, 403, 404, 409, 423) },
      },
    },
    async (request) =>
      itemActions.deleteNote(signedInUser(request), request.params.itemId, request.params.noteId, request.body.version),
  );

  app.delete(
    '/api/backoffice/items/:itemId/files/:fileId',
    {
      config: { permission: 'backoffice.items.work' },
      schema: {
        tags: ['back office'],
        summary: "Delete a document the staff uploaded (the customer's own documents stay)",
        params: FileParams,
        body: Type.Object({ version: VersionSchema }, { additionalProperties: false }),
        response: { 200: Written, ...errors(400, 401, 403, 404, 409, 423) },
      },
    },
    async (request) =>
      itemActions.deleteFile(signedInUser(request), request.params.itemId, request.params.fileId, request.body.version),
  );
};

export default itemActionsRoutes;
