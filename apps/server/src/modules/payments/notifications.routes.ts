import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../shared/http-schemas.js';

/** Provider webhooks: authenticated by signature over the raw body, so the JSON and form parsers keep the bytes. */
const notificationsRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  // Redsys posts its notifications as a form; they are verified over the raw bytes too (scoped to this plugin).
  if (app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.removeContentTypeParser('application/x-www-form-urlencoded');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );

  app.post<{ Params: { provider: string }; Body: Buffer }>(
    '/api/payments/:provider/notifications',
    {
      config: { csrf: false },
      schema: {
        tags: ['payments'],
        summary: 'Signed payment notifications (bad signature or stale timestamp: 400; repeated event: 200, no effect)',
        params: Type.Object({ provider: Type.String({ maxLength: 40 }) }),
        response: { 200: Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() }), ...errors(400, 404) },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await app.ctx.payments.handleNotification(request.params.provider, body, request.headers);
      request.log.info({ provider: request.params.provider, ...result }, 'payment notification');
      return { received: true, duplicate: result.duplicate };
    },
  );
};

export default notificationsRoutes;
