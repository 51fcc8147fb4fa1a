import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const Health = Type.Object({ status: Type.String(), db: Type.String() });

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database reachability',
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const { database } = app.ctx;
      reply.header('cache-control', 'no-store');
      if (await database.ping()) return { status: 'ok', db: database.kind };
      return reply.code(503).send({ status: 'unavailable', db: database.kind });
    },
  );
};

export default healthRoutes;
