import { Type } from 'typebox';
import { MoneyString } from '../../shared/http-schemas.js';

export const StoreResponse = Type.Object({
  store_id: Type.Integer(),
  name: Type.String(),
  language: Type.String(),
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

export const CategoriesResponse = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      url_key: Type.String(),
      short_name: Type.String(),
      description: Type.String(),
      position: Type.Integer(),
      products: Type.Array(ProductSummary),
    }),
  ),
});

export const ProductsResponse = Type.Object({ items: Type.Array(ProductSummary) });

export const OptionResponse = Type.Object({
  option_id: Type.Integer(),
  product_id: Type.Integer(),
  type: Type.String(),
  is_require: Type.Integer(),
  title: Type.String(),
  placeholder: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  price: MoneyString,
  index: Type.Integer(),
  max_length: Type.Union([Type.Integer(), Type.Null()]),
  previous_steps: Type.Array(
    Type.Object({ option_id: Type.Integer(), value: Type.String(), op: Type.Optional(Type.String()) }),
  ),
  opt_values: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), price: MoneyString })),
});

export const ProductResponse = Type.Object({
  ...ProductSummary.properties,
  description: Type.String(),
  custom_text: Type.String(),
  tooltip: Type.Union([Type.String(), Type.Null()]),
  image: Type.String(),
  thumbnail: Type.String(),
  official_fee: MoneyString,
  tax_rate: Type.String(),
  stores: Type.Array(Type.String()),
  steps: Type.Array(Type.Array(Type.Integer())),
  options: Type.Array(OptionResponse),
});

export const AnswerValue = Type.Union([
  Type.String({ maxLength: 10_000 }),
  Type.Number(),
  Type.Array(Type.Union([Type.Integer(), Type.String({ maxLength: 50 })]), { maxItems: 200 }),
  Type.Null(),
]);

export const Answers = Type.Record(Type.String({ pattern: '^\\d+$' }), AnswerValue, { maxProperties: 300, additionalProperties: false });

export const EvaluateBody = Type.Object({ answers: Answers }, { additionalProperties: false });

export const PriceResponse = Type.Object({
  base: MoneyString,
  options: MoneyString,
  subtotal: MoneyString,
  tax: MoneyString,
  fees: MoneyString,
  total: MoneyString,
});

export const EvaluateResponse = Type.Object({
  visible: Type.Array(Type.Integer()),
  errors: Type.Array(Type.Object({ option_id: Type.Integer(), message: Type.String() })),
  outcome: Type.Object({
    type: Type.String(),
    message: Type.Optional(Type.String()),
    product_id: Type.Optional(Type.Integer()),
  }),
  answers: Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.Integer())])),
  price: PriceResponse,
});
