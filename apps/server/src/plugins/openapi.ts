import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../shared/app-error.js';

const ERROR_CODE_REF = { $ref: '#/components/schemas/ErrorCode' };
const ERROR_CODE_SCHEMA = {
  type: 'string' as const,
  enum: [...ERROR_CODES],
  description: 'The `code` of every error response (apps/server/src/shared/app-error.ts).',
};

/** Replaces each inline copy of the error-code enum with one shared `ErrorCode` component (a smaller document). */
function shareErrorCodes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shareErrorCodes);
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const values = record.enum;
  if (Array.isArray(values) && values.length === ERROR_CODES.length && values.every((v, i) => v === ERROR_CODES[i]))
    return ERROR_CODE_REF;
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, shareErrorCodes(value)]));
}

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
      transformObject: (documentObject) => {
        if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
        const shared = shareErrorCodes(documentObject.openapiObject) as typeof documentObject.openapiObject;
        const components = shared.components ?? {};
        const schemas = { ...components.schemas, ErrorCode: ERROR_CODE_SCHEMA };
        return { ...shared, components: { ...components, schemas } } as typeof shared;
      },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
