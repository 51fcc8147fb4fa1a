import { Type } from 'typebox';
import { DISPLAY_FLAGS } from '@ventanilla/domain';
import { LanguageSchema, MoneyString, Nullable } from '../../shared/http-schemas.js';

const Condition = Type.Object({ option_id: Type.Integer(), value: Type.String(), op: Type.Optional(Type.String()) });

export const StoreResponse = Type.Object({
  store_id: Type.Integer(),
  name: Type.String(),
  language: LanguageSchema,
  country: Type.String(),
  vat_rate: Type.String(),
  currency: Type.String(),
  order_prefix: Type.String(),
});

export const ProductSummary = Type.Object({
  product_id: Type.Integer(),
  name: Type.String(),
  url_key: Type.String(),
  cat_url_key: Type.String(),
  short_description: Type.String(),
  group: Type.String(),
  base_price: MoneyString,
  price: MoneyString,
});

/** A category with the products its store lists on the catalogue page. */
export const CategoryResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url_key: Type.String(),
  short_name: Type.String(),
  description: Type.String(),
  position: Type.Integer(),
  /** The category page's <title> and meta description (empty: its name and description), and its picture or null. */
  meta_title: Type.String(),
  meta_description: Type.String(),
  image: Nullable(Type.String()),
  products: Type.Array(ProductSummary),
});

export const CategoriesResponse = Type.Object({ items: Type.Array(CategoryResponse) });

export const ProductsResponse = Type.Object({ items: Type.Array(ProductSummary) });

/** A catalogue search: the query as read (trimmed, at most 100 characters) and the products that answer it, best first. */
export const SearchResponse = Type.Object({ query: Type.String(), items: Type.Array(ProductSummary) });

export const SearchQuery = Type.Object({
  /** Words of a product's name or descriptions; accents and case do not matter. Absent or blank: no results. */
  q: Type.Optional(Type.String({ maxLength: 500 })),
});

export const OptionResponse = Type.Object({
  option_id: Type.Integer(),
  product_id: Type.Integer(),
  type: Type.String(),
  is_require: Type.Integer(),
  title: Type.String(),
  placeholder: Nullable(Type.String()),
  error: Nullable(Type.String()),
  price: MoneyString,
  index: Type.Integer(),
  max_length: Nullable(Type.Integer()),
  previous_steps: Type.Array(Condition),
  /** code: the place a value names in province and district lists (INE / DTMN code). */
  opt_values: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), price: MoneyString, code: Type.Optional(Type.String()) }),
  ),
  /** When any holds, the answer is dropped. */
  autounset_option_values: Type.Array(Condition),
  validator: Nullable(Type.String()),
  /** Place pickers (docs/geo-data.md): the list's country and the question that narrows it. */
  place: Type.Optional(
    Type.Object({
      country: Type.Optional(Type.Union([Type.Literal('ES'), Type.Literal('PT')])),
      parent_option: Type.Optional(Type.Integer()),
    }),
  ),
  ...Object.fromEntries(DISPLAY_FLAGS.map((f) => [f, Type.Integer({ minimum: 0, maximum: 1 })])),
});

/** Product-level flow rules, with the spec's field names. */
export const FormRulesResponse = Type.Object({
  conditions_to_redirect: Type.Array(
    Type.Object({
      option_id: Type.Integer(),
      value: Type.String(),
      op: Type.Optional(Type.String()),
      product_id_in: Type.Integer(),
      product_id_out: Type.Integer(),
      step_saved: Type.Integer(),
    }),
  ),
  conditions_to_exit: Type.Union([
    Type.Array(Type.Object({ message: Type.String(), options: Type.Array(Condition) })),
    Type.Literal(false),
  ]),
  conditions_to_earlycheckout: Nullable(
    Type.Object({
      type: Type.String(),
      options: Type.Array(Condition),
      confirmationOptions: Type.Array(Type.Integer()),
    }),
  ),
  questions_on_confirm: Type.Array(Type.Integer()),
  question_on_start: Nullable(Type.Integer()),
  related_product: Type.Array(
    Type.Object({
      product_id: Type.Integer(),
      name: Type.String(),
      base_price: MoneyString,
      price: MoneyString,
      vat: Type.Boolean(),
    }),
  ),
});

export const ProductResponse = Type.Object({
  ...ProductSummary.properties,
  /**
   * The language of the product's texts: the store's, unless the catalogue lacks them in that language (an error the
   * catalogue linter reports); the page marks such texts with their own language.
   */
  content_language: LanguageSchema,
  /** The product page's <title> and meta description (search results); empty: the name and the short description. */
  meta_title: Type.String(),
  meta_description: Type.String(),
  description: Type.String(),
  /** The FAQ block: HTML sanitised by the server (headings, paragraphs, lists, emphasis, safe links only). */
  custom_text: Type.String(),
  /** A note shown with the product: HTML sanitised like custom_text. */
  tooltip: Nullable(Type.String()),
  /** null when the catalogue has no image ("no_selection"). */
  image: Nullable(Type.String()),
  thumbnail: Nullable(Type.String()),
  official_fee: MoneyString,
  tax_rate: Type.String(),
  stores: Type.Array(Type.String()),
  steps: Type.Array(Type.Array(Type.Integer())),
  options: Type.Array(OptionResponse),
  ...FormRulesResponse.properties,
});

/** The answer to a file question: the reference POST /api/uploads returned (only file_id counts; the rest is checked). */
export const FileReferenceIn = Type.Object(
  {
    file_id: Type.String({ minLength: 1, maxLength: 100 }),
    filename: Type.Optional(Type.String({ maxLength: 255 })),
    size: Type.Optional(Type.Integer({ minimum: 0 })),
    content_type: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

const FileReferenceShown = Type.Object({
  file_id: Type.String(),
  filename: Type.String(),
  size: Type.Integer(),
  content_type: Type.String(),
});

export const AnswerValue = Type.Union([
  FileReferenceIn,
  Type.String({ maxLength: 10_000 }),
  Type.Number(),
  Type.Array(Type.Union([Type.Integer(), Type.String({ maxLength: 50 })]), { maxItems: 200 }),
  Type.Null(),
]);

export const Answers = Type.Record(Type.String({ pattern: '^\\d+$' }), AnswerValue, {
  maxProperties: 300,
  additionalProperties: false,
});

export const EvaluateBody = Type.Object({ answers: Answers }, { additionalProperties: false });

export const PriceResponse = Type.Object({
  base: MoneyString,
  options: MoneyString,
  subtotal: MoneyString,
  tax: MoneyString,
  fees: MoneyString,
  /** Fee products added with the line, each with its own tax rule (included in total). */
  related: Type.Array(
    Type.Object({
      product_id: Type.Integer(),
      name: Type.String(),
      vat: Type.Boolean(),
      price: MoneyString,
      tax: MoneyString,
      total: MoneyString,
    }),
  ),
  total: MoneyString,
});

/** What the answers lead to; precedence exit > redirect > early_checkout > continue. */
export const OutcomeResponse = Type.Object({
  type: Type.Union([
    Type.Literal('continue'),
    Type.Literal('exit'),
    Type.Literal('redirect'),
    Type.Literal('early_checkout'),
  ]),
  /** exit: the message to show. */
  message: Type.Optional(Type.String()),
  /** exit: the rule that fired, its 0-based index in conditions_to_exit and its conditions (all of which hold). */
  rule: Type.Optional(Type.Object({ index: Type.Integer(), options: Type.Array(Condition) })),
  /** redirect: the product to move to, its url_key in this store, the 1-based page to resume at, the answers carried over. */
  product_id: Type.Optional(Type.Integer()),
  url_key: Type.Optional(Type.String()),
  step_saved: Type.Optional(Type.Integer()),
  answers: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.Integer()), FileReferenceShown])),
  ),
  /** early_checkout: option ids still asked on the confirmation page. */
  confirmation_options: Type.Optional(Type.Array(Type.Integer())),
});

export const EvaluateResponse = Type.Object({
  visible: Type.Array(Type.Integer()),
  errors: Type.Array(Type.Object({ option_id: Type.Integer(), message: Type.String() })),
  outcome: OutcomeResponse,
  answers: Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.Integer()), FileReferenceShown])),
  price: PriceResponse,
});
