import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errors } from '../../shared/http-schemas.js';
import { signedInUser } from '../../plugins/protected-routes.js';
import { AccountSelfService } from './account-self.service.js';

const AccountSchema = Type.Object({
  email: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  newsletter: Type.Boolean(),
});

/**
 * The signed-in user's own account (docs/customer-panel.md, "Account self-service"): read it, change the name, switch
 * the newsletter, change the password (current one required; other devices signed out). Writes are refused while an
 * admin impersonates the customer (the protected group's rule).
 */
export const accountSelfRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = new AccountSelfService(app.ctx.db, app.ctx.email);

  app.get(
    '/api/me/account',
    {
      config: { permission: 'account.profile' },
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in account: e-mail, name and newsletter switch',
        response: { 200: AccountSchema, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.get(signedInUser(request).id);
    },
  );

  app.put(
    '/api/me/account',
    {
      config: { permission: 'account.profile' },
      schema: {
        tags: ['accounts'],
        summary: 'Change the name of the signed-in account',
        body: Type.Object(
          { firstname: Type.String({ maxLength: 400 }), lastname: Type.String({ maxLength: 400 }) },
          { additionalProperties: false },
        ),
        response: { 200: AccountSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.updateName(signedInUser(request).id, request.body),
  );

  app.put(
    '/api/me/newsletter',
    {
      config: { permission: 'account.profile' },
      schema: {
        tags: ['accounts'],
        summary: 'Switch the newsletter of the signed-in account (the spec: newsletter 1/0)',
        body: Type.Object({ subscribed: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: AccountSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.setNewsletter(signedInUser(request).id, request.body.subscribed),
  );

  app.post(
    '/api/me/password',
    {
      // Guessing the current password from a session: a few tries a minute per instance.
      config: { permission: 'account.profile', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Change the password (the current one required); ends the account’s sessions on other devices',
        body: Type.Object(
          { current_password: Type.String({ maxLength: 1024 }), password: Type.String({ maxLength: 1024 }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ other_sessions_ended: Type.Integer() }), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const keep = request.sessionCache?.idHash ?? '';
      await request.loadSession(); // the session's store counts
      const storeId = request.store.id;
      return { other_sessions_ended: await service.changePassword(user.id, keep, request.body, storeId) };
    },
  );
};
