import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Collects every route schema into an OpenAPI 3 document, served at /api/openapi.json. */
export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Ventanilla API',
          version: '0.1.0',
          description:
            'Shop, customer panel and back office of Ventanilla. Errors are `{code, message}` in the store language. ' +
            'State-changing requests need the `x-csrf-token` header from GET /api/session.',
        },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'vt_sid' } },
        },
      },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
