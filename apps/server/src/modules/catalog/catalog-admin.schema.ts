import { MONEY_PATTERNS } from '@ventanilla/domain';
import { Type } from 'typebox';
import { LanguageSchema, MoneyString, PageQuery, StoreIdParam, Nullable, OneOf } from '../../shared/http-schemas.js';
import { ProductTranslations } from './catalog-translations.js';

// Request and response schemas of the back office's catalogue editing (catalog-admin.routes.ts).

const Status = Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]);

export const ProductListQuery = Type.Object({
  store: Type.Optional(StoreIdParam),
  q: Type.Optional(Type.String({ maxLength: 120 })),
  status: Type.Optional(Status),
  page: PageQuery.page,
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 100 })),
});

export const ProductListItem = Type.Object({
  product_id: Type.Integer(),
  url_key: Type.String(),
  name: Type.String(),
  /** service | fee */
  kind: Type.String(),
  category: Type.String(),
  status: Status,
  base_price: MoneyString,
  /** With VAT and fee lines, in the filtered store (or the product's first store); null when it has none. */
  price: Nullable(MoneyString),
  stores: Type.Array(Type.Integer()),
  version: Type.Integer(),
  /** Edited in the back office: the seed no longer applies its file. */
  edited: Type.Boolean(),
  /** Its file changed after the edit: a file version waits (apply-file). */
  file_pending: Type.Boolean(),
  updated_at: Type.String(),
});

export const ProductDetail = Type.Object({
  product_id: Type.Integer(),
  url_key: Type.String(),
  kind: Type.String(),
  category: Type.String(),
  name: Type.String(),
  short_description: Type.String(),
  description: Type.String(),
  custom_text: Type.String(),
  /** The product page's <title> and meta description in search results (empty: the name and short description). */
  meta_title: Type.String(),
  meta_description: Type.String(),
  base_price: MoneyString,
  official_fee: MoneyString,
  status: Status,
  stores: Type.Array(Type.Integer()),
  version: Type.Integer(),
  updated_at: Type.String(),
  edited_at: Nullable(Type.String()),
  edited_by: Nullable(Type.String()),
  file_pending: Type.Boolean(),
  /** The question form in the format of catalog/forms/<url_key>.json; null when the product has none. */
  form: Nullable(Type.Object({}, { additionalProperties: true })),
  /** The language of the texts above (its category's); the other languages its stores speak are in translations. */
  base_language: LanguageSchema,
  /** The texts in other languages, as catalog/translations/<language>/products/<url_key>.json holds them. */
  translations: ProductTranslations,
  /** The languages of the stores that sell it besides the base language: each needs a complete translation. */
  needed_languages: Type.Array(LanguageSchema),
  prices: Type.Array(Type.Object({ store_id: Type.Integer(), vat_rate: Type.String(), price: MoneyString })),
  store_choices: Type.Array(Type.Object({ store_id: Type.Integer(), name: Type.String(), country: Type.String() })),
});

export const ProductFieldsBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    short_description: Type.String({ maxLength: 1000 }),
    description: Type.String({ maxLength: 10_000 }),
    custom_text: Type.String({ maxLength: 50_000 }),
    /** Search results; left out: unchanged. */
    meta_title: Type.Optional(Type.String({ maxLength: 70 })),
    meta_description: Type.Optional(Type.String({ maxLength: 170 })),
    /** Before VAT, e.g. "25.12". */
    base_price: Type.String({ pattern: MONEY_PATTERNS.price, examples: ['25.12'] }),
    status: Status,
    stores: Type.Array(StoreIdParam, { minItems: 1, maxItems: 30, uniqueItems: true }),
    /** The texts in other languages (docs/catalogue.md, "Languages"); left out: unchanged. FAQ HTML is sanitised. */
    translations: Type.Optional(ProductTranslations),
  },
  { additionalProperties: false },
);

export const FormBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    /** Checked against the form file schema and the catalogue linter by the service (422 with their problems). */
    form: Type.Object({}, { additionalProperties: true }),
  },
  { additionalProperties: false },
);

export const VersionBody = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

/** What made a catalogue revision. */
const RevisionSource = OneOf(['seed', 'backoffice', 'revert', 'file']);

export const RevisionList = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      version: Type.Integer(),
      source: RevisionSource,
      user_name: Nullable(Type.String()),
      created_at: Type.String(),
      /** The parts that changed (fields, form, stores). */
      summary: Type.String(),
    }),
  ),
});

const Snapshot = Type.Object({}, { additionalProperties: true });

export const RevisionDetail = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  source: RevisionSource,
  created_at: Type.String(),
  summary: Type.String(),
  before: Nullable(Snapshot),
  after: Snapshot,
});

export const CategoryOut = Type.Object({
  id: Type.Integer(),
  url_key: Type.String(),
  name: Type.String(),
  position: Type.Integer(),
  language: Type.String(),
  meta_title: Type.String(),
  meta_description: Type.String(),
  /** A picture of the web app's public files ("/icons/house.svg"), or "". */
  image: Type.String(),
  version: Type.Integer(),
  edited: Type.Boolean(),
});

export const CategoryBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    position: Type.Integer({ minimum: 0, maximum: 10_000 }),
    /** Search results and sharing; left out: unchanged. */
    meta_title: Type.Optional(Type.String({ maxLength: 70 })),
    meta_description: Type.Optional(Type.String({ maxLength: 170 })),
    image: Type.Optional(Type.String({ maxLength: 200, pattern: '^((/[a-z0-9-]+)+\\.(svg|png|jpe?g|webp))?$' })),
  },
  { additionalProperties: false },
);

export const StoreOut = Type.Object({ store_id: Type.Integer(), name: Type.String(), country: Type.String() });
