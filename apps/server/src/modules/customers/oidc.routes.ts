import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signInIpDecision } from '@ventanilla/domain';
import { Type } from 'typebox';
import { AppError } from '../../shared/app-error.js';
import { errors } from '../../shared/http-schemas.js';
import { OidcSignIn, safeReturnPath, type OidcAudience } from './oidc.service.js';
import { rememberThisBrowser } from './remember-me.service.js';
import { browserOf } from './signing-in-browser.js';

// OpenID Connect sign-in (docs/integrations.md, "Sign-in"). Both steps are top-level browser navigations: start
// redirects to the provider, the provider redirects back to callback, which signs in and redirects into the app (or
// back to the sign-in page with `sign_in_error=<code>`, which the page shows in the store's language).

const Audience = Type.Union([Type.Literal('customer'), Type.Literal('staff')]);

/** The sign-in page of each audience, and where a signed-in person lands by default. */
const PAGES: Record<OidcAudience, { login: string; home: string }> = {
  customer: { login: '/customer/authenticate', home: '/orders' },
  staff: { login: '/agentes', home: '/agentes' },
};

const Redirect = Type.Null({ description: 'Redirect (Location header)' });

export const oidcRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const oidc = new OidcSignIn(db, config.signIn, () => app.ctx.now());

  app.get(
    '/api/auth/oidc/:audience/start',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: "Start signing in with the audience's OpenID provider (redirects to it; PKCE, state and nonce)",
        params: Type.Object({ audience: Audience }),
        querystring: Type.Object({
          remember: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
          return_to: Type.Optional(Type.String({ maxLength: 500 })),
        }),
        response: { 302: Redirect, ...errors(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const { audience } = request.params;
      if (!oidc.provider(audience)) throw new AppError('OIDC_NOT_CONFIGURED', `no ${audience} OpenID provider`);
      const session = await request.ensureSession();
      const { url } = await oidc.start(audience, session.idHash, {
        remember: request.query.remember === '1',
        returnTo: safeReturnPath(request.query.return_to, PAGES[audience].home),
      });
      reply.header('cache-control', 'no-store');
      return reply.redirect(url.href, 302);
    },
  );

  app.get(
    '/api/auth/oidc/:audience/callback',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Where the OpenID provider sends the browser back: signs in, then redirects into the app',
        params: Type.Object({ audience: Audience }),
        querystring: Type.Object(
          {
            state: Type.Optional(Type.String({ maxLength: 500 })),
            code: Type.Optional(Type.String({ maxLength: 4000 })),
            error: Type.Optional(Type.String({ maxLength: 500 })),
          },
          { additionalProperties: Type.String({ maxLength: 4000 }) },
        ),
        response: { 302: Redirect, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { audience } = request.params;
      if (!oidc.provider(audience)) throw new AppError('OIDC_NOT_CONFIGURED', `no ${audience} OpenID provider`);
      reply.header('cache-control', 'no-store');
      const fail = (code: string) => reply.redirect(`${PAGES[audience].login}?sign_in_error=${code}`, 302);
      const session = await request.loadSession();
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      try {
        const result = await oidc.finish(audience, session?.idHash ?? null, query);
        const decision = signInIpDecision(result.user.role, request.ip, await app.ctx.configLists.activeIpRules());
        if (decision !== 'allowed')
          throw new AppError('FORBIDDEN', `OpenID sign-in refused from ${request.ip}: ${decision}`);
        const started = await request.startUserSession(result.user, session!.storeId);
        request.pendingRememberCookie = await rememberThisBrowser(
          app,
          browserOf(request),
          result.user,
          started.idHash,
          result.remember,
        );
        return reply.redirect(result.returnTo, 302);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        request.log.info({ code: err.code, detail: err.message }, 'OpenID sign-in refused');
        return fail(err.code);
      }
    },
  );
};
