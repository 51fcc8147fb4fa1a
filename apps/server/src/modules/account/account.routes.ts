import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CLIENT_STATUS_KEYS, PUSH_ENDPOINT_MAX_LENGTH } from '@ventanilla/domain';
import { Type, type TSchema } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { AppError } from '../../shared/app-error.js';
import { recordActivity } from './notifications.service.js';
import { errors, ListOf, Nullable, OneOf, PageQuery } from '../../shared/http-schemas.js';

const MAX_ID = 2_147_483_647;

/** Ids in paths: a positive int4 or 404 before validation (another customer's id answers the same). */
async function idOrNotFound(request: FastifyRequest) {
  const raw = (request.params as { id?: unknown }).id;
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= MAX_ID)) throw new AppError('NOT_FOUND', 'id');
}
const IdParams = Type.Object({ id: Type.String({ maxLength: 10, description: 'A positive integer' }) });

const PendingChange = Type.Object({ pending_email: Type.String(), expires_at: Type.String() });
const ListQuery = Type.Object({ ...PageQuery, unread: Type.Optional(Type.Boolean()) });
/** The spec's list shape plus how many are unread in all pages (the header's badge). */
function ListWithUnread<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    per_page: Type.Integer(),
    unread: Type.Integer({ description: 'Unread ones in all pages' }),
  });
}

const Notification = Type.Object({
  id: Type.Integer(),
  kind: OneOf(['order_status', 'incident']),
  order_id: Type.Integer(),
  item_id: Type.Integer(),
  product_name: Type.String(),
  status: OneOf(CLIENT_STATUS_KEYS),
  read: Type.Boolean(),
  created_at: Type.String(),
});
const Activity = Type.Object({
  id: Type.Integer(),
  kind: OneOf([
    'email_change_requested',
    'email_changed',
    'password_changed',
    'data_exported',
    'push_subscribed',
    'push_unsubscribed',
  ]),
  details: Type.Record(Type.String(), Type.String()),
  read: Type.Boolean(),
  created_at: Type.String(),
});
const Subscription = Type.Object({
  id: Type.Integer(),
  push_service: Type.String(),
  user_agent: Nullable(Type.String()),
  created_at: Type.String(),
  last_sent_at: Nullable(Type.String()),
});
const SubscriptionBody = Type.Object(
  {
    endpoint: Type.String({ maxLength: PUSH_ENDPOINT_MAX_LENGTH }),
    keys: Type.Object(
      { p256dh: Type.String({ maxLength: 200 }), auth: Type.String({ maxLength: 100 }) },
      { additionalProperties: true },
    ),
    // PushSubscription.toJSON() also carries expirationTime.
    expirationTime: Type.Optional(Nullable(Type.Number())),
  },
  { additionalProperties: false },
);

/**
 * The account after the sale (docs/customer-panel.md): e-mail change, GDPR export and deletion, notifications and
 * activities (the spec's list shape with read/unread), web push subscriptions. Writes are refused while an admin
 * impersonates the customer (the protected group's rule); the export too (it is the customer's own copy).
 */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { emailChange, accountData, notifications, push } = app.ctx;
  const config = { permission: 'account.profile' } as const;
  const tags = ['accounts'];

  app.get(
    '/api/me/email-change',
    {
      config,
      schema: {
        tags,
        summary: 'The pending e-mail change, if any',
        response: { 200: Type.Object({ pending: Nullable(PendingChange) }), ...errors(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { pending: await emailChange.pending(signedInUser(request).id) };
    },
  );

  app.post(
    '/api/me/email-change',
    {
      // Guessing the password from a session, or mailing arbitrary addresses: a few tries a minute.
      config: { ...config, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Asks to change the e-mail (current password required): a confirmation link goes to the new address',
        body: Type.Object(
          { new_email: Type.String({ maxLength: 320 }), current_password: Type.String({ maxLength: 1024 }) },
          { additionalProperties: false },
        ),
        response: { 202: PendingChange, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await request.loadSession(); // the session's store counts
      const storeId = request.store.id;
      const out = await emailChange.request(signedInUser(request).id, storeId, request.ip, request.body);
      return reply.code(202).send(out);
    },
  );

  app.get(
    '/api/me/export',
    {
      config: { ...config, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'GDPR export: every datum of the account as a JSON download (no staff notes, no secrets)',
        response: { 200: Type.Object({}, { additionalProperties: true }), ...errors(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      if ((await request.loadSession())?.impersonation) {
        throw new AppError('IMPERSONATION_READ_ONLY', 'export while impersonating');
      }
      const user = signedInUser(request);
      const data = await accountData.export(user.id);
      await recordActivity(app.ctx.db, user.id, 'data_exported');
      const day = new Date().toISOString().slice(0, 10);
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="ventanilla-mis-datos-${day}.json"`);
      return data;
    },
  );

  app.post(
    '/api/me/account/delete',
    {
      config: { ...config, rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Deletes the account (password required): erases, anonymises and keeps by the documented rules',
        body: Type.Object({ password: Type.String({ maxLength: 1024 }) }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            deleted: Type.Literal(true),
            erased: Type.Array(Type.String()),
            anonymised: Type.Array(Type.String()),
            retained: Type.Array(Type.String()),
          }),
          ...errors(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => {
      await request.loadSession(); // the session's store counts
      const storeId = request.store.id;
      const result = await accountData.delete(signedInUser(request).id, request.body.password, {
        ip: request.ip,
        storeId,
      });
      // The session row is gone with the others; the cookie goes too.
      await request.endSession();
      return result;
    },
  );

  for (const which of ['notifications', 'activities'] as const) {
    const Item = which === 'notifications' ? Notification : Activity;
    app.get(
      `/api/me/${which}`,
      {
        config,
        schema: {
          tags,
          summary:
            which === 'notifications'
              ? 'Your notifications (order status changes, incidences), newest first; unread=true only unread'
              : 'Your account activity (e-mail and password changes, exports, devices), newest first',
          querystring: ListQuery,
          response: { 200: ListWithUnread(Item), ...errors(400, 401) },
        },
      },
      async (request, reply) => {
        const q = {
          page: request.query.page ?? 1,
          perPage: request.query.per_page ?? 10,
          unread: request.query.unread,
        };
        const userId = signedInUser(request).id;
        const list =
          which === 'notifications'
            ? await notifications.listNotifications(userId, q)
            : await notifications.listActivities(userId, q);
        reply.header('cache-control', 'no-store');
        return { ...list, page: q.page, per_page: q.perPage };
      },
    );
    app.post(
      `/api/me/${which}/:id/read`,
      {
        config,
        preValidation: idOrNotFound,
        schema: {
          tags,
          summary: `Marks one of your ${which} read (not yours: 404)`,
          params: IdParams,
          response: { 204: Type.Null(), ...errors(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await notifications.markRead(signedInUser(request).id, which, Number(request.params.id));
        return reply.code(204).send(null);
      },
    );
    app.post(
      `/api/me/${which}/read-all`,
      {
        config,
        schema: {
          tags,
          summary: `Marks all your ${which} read`,
          response: { 200: Type.Object({ marked: Type.Integer() }), ...errors(401, 403) },
        },
      },
      async (request) => ({ marked: await notifications.markAllRead(signedInUser(request).id, which) }),
    );
  }

  app.get(
    '/api/me/push-key',
    {
      config,
      schema: {
        tags,
        summary: 'The VAPID public key browsers subscribe with (applicationServerKey)',
        response: { 200: Type.Object({ public_key: Type.String() }), ...errors(401) },
      },
    },
    async () => ({ public_key: push.publicKey }),
  );

  app.get(
    '/api/me/push-subscriptions',
    {
      config,
      schema: {
        tags,
        summary: 'Your devices subscribed to pushes (the subscriptions list)',
        querystring: Type.Object(PageQuery),
        response: { 200: ListOf(Subscription), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 10;
      reply.header('cache-control', 'no-store');
      return { ...(await push.list(signedInUser(request).id, page, perPage)), page, per_page: perPage };
    },
  );

  app.post(
    '/api/me/push-subscriptions',
    {
      config: { ...config, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Subscribes this browser to pushes (once per endpoint: the same endpoint again is the same one)',
        body: SubscriptionBody,
        response: { 200: Subscription, 201: Subscription, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await push.subscribe(
        signedInUser(request).id,
        { endpoint: request.body.endpoint, keys: request.body.keys },
        request.headers['user-agent'] ?? null,
      );
      return reply.code(created ? 201 : 200).send(subscription);
    },
  );

  app.delete(
    '/api/me/push-subscriptions',
    {
      config,
      schema: {
        tags,
        summary: 'Unsubscribes this browser (by its endpoint; not yours: 404)',
        body: Type.Object(
          { endpoint: Type.String({ maxLength: PUSH_ENDPOINT_MAX_LENGTH }) },
          { additionalProperties: false },
        ),
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await push.unsubscribe(signedInUser(request).id, { endpoint: request.body.endpoint });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/me/push-subscriptions/:id',
    {
      config,
      preValidation: idOrNotFound,
      schema: {
        tags,
        summary: 'Removes one of your devices from pushes (not yours: 404)',
        params: IdParams,
        response: { 204: Type.Null(), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await push.unsubscribe(signedInUser(request).id, { id: Number(request.params.id) });
      return reply.code(204).send(null);
    },
  );
};

/** The e-mail change link's page posts here; signed in or not (the token proves the new mailbox). */
export const emailChangeConfirmRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/auth/email-change/confirm',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Confirms an e-mail change with the link’s token (400 EMAIL_CHANGE_TOKEN_INVALID; 409 EMAIL_TAKEN)',
        body: Type.Object({ token: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ email: Type.String() }), ...errors(400, 403, 409, 429) },
      },
    },
    async (request) => app.ctx.emailChange.confirm(request.body.token),
  );
};
