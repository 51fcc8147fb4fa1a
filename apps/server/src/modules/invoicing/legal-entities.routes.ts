import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { AppError } from '../../shared/app-error.js';
import { errors, StoreIdParam } from '../../shared/http-schemas.js';
import { EDITABLE_FIELDS, type LegalEntities, type LegalEntity } from './legal-entities.js';

/** Who sells in a store: what the legal pages, the checkout, e-mails and payment pages show (docs/legal-entities.md). */
export const SellerOut = Type.Object({
  entity_id: Type.String(),
  legal_name: Type.String(),
  tax_id: Type.String(),
  address: Type.String(),
  country: Type.String(),
  registry_note: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  privacy_email: Type.String(),
  supervising_authority: Type.String({ description: "The activity's supervising authority; empty when none applies" }),
});
export type SellerOut = Static<typeof SellerOut>;

export function sellerOut(e: LegalEntity): SellerOut {
  return {
    entity_id: e.id,
    legal_name: e.legal_name,
    tax_id: e.tax_id,
    address: e.address,
    country: e.country,
    registry_note: e.registry_note,
    email: e.email,
    phone: e.phone,
    privacy_email: e.privacy_email,
    supervising_authority: e.supervising_authority,
  };
}

/** The seller of a store, or null for a store without one (never for a configured store: the boot checks). */
export function sellerOf(entities: LegalEntities, storeId: number): SellerOut | null {
  try {
    return sellerOut(entities.forStore(storeId).entity);
  } catch {
    return null;
  }
}

/** Public: GET /api/stores/:storeId/seller. */
export const legalEntityPublicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { legalEntities, catalog } = app.ctx;
  app.get(
    '/api/stores/:storeId/seller',
    {
      schema: {
        tags: ['catalog'],
        summary: "The store's seller: the legal entity that sells and invoices (legal pages, checkout, e-mails)",
        params: Type.Object({ storeId: StoreIdParam }),
        response: { 200: SellerOut, ...errors(404) },
      },
    },
    async (request, reply) => {
      const seller = catalog.getStore(request.params.storeId) ? sellerOf(legalEntities, request.params.storeId) : null;
      if (!seller) throw new AppError('NOT_FOUND', 'STORE_NOT_FOUND');
      reply.header('cache-control', 'public, max-age=0, must-revalidate');
      return seller;
    },
  );
};

const EntityParams = Type.Object({ entityId: Type.String({ pattern: '^[a-z0-9-]{1,40}$', maxLength: 40 }) });
// The schema lets long values through to the service, which names the field in its answer; the body limit bounds it.
const Field = Type.String({ maxLength: 10_000 });
const EntityPatch = Type.Object(
  Object.fromEntries(EDITABLE_FIELDS.map((f) => [f, Type.Optional(Field)])) as Record<
    (typeof EDITABLE_FIELDS)[number],
    Type.TOptional<typeof Field>
  >,
  { additionalProperties: false, minProperties: 1 },
);
const EntityOut = Type.Object({
  ...SellerOut.properties,
  time_zone: Type.String(),
  verifactu: Type.Boolean(),
  stores: Type.Array(Type.Integer()),
  version: Type.Integer(),
  updated_at: Type.String({ format: 'date-time' }),
  /** Fields still carrying the shipped placeholder data (production does not start while any is listed). */
  placeholder_fields: Type.Array(Type.String()),
});
const ChangeOut = Type.Object({
  id: Type.Integer(),
  changed_at: Type.String({ format: 'date-time' }),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  user_name: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Array(Type.Object({ field: Type.String(), old: Type.String(), new: Type.String() })),
});

/** Admins: the entities, an edit, the history of edits. */
export const legalEntityAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { legalEntities, legalEntitiesStore } = app.ctx;
  const tags = ['back office'];
  const entityOut = (row: Awaited<ReturnType<typeof legalEntitiesStore.list>>[number]) => ({
    ...sellerOut(row.entity),
    time_zone: row.entity.time_zone,
    verifactu: row.entity.verifactu,
    stores: row.stores,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
    placeholder_fields: legalEntities.placeholders().find((p) => p.id === row.entity.id)?.fields ?? [],
  });

  app.get(
    '/api/backoffice/legal-entities',
    {
      config: { permission: 'legalEntities.manage' },
      schema: {
        tags,
        summary: 'The legal entities that sell and invoice, with their stores',
        response: { 200: Type.Object({ items: Type.Array(EntityOut) }), ...errors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: (await legalEntitiesStore.list()).map(entityOut) };
    },
  );

  app.patch(
    '/api/backoffice/legal-entities/:entityId',
    {
      config: { permission: 'legalEntities.manage' },
      schema: {
        tags,
        summary:
          "Edit a legal entity's data (tax id, e-mail and phone checked by its country's rules); kept in its history",
        params: EntityParams,
        body: EntityPatch,
        response: { 200: EntityOut, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await legalEntitiesStore.update(signedInUser(request).id, request.params.entityId, request.body);
      const row = (await legalEntitiesStore.list()).find((r) => r.entity.id === request.params.entityId);
      if (!row) throw new AppError('NOT_FOUND', request.params.entityId);
      return entityOut(row);
    },
  );

  app.get(
    '/api/backoffice/legal-entities/:entityId/history',
    {
      config: { permission: 'legalEntities.manage' },
      schema: {
        tags,
        summary: "A legal entity's edits, newest first (at most 200): who, when, each field's old and new value",
        params: EntityParams,
        response: { 200: Type.Object({ items: Type.Array(ChangeOut) }), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await legalEntitiesStore.history(request.params.entityId);
      return {
        items: rows.map((r) => ({
          id: r.id,
          changed_at: r.changedAt.toISOString(),
          user_id: r.userId,
          user_name: r.userName,
          changes: r.changes.map((c) => ({ field: c.field, old: String(c.old), new: String(c.new) })),
        })),
      };
    },
  );
};
