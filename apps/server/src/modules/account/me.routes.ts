import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { AppError } from '../../shared/app-error.js';
import { errors, Nullable } from '../../shared/http-schemas.js';
import {
  finishImpersonation,
  findUser,
  listDevices,
  REMEMBER_COOKIE,
  rememberSeries,
  revokeDevice,
  revokeOtherDevices,
  UserResponse,
} from '../customers/index.js';

const DeviceResponse = Type.Object({
  id: Type.Integer(),
  browser: Type.String(),
  os: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.String({ format: 'date-time' }),
  expires_at: Type.String({ format: 'date-time' }),
  current: Type.Boolean(),
});

/**
 * The signed-in user's `/api/me` routes that read or end what the customers module keeps (registered in the protected
 * group): who is signed in, the remembered devices, and the impersonating browser's banner and way back. The account's
 * own data (profile, e-mail change, export, deletion, pushes) is in account-self.routes.ts and account.routes.ts.
 */
export const meRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/api/me',
    {
      config: { permission: 'account.read' },
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        response: { 200: Type.Object({ user: UserResponse }), ...errors(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: signedInUser(request) };
    },
  );

  app.get(
    '/api/me/devices',
    {
      config: { permission: 'account.profile' },
      schema: {
        tags: ['accounts'],
        summary: 'The devices that stay signed in (remember-me), this one marked',
        response: { 200: Type.Object({ items: Type.Array(DeviceResponse) }), ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = signedInUser(request);
      const current = rememberSeries(request.cookies[REMEMBER_COOKIE]);
      return { items: await listDevices(db, user.id, current, app.ctx.now()) };
    },
  );

  app.delete(
    '/api/me/devices/:deviceId',
    {
      config: { permission: 'account.profile' },
      schema: {
        tags: ['accounts'],
        summary: 'Sign out one remembered device (its sessions end too)',
        params: Type.Object({ deviceId: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
        response: { 204: Type.Null(), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const own = rememberSeries(request.cookies[REMEMBER_COOKIE]);
      const target = (await listDevices(db, user.id, own, app.ctx.now())).find((d) => d.id === request.params.deviceId);
      if (!(await revokeDevice(db, user.id, request.params.deviceId))) throw new AppError('NOT_FOUND', 'device');
      // This browser's own device: its cookie goes too, and the session it signed in (ended with it).
      if (target?.current) {
        request.pendingRememberCookie = null;
        request.pendingSessionCookie = null;
      }
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/me/devices',
    {
      config: { permission: 'account.profile' },
      schema: {
        tags: ['accounts'],
        summary: 'Sign out everywhere else: every other remembered device and session of the account end',
        response: { 204: Type.Null(), ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      // This browser stays signed in (and remembered, if it was): signing out here is the sign-out button.
      await revokeOtherDevices(db, user.id, request.sessionCache!.idHash);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/me/impersonation',
    {
      config: { permission: 'account.read' },
      schema: {
        tags: ['customers'],
        summary: 'Whether an admin is viewing the shop as this customer (the banner), and until when',
        response: {
          200: Type.Object({
            impersonation: Nullable(
              Type.Object({
                customer_email: Type.String(),
                admin_email: Type.String(),
                expires_at: Type.String({ format: 'date-time' }),
              }),
            ),
          }),
          ...errors(401),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = await request.loadSession();
      const imp = session?.impersonation;
      return {
        impersonation: imp
          ? {
              customer_email: signedInUser(request).email,
              admin_email: imp.adminEmail,
              expires_at: imp.expiresAt.toISOString(),
            }
          : null,
      };
    },
  );

  app.delete(
    '/api/me/impersonation',
    {
      config: { permission: 'account.read', impersonation: 'allowed' },
      schema: {
        tags: ['customers'],
        summary: 'Back to the back office: ends the impersonation and signs the admin in again (a fresh session)',
        response: {
          200: Type.Object({ user: Type.Object({ id: Type.Integer(), email: Type.String() }) }),
          ...errors(401, 403, 409),
        },
      },
    },
    async (request) => {
      const session = await request.loadSession();
      const imp = session?.impersonation;
      if (!session || !imp) throw new AppError('NOT_IMPERSONATING');
      await finishImpersonation(app.ctx.db, imp.id, 'returned', app.ctx.now());
      const admin = await findUser(app.ctx.db, imp.adminId);
      // The admin may have lost the role meanwhile (then the impersonating session was already dead).
      if (!admin || admin.role !== 'admin' || !admin.active) {
        await request.endSession('returned');
        throw new AppError('UNAUTHENTICATED', 'impersonating admin no longer an admin');
      }
      await request.startUserSession(admin, session.storeId);
      return { user: { id: admin.id, email: admin.email } };
    },
  );
};
