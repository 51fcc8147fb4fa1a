import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../shared/app-error.js';
import { ErrorResponse, LockedResponse } from '../shared/http-schemas.js';

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

/**
 * A nullable enum lists null among its values: OpenAPI 3.0.3 says `nullable` does not widen an `enum`, so validators
 * (Ajv among them) refused the null that the server sends for, say, a history line without a previous status.
 */
function nullInNullableEnums(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullInNullableEnums);
  if (node === null || typeof node !== 'object') return node;
  const record = Object.fromEntries(
    Object.entries(node as Record<string, unknown>).map(([key, value]) => [key, nullInNullableEnums(value)]),
  );
  if (record.nullable === true && Array.isArray(record.enum) && !record.enum.includes(null))
    record.enum = [...(record.enum as unknown[]), null];
  return record;
}

/** JSON with sorted keys: two schemas that say the same thing compare equal whatever their key order. */
function canonical(node: unknown): string {
  if (Array.isArray(node)) return `[${node.map(canonical).join(',')}]`;
  if (node === null || typeof node !== 'object') return JSON.stringify(node) ?? 'null';
  const entries = Object.entries(node as Record<string, unknown>).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** The error bodies, shared as components: each route's error statuses point at one of them (a smaller document). */
const SHARED_ERRORS = [
  { name: 'Error', description: 'An error: `{code, message}` in the store language', schema: ErrorResponse },
  {
    name: 'LockedError',
    description: 'ITEM_LOCKED: the error with the lock another agent holds',
    schema: LockedResponse,
  },
].map((shared) => ({
  ...shared,
  key: canonical(shareErrorCodes(JSON.parse(JSON.stringify(shared.schema)))),
}));

type Json = Record<string, unknown>;

/** Each operation's error answers whose body is exactly a shared error body become a `$ref` to its response. */
function shareErrorResponses(paths: Json): Json {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item as Json).map(([method, operation]) => {
          const op = operation as { responses?: Record<string, Json> };
          if (!op.responses) return [method, operation];
          const responses = Object.fromEntries(
            Object.entries(op.responses).map(([status, response]) => {
              const content = response.content as Record<string, { schema?: unknown }> | undefined;
              const types = Object.keys(content ?? {});
              const body = types.length === 1 ? content?.[types[0] as string]?.schema : undefined;
              const key = body === undefined ? undefined : canonical(body);
              const shared = SHARED_ERRORS.find((s) => s.key === key);
              return [status, shared ? { $ref: `#/components/responses/${shared.name}` } : response];
            }),
          );
          return [method, { ...op, responses }];
        }),
      ),
    ]),
  );
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
        const shared = nullInNullableEnums(
          shareErrorCodes(documentObject.openapiObject),
        ) as typeof documentObject.openapiObject;
        const components = shared.components ?? {};
        const schemas: Json = { ...components.schemas, ErrorCode: ERROR_CODE_SCHEMA };
        const responses: Json = { ...components.responses };
        for (const error of SHARED_ERRORS) {
          schemas[error.name] = shareErrorCodes(JSON.parse(JSON.stringify(error.schema)));
          responses[error.name] = {
            description: error.description,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${error.name}` } } },
          };
        }
        const paths = shareErrorResponses((shared.paths ?? {}) as Json);
        return { ...shared, paths, components: { ...components, schemas, responses } } as typeof shared;
      },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
