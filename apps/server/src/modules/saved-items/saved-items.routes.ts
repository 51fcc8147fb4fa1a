import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { SavedItemKind } from '@ventanilla/domain';
import { signedInUser } from '../../plugins/protected-routes.js';
import { AppError } from '../../shared/app-error.js';
import { errors, ListOf } from '../../shared/http-schemas.js';
import { createBody, itemOut, NotaSimpleRead, updateBody } from './saved-items.schema.js';

/** The paths of the spec's saved-item calls. */
const PATHS: ReadonlyArray<readonly [SavedItemKind, string, string]> = [
  ['property', 'properties', 'property'],
  ['company', 'companies', 'company'],
  ['vehicle', 'vehicles', 'vehicle'],
  ['document', 'documents', 'document'],
];

const MAX_ID = 2147483647;

/**
 * The id of the path, or the same 404 as another customer's item: an id that is not a positive integer the database
 * can hold (negative, huge, NUL bytes, letters) names nothing, so it is not found rather than a 400 that would tell
 * ids apart. Runs before validation and the bad-input check.
 */
export async function idOrNotFound(request: FastifyRequest) {
  const raw = (request.params as { id?: unknown }).id;
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= MAX_ID)) throw new AppError('NOT_FOUND', 'saved item id');
}

const IdParams = Type.Object({ id: Type.String({ maxLength: 10, description: 'The item id (a positive integer)' }) });

const savedItemsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { savedItems } = app.ctx;
  const config = { permission: 'account.savedItems' } as const;
  const tags = ['customer panel'];
  // Saved items are small; a body beyond this is no saved item.
  const bodyLimit = 64 * 1024;

  for (const [kind, plural, noun] of PATHS) {
    const Item = itemOut(kind);

    app.get(
      `/api/me/${plural}`,
      {
        config,
        schema: {
          tags,
          summary: `Your saved ${plural}: newest first, 10 a page unless asked; search and favourites`,
          querystring: Type.Object({
            page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
            per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
            q: Type.Optional(Type.String({ maxLength: 100, description: 'Text in the name or the attributes' })),
            favourites: Type.Optional(Type.Boolean({ description: 'Only favourites' })),
          }),
          response: { 200: ListOf(Item), ...errors(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        reply.header('cache-control', 'no-store');
        return savedItems.list(user.id, kind, request.query);
      },
    );

    app.post(
      `/api/me/${plural}`,
      {
        config,
        bodyLimit,
        schema: {
          tags,
          summary: `Save a ${noun}`,
          body: createBody(kind),
          response: { 201: Item, ...errors(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const item = await savedItems.create(user.id, kind, request.body);
        return reply.code(201).send(item);
      },
    );

    app.get(
      `/api/me/${plural}/:id`,
      {
        config,
        preValidation: idOrNotFound,
        schema: {
          tags,
          summary: `One of your saved ${plural}, with its orders (not yours: 404)`,
          params: IdParams,
          response: { 200: Item, ...errors(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        reply.header('cache-control', 'no-store');
        return savedItems.get(user.id, kind, Number(request.params.id));
      },
    );

    app.put(
      `/api/me/${plural}/:id`,
      {
        config,
        bodyLimit,
        preValidation: idOrNotFound,
        schema: {
          tags,
          summary: `Change one of your saved ${plural} (the fields sent replace its own; spec: ok and the object)`,
          params: IdParams,
          body: updateBody(kind),
          response: { 200: Type.Object({ ok: Type.Literal(true), item: Item }), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const user = signedInUser(request);
        const item = await savedItems.update(user.id, kind, Number(request.params.id), request.body);
        return { ok: true as const, item };
      },
    );

    app.delete(
      `/api/me/${plural}/:id`,
      {
        config,
        preValidation: idOrNotFound,
        schema: {
          tags,
          summary: `Delete one of your saved ${plural} (its orders stay)`,
          params: IdParams,
          response: { 204: Type.Null(), ...errors(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        await savedItems.remove(user.id, kind, Number(request.params.id));
        return reply.code(204).send(null);
      },
    );
  }

  const Consent = Type.Object({
    save_from_orders: Type.Boolean({
      description: "Orders save their property, company or vehicle (a nota simple's, a report's)",
    }),
  });

  app.get(
    '/api/me/saved-items/consent',
    {
      config,
      schema: {
        tags,
        summary: 'Whether your orders save their property, company or vehicle',
        response: { 200: Consent, ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return savedItems.consent(signedInUser(request).id);
    },
  );

  app.put(
    '/api/me/saved-items/consent',
    {
      config,
      schema: {
        tags,
        summary: 'Agree (or not) that your orders save their property, company or vehicle; agreeing saves paid ones',
        body: Type.Object({ save_from_orders: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: Consent, ...errors(400, 401, 403) },
      },
    },
    async (request) => savedItems.setConsent(signedInUser(request).id, request.body.save_from_orders),
  );

  app.get(
    '/api/me/orders/:orderId/items/:itemId/nota-simple',
    {
      config: { permission: 'orders.readOwn' },
      schema: {
        tags,
        summary: 'The nota simple of your order line read for you: description, charges, owners, IDUFIR',
        params: Type.Object({
          orderId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
          itemId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
        }),
        response: { 200: NotaSimpleRead, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return savedItems.notaSimpleOf(signedInUser(request).id, request.params.orderId, request.params.itemId);
    },
  );
};

export default savedItemsRoutes;
