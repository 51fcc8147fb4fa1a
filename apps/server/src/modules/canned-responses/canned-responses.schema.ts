import { CANNED_LIST_SIZE, CANNED_VISIBILITIES } from '@ventanilla/domain';
import { Type } from 'typebox';
import { Nullable, OneOf } from '../../shared/http-schemas.js';
import { ValuesSchema } from '../templates/index.js';

export const CannedId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const CannedVisibilitySchema = OneOf(CANNED_VISIBILITIES, {
  description: 'all: every staff member; admins: admins only; private: only the admin who wrote it',
});

/** What an admin writes (the body's placeholders are the templates' seventeen; unknown ones are refused). */
export const CannedBody = Type.Object(
  {
    group: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'groups beginning with Portugal or Conservatoria are offered only to the Portuguese panel role',
      }),
    ),
    title: Type.String({ maxLength: 200 }),
    body: Type.String({ maxLength: 20_000, description: 'plain text with {{placeholders}}' }),
    visibility: Type.Optional(CannedVisibilitySchema),
  },
  { additionalProperties: false },
);

export const CannedOut = Type.Object({
  id: Type.Integer(),
  group: Type.String(),
  title: Type.String(),
  body: Type.String(),
  visibility: CannedVisibilitySchema,
  created_by: Nullable(Type.Integer()),
  updated_at: Type.String({ format: 'date-time' }),
});

export const CannedListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200, description: 'title, group or body contains it (any case)' })),
    group: Type.Optional(Type.String({ maxLength: 200 })),
    scope: Type.Optional(
      OneOf(['mine', 'all'] as const, {
        description: 'mine (default): those offered to me; all: every one (admins, for editing)',
      }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: CANNED_LIST_SIZE, default: CANNED_LIST_SIZE })),
  },
  { additionalProperties: false },
);

export const CannedListOut = Type.Object({
  items: Type.Array(CannedOut),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
});

export const CannedRenderBody = Type.Object(
  {
    item_id: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'fill with this order item’s values' }),
    ),
    values: Type.Optional(ValuesSchema),
  },
  { additionalProperties: false },
);

export const CannedRenderOut = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  text: Type.String({ description: 'plain text to insert into a reply; missing values left visible as {{name}}' }),
  html: Type.String({ description: 'the same, escaped, line breaks as <br>' }),
  missing: Type.Array(Type.Object({ name: Type.String(), label: Type.String() })),
  missing_message: Nullable(Type.String()),
});
