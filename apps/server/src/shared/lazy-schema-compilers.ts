import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

// The shapes Fastify relies on (the packages' own types are unions over Ajv, JTD and standalone modes).
interface RouteDefinition {
  schema: unknown;
  httpPart?: string;
}
interface Validate {
  (data: unknown): unknown;
  errors?: unknown;
}
type BuildValidator = (externalSchemas: unknown, options: unknown) => (route: RouteDefinition) => Validate;
type BuildSerializer = (
  externalSchemas: unknown,
  options: unknown,
) => (route: RouteDefinition) => (doc: unknown) => string;

/**
 * Fastify's own compilers (Ajv for the request schemas, fast-json-stringify for the responses), each route's schema
 * compiled on its first request instead of all at start: compiling every schema of ~300 routes was about 1.1 s of
 * CPU, half the boot on an existing database (docs/performance.md, "Memory and start"). Same options, same results;
 * a schema Ajv cannot compile now fails its route's first request (the API contract tests call every route).
 */
export function lazySchemaCompilers(): CompilersFactory {
  const buildValidator: BuildValidator = (externalSchemas, ajvOptions) => {
    const compile = (AjvCompiler() as unknown as BuildValidator)(externalSchemas, ajvOptions);
    return (route) => {
      // Fastify lower-cases a headers schema's property names before handing it to its default compiler, but not to
      // a custom one: done here, so that `Idempotency-Key` in a schema still matches the lower-cased header.
      const definition = route.httpPart === 'headers' ? { ...route, schema: lowerCaseHeaders(route.schema) } : route;
      let validate: Validate | undefined;
      const lazy: Validate = (data) => {
        validate ??= compile(definition);
        const result = validate(data);
        lazy.errors = validate.errors;
        return result;
      };
      return lazy;
    };
  };
  const buildSerializer: BuildSerializer = (externalSchemas, serializerOptions) => {
    const compile = (SerializerSelector() as unknown as BuildSerializer)(externalSchemas, serializerOptions);
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined;
      return (doc: unknown) => (serialize ??= compile(route))(doc);
    };
  };
  return {
    buildValidator: buildValidator as unknown as CompilersFactory['buildValidator'],
    buildSerializer: buildSerializer as unknown as CompilersFactory['buildSerializer'],
  };
}

function lowerCaseHeaders(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || !('properties' in schema)) return schema;
  const { properties, required } = schema as { properties?: Record<string, unknown>; required?: unknown };
  if (!properties) return schema;
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).map(([name, value]) => [name.toLowerCase(), value])),
    ...(Array.isArray(required) ? { required: required.map((name) => String(name).toLowerCase()) } : {}),
  };
}
