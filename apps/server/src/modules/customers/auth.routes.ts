import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ROLES, signInIpDecision } from '@ventanilla/domain';
import { Type } from 'typebox';
import { AppError } from '../../shared/app-error.js';
import { errors, LanguageSchema, Nullable, OneOf } from '../../shared/http-schemas.js';
import { authenticate, identifyEmail, MAX_IDENTIFY_PER_IP, registerCustomer } from './auth.service.js';
import { DEVICE_COOKIE, knowThisBrowser } from './known-devices.service.js';
import { forgetRememberCookie, REMEMBER_COOKIE, rememberThisBrowser } from './remember-me.service.js';
import { browserOf } from './signing-in-browser.js';

export const UserResponse = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  role: OneOf(ROLES),
});

const SessionResponse = Type.Object({
  store_id: Type.Integer(),
  language: LanguageSchema,
  csrf_token: Type.String(),
  user: Nullable(UserResponse),
  /** This browser has a remember-me cookie: with no user yet, the app signs in with POST /api/auth/cookie-login. */
  remembered: Type.Boolean(),
});

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, catalog } = app.ctx;

  app.get(
    '/api/session',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The visitor session: store, language, CSRF token and user (creates an anonymous session)',
        querystring: Type.Object({ store: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })) }),
        response: { 200: SessionResponse, ...errors(404) },
      },
    },
    async (request, reply) => {
      if (request.query.store !== undefined && !catalog.getStore(request.query.store))
        throw new AppError('NOT_FOUND', 'store');
      const session = await request.ensureSession();
      const storeId = request.store.id;
      await app.rememberStore(request, storeId);
      reply.header('cache-control', 'no-store');
      return {
        store_id: storeId,
        language: catalog.getStore(storeId)?.language ?? 'es',
        csrf_token: session.csrfToken,
        user: session.user,
        remembered: request.cookies[REMEMBER_COOKIE] !== undefined,
      };
    },
  );

  // Per-instance burst limit per IP; the per-email and per-IP failure throttle in the database is shared by all instances.
  const burst = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.post(
    '/api/auth/register',
    {
      config: burst,
      schema: {
        tags: ['accounts'],
        summary: 'Create a customer account and sign in',
        body: Type.Object({
          email: Type.String({ maxLength: 320 }),
          password: Type.String({ maxLength: 1024 }),
          firstname: Type.String({ maxLength: 400 }),
          lastname: Type.String({ maxLength: 400 }),
        }),
        response: { 201: Type.Object({ user: UserResponse }), ...errors(400, 403, 409) },
      },
    },
    async (request, reply) => {
      const session = await request.ensureSession();
      const user = await registerCustomer(db, request.body);
      const started = await request.startUserSession(user, session.storeId);
      // A device this browser remembered for someone else is forgotten.
      request.pendingRememberCookie = await rememberThisBrowser(app, browserOf(request), user, started.idHash, false);
      request.pendingDeviceCookie = await knowThisBrowser(app, request.cookies[DEVICE_COOKIE], user.id);
      return reply.code(201).send({ user });
    },
  );

  app.post(
    '/api/auth/identify',
    {
      // A read (POST keeps the address out of URLs and logs): allowed while an admin looks as a customer. The
      // per-IP counter in the database (identifyEmail, shared by all instances) is what limits it; this burst limit
      // of the instance is only above it.
      config: { rateLimit: { max: 2 * MAX_IDENTIFY_PER_IP, timeWindow: '1 minute' }, impersonation: 'allowed' },
      schema: {
        tags: ['accounts'],
        summary:
          'The sign-in page’s first step: whether this e-mail signs in or registers (throttled like the login; tells no more than registration)',
        body: Type.Object({ email: Type.String({ maxLength: 320 }) }),
        response: {
          200: Type.Object({ next: OneOf(['sign_in', 'register'] as const) }),
          ...errors(400, 403, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { next: await identifyEmail(db, request.body.email, request.ip) };
    },
  );

  app.post(
    '/api/auth/login',
    {
      // Signing in as someone else ends an impersonation: allowed during one (nothing of the customer changes).
      config: { ...burst, impersonation: 'allowed' },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with email and password (throttled)',
        body: Type.Object({
          email: Type.String({ maxLength: 320 }),
          password: Type.String({ maxLength: 1024 }),
          /** "Remember me": keep this browser signed in (customers; docs/decisions/0018-sign-in-options.md). */
          remember: Type.Optional(Type.Boolean()),
        }),
        response: { 200: Type.Object({ user: UserResponse }), ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const session = await request.ensureSession();
      const user = await authenticate(db, {
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        deviceCookie: request.cookies[DEVICE_COOKIE],
        now: app.ctx.now(),
      });
      // IP records (configuration lists): the staff allowlist and the customer blocklist, after the password.
      const decision = signInIpDecision(user.role, request.ip, await app.ctx.configLists.activeIpRules());
      if (decision !== 'allowed') throw new AppError('FORBIDDEN', `sign-in refused from ${request.ip}: ${decision}`);
      const started = await request.startUserSession(user, session.storeId);
      request.pendingRememberCookie = await rememberThisBrowser(
        app,
        browserOf(request),
        user,
        started.idHash,
        request.body.remember === true,
      );
      // This browser is known for the account from now on: a lockout by others' guesses does not keep the owner out.
      request.pendingDeviceCookie = await knowThisBrowser(app, request.cookies[DEVICE_COOKIE], user.id);
      return { user };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { impersonation: 'allowed' },
      schema: {
        tags: ['accounts'],
        summary: 'Sign out (ends the session)',
        response: { 204: Type.Null(), ...errors(403) },
      },
    },
    async (request, reply) => {
      // Signing out releases the agent's item and ticket locks (docs/backoffice.md, "Locks and the queue").
      const user = (await request.loadSession())?.user;
      if (user) {
        await app.ctx.itemLocks.releaseAllOf(user.id);
        await app.ctx.tickets.releaseAllOf(user.id);
      }
      await request.endSession();
      // Signing out on this browser forgets it too (other remembered devices stay: the account page ends those).
      const remembered = request.cookies[REMEMBER_COOKIE];
      if (remembered) {
        await forgetRememberCookie(db, remembered);
        request.pendingRememberCookie = null;
      }
      return reply.code(204).send(null);
    },
  );
};

export default authRoutes;
