import { Type, type TSchema } from 'typebox';

/** Prices in the API: strings with two decimals, as the spec shows them. */
export const MoneyString = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', examples: ['25.12'] });

export const ErrorResponse = Type.Object(
  {
    code: Type.String(),
    message: Type.String(),
    fields: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
    errors: Type.Optional(Type.Array(Type.Object({ option_id: Type.Integer(), message: Type.String() }))),
    /** PRODUCT_REDIRECT: the product the answers lead to and the page to resume at. */
    redirect: Type.Optional(
      Type.Object({ product_id: Type.Integer(), url_key: Type.Optional(Type.String()), step_saved: Type.Integer() }),
    ),
    /** CATALOG_INVALID: what the catalogue schema and linter refuse in a back-office edit. */
    problems: Type.Optional(
      Type.Array(
        Type.Object({
          rule: Type.String(),
          url_key: Type.String(),
          option_id: Type.Optional(Type.Integer()),
          path: Type.Optional(Type.String()),
          message: Type.String(),
        }),
      ),
    ),
  },
);

/** Error responses a route may give, for its schema. */
export function errors(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorResponse]));
}

export const StoreIdParam = Type.Integer({ minimum: 1, maximum: 99 });

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
};

/** A paginated list of T (spec: items, total, page, per_page). */
export function ListOf<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    per_page: Type.Integer(),
  });
}
