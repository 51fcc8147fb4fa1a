import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../shared/app-error.js';
import { errors } from '../../shared/http-schemas.js';

const Email = Type.Object({ email: Type.String({ maxLength: 320 }) });
const Token = Type.String({ maxLength: 200 });

/**
 * The spec's checkEmail, rememberPassword and reset-token calls. Emails and tokens travel in POST bodies (never in
 * URLs, which end up in logs). Per-IP limits on every route; rememberPassword also sends at most a few emails per
 * account per hour (docs/email.md).
 */
const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { passwordReset } = app.ctx;

  app.post(
    '/api/auth/check-email',
    {
      // A read (POST keeps the address out of URLs): allowed while an admin looks as a customer.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, impersonation: 'allowed' },
      schema: {
        tags: ['accounts'],
        summary: 'checkEmail: whether an account exists for this email (rate-limited per IP)',
        body: Email,
        response: { 200: Type.Object({ exists: Type.Boolean() }), ...errors(400, 403, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { exists: await passwordReset.emailExists(request.body.email) };
    },
  );

  app.post(
    '/api/auth/password/remember',
    {
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: {
        tags: ['accounts'],
        summary: 'rememberPassword: emails a reset link when the account exists; the same answer either way',
        body: Email,
        response: { 202: Type.Object({ ok: Type.Literal(true) }), ...errors(400, 403, 429) },
      },
    },
    async (request, reply) => {
      await request.loadSession(); // the session's store counts
      const storeId = request.store.id;
      await passwordReset.request(request.body.email, storeId, request.ip);
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    '/api/auth/password/reset-token',
    {
      // A read (POST keeps the token out of URLs): allowed while an admin looks as a customer.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, impersonation: 'allowed' },
      schema: {
        tags: ['accounts'],
        summary: 'Checks a reset token before the new-password form is shown (400 RESET_TOKEN_INVALID when unusable)',
        body: Type.Object({ token: Token }),
        response: { 200: Type.Object({ valid: Type.Literal(true) }), ...errors(400, 403, 429) },
      },
    },
    async (request) => {
      if (!(await passwordReset.isUsable(request.body.token))) throw new AppError('RESET_TOKEN_INVALID', 'token check');
      return { valid: true as const };
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Sets a new password with a reset token; ends every session of the user (sign in again afterwards)',
        body: Type.Object({ token: Token, password: Type.String({ maxLength: 1024 }) }),
        response: { 200: Type.Object({ ok: Type.Literal(true) }), ...errors(400, 403, 429) },
      },
    },
    async (request) => {
      await passwordReset.reset(request.body.token, request.body.password);
      return { ok: true as const };
    },
  );
};

export default passwordResetRoutes;
