import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signInIpDecision } from '@ventanilla/domain';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../shared/app-error.js';
import { errors, Nullable, NotJson } from '../../shared/http-schemas.js';
import { authenticate, UserResponse } from '../customers/index.js';
import { OAuthExchange, OAuthRefused, type SignedRequest } from './oauth.service.js';

// The spec's one-time OAuth 1.0a exchange (docs/integrations.md, "Sign-in"). /oauth/initiate and /oauth/token are
// called by a consumer's server and authenticated by their HMAC-SHA1 signature (no session, no CSRF header); the
// authorization in between is the user's, in the shop, with a session and its CSRF token.

const Refused = Type.Object({ ok: Type.Literal(false), code: Type.String(), message: Type.String() });
const FORM = 'application/x-www-form-urlencoded';

export const oauthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const exchange = new OAuthExchange(db, config.signIn.oauthConsumers, () => app.ctx.now());

  // The signed body is read as text: the signature covers its exact parameters.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  /** What the consumer signed: our public address with the path, the header, query and (form) body. */
  function signed(request: FastifyRequest): SignedRequest {
    const q = request.url.indexOf('?');
    const isForm = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === FORM;
    return {
      method: request.method,
      url: `${config.publicUrl}${request.routeOptions.url ?? ''}`,
      authorization: request.headers.authorization,
      query: q === -1 ? '' : request.url.slice(q + 1),
      body: isForm && typeof request.body === 'string' ? request.body : '',
    };
  }

  const refused = (request: FastifyRequest, err: OAuthRefused) => {
    request.log.info({ code: err.code, detail: err.message }, 'OAuth request refused');
    return {
      ok: false as const,
      code: err.code,
      message: request.server.errorRegistry.message(request.language, err.code),
    };
  };

  const signedRoute = {
    config: { csrf: false as const, rateLimit: { max: 60, timeWindow: '1 minute' } },
  };

  app.post(
    '/oauth/initiate',
    {
      ...signedRoute,
      schema: {
        tags: ['accounts'],
        summary:
          'OAuth 1.0a temporary credentials: a consumer-signed request (HMAC-SHA1) with oauth_callback gives a request token',
        body: Type.Optional(Type.String({ maxLength: 16 * 1024 })),
        response: {
          200: NotJson(['application/x-www-form-urlencoded'], {
            description: 'oauth_token, oauth_token_secret, oauth_callback_confirmed',
          }),
          401: Refused,
        },
      },
    },
    async (request, reply) => {
      try {
        const { token, secret } = await exchange.initiate(signed(request));
        reply.header('cache-control', 'no-store').type(FORM);
        return `oauth_token=${token}&oauth_token_secret=${secret}&oauth_callback_confirmed=true`;
      } catch (err) {
        if (err instanceof OAuthRefused)
          return reply.code(401).header('www-authenticate', 'OAuth').send(refused(request, err));
        throw err;
      }
    },
  );

  app.post(
    '/api/oauth/authorize',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary:
          "The user authorizes a consumer's request token: signed in (password, identity provider or cookie login), or with email and password here",
        body: Type.Object({
          oauth_token: Type.String({ minLength: 1, maxLength: 100 }),
          email: Type.Optional(Type.String({ maxLength: 320 })),
          password: Type.Optional(Type.String({ maxLength: 1024 })),
        }),
        response: {
          200: Type.Object({
            ok: Type.Literal(true),
            user: UserResponse,
            oauth_verifier: Type.String(),
            callback_url: Nullable(Type.String()),
          }),
          401: Refused,
          ...errors(403, 429),
        },
      },
    },
    async (request, reply) => {
      const session = await request.loadSession();
      try {
        let user = session?.user ?? null;
        if (request.body.email !== undefined || request.body.password !== undefined) {
          user = await authenticate(db, {
            email: request.body.email ?? '',
            password: request.body.password ?? '',
            ip: request.ip,
            now: app.ctx.now(),
          });
          const decision = signInIpDecision(user.role, request.ip, await app.ctx.configLists.activeIpRules());
          if (decision !== 'allowed')
            throw new AppError('OAUTH_ACCESS_DENIED', `refused from ${request.ip}: ${decision}`);
        }
        if (!user) throw new AppError('OAUTH_ACCESS_DENIED', 'nobody signed in');
        if (session?.impersonation) throw new AppError('OAUTH_ACCESS_DENIED', 'impersonating');
        const { verifier, callbackUrl } = await exchange.authorize(request.body.oauth_token, user);
        return { ok: true as const, user, oauth_verifier: verifier, callback_url: callbackUrl };
      } catch (err) {
        if (err instanceof AppError && (err.code === 'OAUTH_ACCESS_DENIED' || err.code === 'INVALID_CREDENTIALS')) {
          return reply.code(401).send(refused(request, new OAuthRefused('OAUTH_ACCESS_DENIED', err.message)));
        }
        throw err;
      }
    },
  );

  app.post(
    '/oauth/token',
    {
      ...signedRoute,
      schema: {
        tags: ['accounts'],
        summary:
          'OAuth 1.0a token credentials: the authorized request token with oauth_verifier, signed, gives (once) an access token and the user',
        body: Type.Optional(Type.String({ maxLength: 16 * 1024 })),
        response: {
          200: NotJson(['application/x-www-form-urlencoded'], {
            description: 'oauth_token, oauth_token_secret, user_id, email',
          }),
          401: Refused,
        },
      },
    },
    async (request, reply) => {
      try {
        const { token, secret, user } = await exchange.exchange(signed(request));
        reply.header('cache-control', 'no-store').type(FORM);
        return new URLSearchParams({
          oauth_token: token,
          oauth_token_secret: secret,
          user_id: String(user.id),
          email: user.email,
          firstname: user.firstname,
          lastname: user.lastname,
          role: user.role,
        }).toString();
      } catch (err) {
        if (err instanceof OAuthRefused)
          return reply.code(401).header('www-authenticate', 'OAuth').send(refused(request, err));
        throw err;
      }
    },
  );
};
