import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from '../shared/app-error.js';
import { ERROR_CODE_TITLE, ErrorResponse, LockedResponse } from '../shared/http-schemas.js';

const ERROR_CODE_REF = { $ref: '#/components/schemas/ErrorCode' };

/** The `ErrorCode` component: every code of the app's error registry (the shared ones and the modules'), sorted. */
function errorCodeSchema(codes: readonly ErrorCode[]) {
  return {
    type: 'string' as const,
    enum: [...codes],
    description:
      "The `code` of every error response (apps/server/src/shared/app-error.ts and each module's `<name>.errors.ts`).",
  };
}

/** Replaces each error-code schema (ErrorCodeSchema) with a reference to the one `ErrorCode` component. */
function shareErrorCodes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shareErrorCodes);
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  if (record.title === ERROR_CODE_TITLE && record.type === 'string') return ERROR_CODE_REF;
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

/** A JSON Schema node (not a `properties` map, whose keys are property names). */
function isSchemaNode(node: Json): boolean {
  return typeof node.type === 'string' || Array.isArray(node.anyOf) || Array.isArray(node.oneOf);
}

/** Schemas at least this long (canonical JSON) are worth a component when they repeat. */
const MIN_SHARED_LENGTH = 80;

function pascal(hint: string): string {
  const name = hint.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase());
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : 'Schema';
}

/**
 * Every schema that repeats across operations becomes one named component and each copy a `$ref` to it, so the
 * document and the web's generated types stay small. Only the document changes: validation and serialisation still
 * use the routes' own schemas. Parameters stay inline. A component is named after the property (or list of items) where it first appears.
 */
function shareRepeatedSchemas(paths: Json, taken: Set<string>): { paths: Json; schemas: Json } {
  const counts = new Map<string, number>();
  const count = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(count);
    if (node === null || typeof node !== 'object') return;
    const record = node as Json;
    if (isSchemaNode(record)) {
      const key = canonical(record);
      if (key.length >= MIN_SHARED_LENGTH) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    Object.entries(record).forEach(([key, value]) => key !== 'parameters' && count(value));
  };
  count(paths);
  const names = new Map<string, string>();
  const schemas: Json = {};
  const share = (node: unknown, hint: string): unknown => {
    if (Array.isArray(node)) return node.map((value) => share(value, hint));
    if (node === null || typeof node !== 'object') return node;
    const record = node as Json;
    const walk = (): Json =>
      Object.fromEntries(
        Object.entries(record).map(([key, value]) => {
          if (key === 'parameters') return [key, value]; // parameters stay inline, as clients read them
          if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value))
            return [key, Object.fromEntries(Object.entries(value as Json).map(([p, v]) => [p, share(v, p)]))];
          return [key, share(value, key === 'items' ? `${hint}Item` : hint)];
        }),
      );
    if (!isSchemaNode(record)) return walk();
    const key = canonical(record);
    if ((counts.get(key) ?? 0) < 2) return walk();
    let name = names.get(key);
    if (!name) {
      const base = pascal(hint);
      name = base;
      for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
      taken.add(name);
      names.set(key, name);
      schemas[name] = walk();
    }
    return { $ref: `#/components/schemas/${name}` };
  };
  return { paths: share(paths, 'Schema') as Json, schemas };
}

/**
 * The paths in alphabetical order, and each path's methods: the document (and the names of its shared components,
 * given in the order they are met) does not depend on the order the modules register their routes in.
 */
function sortedPaths(paths: Json): Json {
  const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);
  return Object.fromEntries(
    Object.entries(paths)
      .sort(byKey)
      .map(([path, item]) => [path, Object.fromEntries(Object.entries(item as Json).sort(byKey))]),
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
        const schemas: Json = { ...components.schemas, ErrorCode: errorCodeSchema(app.errorRegistry.codes) };
        const responses: Json = { ...components.responses };
        for (const error of SHARED_ERRORS) {
          schemas[error.name] = shareErrorCodes(JSON.parse(JSON.stringify(error.schema)));
          responses[error.name] = {
            description: error.description,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${error.name}` } } },
          };
        }
        const repeated = shareRepeatedSchemas(
          shareErrorResponses(sortedPaths((shared.paths ?? {}) as Json)),
          new Set(Object.keys(schemas)),
        );
        Object.assign(schemas, repeated.schemas);
        return {
          ...shared,
          paths: repeated.paths,
          components: { ...components, schemas, responses },
        } as typeof shared;
      },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
