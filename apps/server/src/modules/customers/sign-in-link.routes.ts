import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signInIpDecision } from '@ventanilla/domain';
import { Type } from 'typebox';
import { AppError } from '../../shared/app-error.js';
import { errors } from '../../shared/http-schemas.js';
import { UserResponse } from './auth.routes.js';
import { DEVICE_COOKIE, knowThisBrowser } from './known-devices.service.js';
import { rememberThisBrowser } from './remember-me.service.js';
import { browserOf } from './signing-in-browser.js';

/**
 * One-time sign-in links (docs/decisions/0013-login-throttle-and-quotas.md): the sign-in page offers one when the
 * password sign-in is throttled. Asking answers the same whether or not the account exists; the e-mail and the
 * token travel in POST bodies (the link carries the token in its fragment, never sent to a server by the browser).
 */
export const signInLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { signInLinks } = app.ctx;

  app.post(
    '/api/auth/sign-in-link',
    {
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: {
        tags: ['accounts'],
        summary: 'E-mails a one-time sign-in link (15 minutes) when the account exists; the same answer either way',
        body: Type.Object({ email: Type.String({ maxLength: 320 }) }, { additionalProperties: false }),
        response: { 202: Type.Object({ ok: Type.Literal(true) }), ...errors(400, 403, 429) },
      },
    },
    async (request, reply) => {
      await request.loadSession(); // the session's store counts
      await signInLinks.request(request.body.email, request.store.id, request.ip);
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    '/api/auth/sign-in-link/consume',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Signs in with a one-time link (400 SIGN_IN_LINK_INVALID when unknown, used or expired)',
        body: Type.Object({ token: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ user: UserResponse }), ...errors(400, 403, 429) },
      },
    },
    async (request) => {
      const session = await request.ensureSession();
      const user = await signInLinks.consume(request.body.token);
      // The IP records (staff allowlist, customer blocklist) apply as to a password sign-in.
      const decision = signInIpDecision(user.role, request.ip, await app.ctx.configLists.activeIpRules());
      if (decision !== 'allowed')
        throw new AppError('FORBIDDEN', `link sign-in refused from ${request.ip}: ${decision}`);
      const started = await request.startUserSession(user, session.storeId);
      request.pendingRememberCookie = await rememberThisBrowser(app, browserOf(request), user, started.idHash, false);
      request.pendingDeviceCookie = await knowThisBrowser(app, request.cookies[DEVICE_COOKIE], user.id);
      return { user };
    },
  );
};
