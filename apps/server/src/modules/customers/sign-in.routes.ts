import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signInIpDecision } from '@ventanilla/domain';
import { Type } from 'typebox';
import { AppError } from '../../shared/app-error.js';
import { errors, Nullable } from '../../shared/http-schemas.js';
import { UserResponse } from './auth.routes.js';
import { toSessionUser } from './auth.service.js';
import { linkSessionToDevice, REMEMBER_COOKIE, revokeDevice, useRememberCookie } from './remember-me.service.js';
import { findUserById } from './users.repository.js';

// Sign-in options besides the password (docs/integrations.md, "Sign-in"): which ones this shop offers, remember-me
// (the spec's cookieLogin). The account page's list of remembered devices is the account module's (me.routes.ts).

const DAY_MS = 24 * 60 * 60 * 1000;

const ProviderOption = Type.Object({ name: Type.String(), start_url: Type.String() });

export const signInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;

  app.get(
    '/api/auth/options',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The sign-in options of this shop: remember-me, and the identity providers of customers and staff',
        response: {
          200: Type.Object({
            remember_me: Type.Boolean(),
            customer_provider: Nullable(ProviderOption),
            staff_provider: Nullable(ProviderOption),
          }),
        },
      },
    },
    async () => {
      const { customerOidc, staffOidc, rememberDays } = config.signIn;
      return {
        remember_me: rememberDays > 0,
        customer_provider: customerOidc
          ? { name: customerOidc.name, start_url: '/api/auth/oidc/customer/start' }
          : null,
        staff_provider: staffOidc ? { name: staffOidc.name, start_url: '/api/auth/oidc/staff/start' } : null,
      };
    },
  );

  app.post(
    '/api/auth/cookie-login',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: "Sign in with this browser's remember-me cookie (the spec's cookieLogin); rotates it",
        response: { 200: Type.Object({ user: UserResponse }), ...errors(401, 403, 409) },
      },
    },
    async (request) => {
      const cookie = request.cookies[REMEMBER_COOKIE];
      if (!cookie) throw new AppError('REMEMBER_INVALID', 'no remember cookie');
      const now = app.ctx.now();
      const used = await useRememberCookie(db, cookie, config.signIn.rememberDays * DAY_MS, now);
      if (used.kind === 'race') throw new AppError('REMEMBER_RETRY', 'remember cookie rotated by a sibling request');
      if (used.kind !== 'ok') {
        if (used.kind === 'theft')
          request.log.warn({ userId: used.userId }, 'rotated remember-me token reused: device revoked');
        request.pendingRememberCookie = null;
        throw new AppError('REMEMBER_INVALID', `remember cookie ${used.kind}`);
      }
      const row = await findUserById(db, used.userId);
      const user = row ? toSessionUser(row) : null;
      // Only customers are remembered; an account that became staff since signs in again (and is not remembered).
      if (!user || user.role !== 'customer' || config.signIn.rememberDays === 0) {
        await revokeDevice(db, used.userId, used.rememberId);
        request.pendingRememberCookie = null;
        throw new AppError('REMEMBER_INVALID', 'remembered account is not a customer');
      }
      const decision = signInIpDecision(user.role, request.ip, await app.ctx.configLists.activeIpRules());
      if (decision !== 'allowed')
        throw new AppError('FORBIDDEN', `cookie sign-in refused from ${request.ip}: ${decision}`);
      const session = await request.ensureSession();
      const started = await request.startUserSession(user, session.storeId);
      await linkSessionToDevice(db, started.idHash, used.rememberId);
      request.pendingRememberCookie = used.cookie;
      return { user };
    },
  );
};
