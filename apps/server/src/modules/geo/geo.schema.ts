import { Type } from 'typebox';
import { Nullable } from '../../shared/http-schemas.js';

/** A place of the data sets, as the pickers show it. */
export const PlaceItem = Type.Object({
  code: Type.String({ examples: ['28079'] }),
  name: Type.String({ examples: ['Madrid'] }),
  /** The province, district or concelho it belongs to (null for provinces and districts). */
  parent_code: Nullable(Type.String()),
  parent_name: Nullable(Type.String()),
});

export const PlaceList = Type.Object({
  items: Type.Array(PlaceItem),
  /** More places match than `limit`: the picker asks to keep typing. */
  more: Type.Boolean(),
});

const q = Type.Optional(
  Type.String({ maxLength: 200, description: 'Typed text: accent-insensitive word prefixes, or code digits' }),
);
const limit = Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 }));

export const EsMunicipalitiesQuery = Type.Object(
  { q, province: Type.Optional(Type.String({ pattern: '^\\d{2}$', description: 'INE province code' })), limit },
  { additionalProperties: false },
);
export const PtMunicipalitiesQuery = Type.Object(
  {
    q,
    district: Type.Optional(Type.String({ pattern: '^\\d{2}$', description: 'District (30 Madeira, 40 Açores)' })),
    limit,
  },
  { additionalProperties: false },
);
export const PtParishesQuery = Type.Object(
  {
    q,
    municipality: Type.Optional(Type.String({ pattern: '^\\d{4}$', description: 'Concelho (DICO code)' })),
    district: Type.Optional(Type.String({ pattern: '^\\d{2}$' })),
    limit,
  },
  { additionalProperties: false },
);

export const CodeParams = (pattern: string, example: string) =>
  Type.Object({ code: Type.String({ pattern, maxLength: 6, examples: [example] }) });
