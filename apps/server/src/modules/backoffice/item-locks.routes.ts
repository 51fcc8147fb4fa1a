import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { can, QUEUE_NAMES } from '@ventanilla/domain';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, ItemLockSchema, NotJson, Nullable, OneOf } from '../../shared/http-schemas.js';
import type { SessionUser } from '../../shared/session-types.js';
import type { ItemLocksService } from './item-locks.service.js';
import type { LockEvent } from './lock-events.js';

/** An item id: a positive 32-bit integer (a larger one is a 400, never a database error). */
export const ItemIdParams = Type.Object({ itemId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

const QueueNameSchema = OneOf(QUEUE_NAMES);

/** A comment line on an idle event stream, so proxies keep it open. */
const STREAM_KEEPALIVE_MS = 25_000;

const LockEventStream = NotJson(['text/event-stream'], {
  description:
    'text/event-stream: `event: ready` (data {live}: false when changes cannot be heard here, and screens rely on ' +
    "their heartbeat), `event: lock` (data {item_id, locked_by}: the order item's new holder, null when free) and " +
    "`event: ticket-lock` (data {ticket_id, locked_by}: the ticket's, to those who may read tickets) for every " +
    'change by any agent on any instance, `event: resync` (read your locks again: changes may have been missed)',
});

/** The SSE text of one event. */
function eventText(event: LockEvent): string {
  return event.type === 'resync'
    ? 'event: resync\ndata: {}\n\n'
    : `event: ${event.type}\ndata: ${JSON.stringify(event.change)}\n\n`;
}

/** Whether the viewer may be told this event: items by their status (notaries), tickets by `tickets.read`. */
async function mayTell(itemLocks: ItemLocksService, viewer: SessionUser, event: LockEvent): Promise<boolean> {
  if (event.type === 'lock') return itemLocks.lockVisibleTo(viewer, event.change.item_id);
  if (event.type === 'ticket-lock') return can(viewer.role, 'tickets.read');
  return true;
}

/** The exclusive lock (lease) of order items, the change check and the pulled queue (docs/backoffice.md). */
const itemLocksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { itemLocks, lockEvents } = app.ctx;
  const streams = new Set<PassThrough>();
  // Open event streams never end by themselves: they end before the server closes (else it would wait for them).
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  app.get(
    '/api/backoffice/locks/events',
    {
      config: { permission: 'backoffice.workspace' },
      schema: {
        tags: ['back office'],
        summary: "Server-sent events of every order item's and ticket's change of lock holder, as they are committed",
        response: { 200: LockEventStream, ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      const out = new PassThrough();
      streams.add(out);
      const viewer = signedInUser(request);
      // Told in the order they happened, each only if the viewer may see its item (notaries: notary work only).
      let told = Promise.resolve();
      const unsubscribe = lockEvents.subscribe((event) => {
        told = told
          .then(async () => {
            if (!(await mayTell(itemLocks, viewer, event))) return;
            if (out.writable) out.write(eventText(event));
          })
          .catch((err: unknown) => request.log.warn({ err }, 'lock event not told'));
      });
      const keepalive = setInterval(() => out.writable && out.write(': ping\n\n'), STREAM_KEEPALIVE_MS);
      const end = () => {
        clearInterval(keepalive);
        unsubscribe();
        streams.delete(out);
        if (!out.destroyed) out.end();
      };
      request.raw.on('close', end);
      out.on('close', end);
      out.write(`retry: 5000\nevent: ready\ndata: ${JSON.stringify({ live: lockEvents.live })}\n\n`);
      return reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(out);
    },
  );

  app.post(
    '/api/backoffice/items/:itemId/lock',
    {
      config: { permission: 'backoffice.items.work' },
      schema: {
        tags: ['back office'],
        summary:
          'Take or renew the lock (a lease) on an item: opening it and the heartbeat of an open tab; 423 with the holder when another agent holds it',
        params: ItemIdParams,
        response: { 200: ItemLockSchema, ...errors(400, 401, 403, 404, 423) },
      },
    },
    async (request, reply) => {
      const agent = signedInUser(request);
      reply.header('cache-control', 'no-store');
      return itemLocks.take(agent, request.params.itemId);
    },
  );

  app.delete(
    '/api/backoffice/items/:itemId/lock',
    {
      config: { permission: 'backoffice.items.work' },
      schema: {
        tags: ['back office'],
        summary:
          "Release one's lock on an item (closing the tab); force=1 breaks another agent's lock (agents and admins), recorded in the history",
        params: ItemIdParams,
        querystring: Type.Object({ force: Type.Optional(OneOf(['0', '1'])) }),
        response: {
          200: Type.Object({ item_id: Type.Integer(), outcome: OneOf(['not_locked', 'released', 'forced']) }),
          ...errors(400, 401, 403, 404, 423),
        },
      },
    },
    async (request) => {
      const agent = signedInUser(request);
      return itemLocks.release(agent, request.params.itemId, request.query.force === '1');
    },
  );

  app.get(
    '/api/backoffice/items/:itemId/changes',
    {
      config: { permission: 'backoffice.items.read' },
      schema: {
        tags: ['back office'],
        summary: 'The change check open tabs poll: a different updated_at or history length means the item changed',
        params: ItemIdParams,
        response: {
          200: Type.Object({
            item_id: Type.Integer(),
            updated_at: Type.String({ format: 'date-time' }),
            history_lines: Type.Integer(),
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return itemLocks.changes(request.params.itemId);
    },
  );

  app.post(
    '/api/backoffice/queue/next',
    {
      config: { permission: 'backoffice.queue.pull' },
      schema: {
        tags: ['back office'],
        summary:
          'Pull the next item of a queue (tab -1: default, tab -2: portugal), locked to the agent; 204 when nothing is waiting',
        body: Type.Object({ queue: QueueNameSchema }),
        response: {
          200: Type.Object({
            item_id: Type.Integer(),
            locked_by: Type.Integer(),
            locked_by_name: Type.String(),
            expires_at: Type.String({ format: 'date-time' }),
            queue: QueueNameSchema,
          }),
          204: Type.Null({ description: 'Nothing is waiting in this queue' }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const agent = signedInUser(request);
      const next = await itemLocks.next(agent, request.body.queue);
      if (!next) return reply.code(204).send(null);
      return next;
    },
  );

  app.get(
    '/api/backoffice/queue/last',
    {
      config: { permission: 'backoffice.items.read' },
      schema: {
        tags: ['back office'],
        summary: 'The last item the queue gave the signed-in agent (null before the first pull)',
        response: {
          200: Type.Object({
            last: Nullable(
              Type.Object({
                item_id: Type.Integer(),
                queue: QueueNameSchema,
                assigned_at: Type.String({ format: 'date-time' }),
              }),
            ),
          }),
          ...errors(401, 403),
        },
      },
    },
    async (request, reply) => {
      const agent = signedInUser(request);
      reply.header('cache-control', 'no-store');
      return { last: await itemLocks.lastAssigned(agent.id) };
    },
  );
};

export default itemLocksRoutes;
