import { Type, type TSchema } from 'typebox';
import { SAVED_ITEM_NAME_MAX, SAVED_ITEM_NOTES_MAX, type SavedItemKind } from '@ventanilla/domain';
import { Nullable } from '../../shared/http-schemas.js';

// Request limits: generous enough that the domain's rules give the precise message (at most 20 attributes, the
// catalogue's ids), tight enough that no request carries a large payload.
const AttrIn = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 40 }),
    value: Type.String({ maxLength: SAVED_ITEM_NOTES_MAX + 100 }),
  },
  { additionalProperties: false },
);
const IdList = (description: string) =>
  Type.Array(Type.Integer({ minimum: 0, maximum: 9999 }), { maxItems: 20, description });

const MetaIn = Type.Object(
  {
    attr: Type.Optional(Type.Array(AttrIn, { maxItems: 40, description: 'Attributes of the kind (at most 20)' })),
    tipo: Type.Optional(IdList('Property type 100-106; vehicle fuel/label 300-307')),
    uso: Type.Optional(IdList('Property use 200-206')),
    relacion: Type.Optional(IdList('Vehicle relationship 400-404; company relationship 500-507')),
  },
  { additionalProperties: false },
);

const commonIn = {
  name: Type.String({ maxLength: SAVED_ITEM_NAME_MAX + 100 }),
  meta: Type.Optional(MetaIn),
  favourite: Type.Optional(Type.Boolean()),
};
const kindIn: Record<SavedItemKind, Record<string, TSchema>> = {
  property: {},
  vehicle: {},
  company: { seguimiento: Type.Optional(Type.Boolean({ description: 'Follow the company (spec: seguimiento)' })) },
  document: {
    file_id: Type.Optional(
      Nullable(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'A document of one of your orders' })),
    ),
  },
};

/** The body of a create (POST). */
export function createBody(kind: SavedItemKind) {
  return Type.Object({ ...commonIn, ...kindIn[kind] }, { additionalProperties: false });
}

/** The body of an update (PUT): any of the fields; those sent replace the item's. */
export function updateBody(kind: SavedItemKind) {
  return Type.Partial(Type.Object({ ...commonIn, ...kindIn[kind] }, { additionalProperties: false }));
}

const Meta = Type.Object({
  attr: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
  tipo: Type.Array(Type.Integer()),
  uso: Type.Array(Type.Integer()),
  relacion: Type.Array(Type.Integer()),
});

const ItemOrder = Type.Object({
  order_id: Type.Integer(),
  item_id: Type.Integer(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});

/** A nota simple read for the customer (spec: docParsed and docParsedEntities). */
export const DocParsedSchema = Type.Object({
  descripcion: Type.String(),
  cargas: Type.String({ description: 'Up to the warning that incorporating the data is prohibited' }),
  titulares: Type.String(),
});
export const DocParsedEntitiesSchema = Type.Array(
  Type.Object({
    entity: Type.String({ description: 'idufir, refcat, finca, registro, fecha, titular, nif' }),
    text_data: Type.String(),
  }),
);

const common = {
  id: Type.Integer(),
  user_id: Type.Integer(),
  name: Type.String(),
  meta: Meta,
  favourite: Type.Boolean(),
  origin: Type.Union([Type.Literal('customer'), Type.Literal('order')]),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  orders: Type.Array(ItemOrder),
};
const kindOut: Record<SavedItemKind, Record<string, TSchema>> = {
  property: { doc_parsed: Nullable(DocParsedSchema), doc_parsed_entities: Nullable(DocParsedEntitiesSchema) },
  vehicle: {},
  company: {
    initials: Type.String({ description: 'First letters of words, uppercase, at most 2' }),
    seguimiento: Type.Boolean(),
  },
  document: {
    file: Nullable(
      Type.Object({ id: Type.Integer(), filename: Type.String(), order_id: Type.Integer(), item_id: Type.Integer() }),
    ),
  },
};

/** A saved item of a kind as the API returns it. */
export function itemOut(kind: SavedItemKind) {
  return Type.Object({ ...common, ...kindOut[kind] });
}

/** The nota simple of an order line read for the customer. */
export const NotaSimpleRead = Type.Object({
  item_id: Type.Integer(),
  file_id: Nullable(Type.Integer()),
  doc_parsed: DocParsedSchema,
  doc_parsed_entities: DocParsedEntitiesSchema,
  parsed_at: Type.String({ format: 'date-time' }),
});
