import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from './lazy-schema-compilers.js';

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function build(): Promise<FastifyInstance> {
  app = Fastify({
    ajv: { customOptions: { removeAdditional: false } },
    schemaController: { compilersFactory: lazySchemaCompilers() },
  });
  app.post(
    '/things/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        headers: {
          type: 'object',
          properties: { 'Idempotency-Key': { type: 'string', minLength: 8 } },
          required: ['Idempotency-Key'],
        },
        body: {
          type: 'object',
          properties: { name: { type: 'string', minLength: 1 } },
          required: ['name'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: { id: { type: 'integer' }, name: { type: 'string' } },
          },
        },
      },
    },
    async (request) => ({
      ...(request.body as object),
      id: (request.params as { id: number }).id,
      secret: 'never serialised',
    }),
  );
  await app.ready();
  return app;
}

describe('lazy schema compilers', () => {
  it('validate, coerce and serialise like Fastify’s own, on the first request and after', async () => {
    const server = await build();
    for (let round = 0; round < 2; round++) {
      const ok = await server.inject({
        method: 'POST',
        url: '/things/42',
        headers: { 'idempotency-key': 'key-00001' },
        payload: { name: 'uno' },
      });
      expect(ok.statusCode).toBe(200);
      // The path parameter was coerced to a number; the response schema left out the field it does not list.
      expect(ok.json()).toEqual({ id: 42, name: 'uno' });
    }
  });

  it('refuse what the schemas refuse, naming the part, also for a headers schema written in mixed case', async () => {
    const server = await build();
    const cases = [
      { url: '/things/x', headers: { 'idempotency-key': 'key-00001' }, payload: { name: 'a' }, part: 'params' },
      { url: '/things/1', headers: { 'idempotency-key': 'short' }, payload: { name: 'a' }, part: 'headers' },
      { url: '/things/1', headers: {}, payload: { name: 'a' }, part: 'headers' },
      { url: '/things/1', headers: { 'idempotency-key': 'key-00001' }, payload: { name: '' }, part: 'body' },
      { url: '/things/1', headers: { 'idempotency-key': 'key-00001' }, payload: { name: 'a', x: 1 }, part: 'body' },
    ];
    for (const { part, ...request } of cases) {
      const res = await server.inject({ method: 'POST', ...request });
      expect(res.statusCode, JSON.stringify(request)).toBe(400);
      expect(res.json<{ message: string }>().message.startsWith(part)).toBe(true);
    }
  });
});
