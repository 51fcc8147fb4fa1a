import { Type, type TSchema } from 'typebox';
import {
  CLIENT_STATUS_KEYS,
  CLIENT_STATUS_STYLES,
  LANGUAGES,
  ORDER_STATUSES,
  PANEL_STATUS_IDS,
  PAYMENT_STATUSES,
  MONEY_PATTERNS,
} from '@ventanilla/domain';
import type { ErrorCode } from './app-error.js';

/** The title that marks the error-code schema (ErrorCodeSchema) for the OpenAPI document. */
export const ERROR_CODE_TITLE = 'ErrorCode';

/** A value or null (OpenAPI: `nullable: true`); the one way route schemas say "may be null". */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/**
 * A request's id that may be null ("unlink", "take it back"). Not Nullable(Integer): Ajv's type coercion turns 0 (and
 * "" and false) into null for a `type: null` branch, so `0` silently meant "unlink"; `const: null` is not coerced, so
 * 0, negative and huge ids are 400.
 */
export function NullableId(options: { description?: string } = {}) {
  // null first: the integer branch would coerce null to 0 (and fail) before `const: null` saw it.
  return Type.Union([
    Type.Unsafe<null>({ const: null }),
    Type.Integer({ minimum: 1, maximum: 2_147_483_647, ...options }),
  ]);
}

/** One of a fixed list of strings or numbers (an `enum` in the OpenAPI document, a union in the web's types). */
export function OneOf<const V extends readonly (string | number)[]>(values: V, options: { description?: string } = {}) {
  const type = values.every((v) => typeof v === 'string') ? 'string' : 'integer';
  return Type.Enum([...values] as V[number][], { type, ...options });
}

/** A store language. */
export const LanguageSchema = OneOf(LANGUAGES);
/** One of the 24 back-office statuses of an order item (packages/domain/src/orders/panel-status.ts). */
export const PanelStatusIdSchema = OneOf(PANEL_STATUS_IDS);
/** An order's commercial status. */
export const OrderStatusSchema = OneOf(ORDER_STATUSES);
/** A payment attempt's status. */
export const PaymentStatusSchema = OneOf(PAYMENT_STATUSES);
/** What the customer sees of an item's status: its key ('unknown': the spec's "Estado no encontrado"), text and tone. */
export const ClientStatusSchema = Type.Object({
  key: OneOf([...CLIENT_STATUS_KEYS, 'unknown']),
  text: Type.String(),
  style: OneOf(CLIENT_STATUS_STYLES),
});

/** Prices in the API: strings with two decimals, as the spec shows them. */
export const MoneyString = Type.String({ pattern: MONEY_PATTERNS.moneyString, examples: ['25.12'] });

/**
 * The `code` of every error response: one of the server's error codes. The codes are the shared ones and the modules'
 * (src/shared/error-registry.ts), known only at boot: the OpenAPI document replaces this schema (by its title) with its
 * `ErrorCode` component, which lists them.
 */
export const ErrorCodeSchema = Type.Unsafe<ErrorCode>({ type: 'string', title: ERROR_CODE_TITLE });

/** An item's exclusive lock: who holds it (id and name) and until when (docs/backoffice.md, "Locks and the queue"). */
export const ItemLockSchema = Type.Object({
  item_id: Type.Integer(),
  locked_by: Type.Integer(),
  locked_by_name: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
});

export const ErrorResponse = Type.Object({
  code: ErrorCodeSchema,
  message: Type.String(),
  fields: Type.Optional(
    Type.Array(Type.Object({ field: Type.String(), message: Type.String(), code: Type.Optional(Type.String()) })),
  ),
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
});

/** 423 ITEM_LOCKED: the error with the lock another agent holds. */
export const LockedResponse = Type.Object({ ...ErrorResponse.properties, lock: ItemLockSchema });

/**
 * An answer that is not JSON (a file, a page, CSV, an event stream): a text or binary body in each of its media types,
 * so the document says what the client gets. Fastify sends such bodies as they are (no serialiser runs on a Buffer, a
 * string or a stream).
 */
export function NotJson(mediaTypes: readonly string[], options: { description?: string; binary?: boolean } = {}) {
  const schema = { type: 'string', ...(options.binary ? { format: 'binary' } : {}) };
  return Type.Unsafe<unknown>({
    description: options.description ?? mediaTypes.join(', '),
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])),
  });
}

/** The file types stored for orders (checked by their bytes: modules/files/upload-check.ts). */
export const StoredFile = NotJson(['application/pdf', 'image/jpeg', 'image/png'], { binary: true });
/** A generated PDF. */
export const PdfFile = NotJson(['application/pdf'], { binary: true });

/** Error responses a route may give, for its schema. */
export function errors(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((s) => [s, s === 423 ? LockedResponse : ErrorResponse]));
}

export const StoreIdParam = Type.Integer({ minimum: 1, maximum: 99 });

/** The largest id PostgreSQL's `integer` holds: ids beyond it name nothing and are refused by the schema (400). */
export const MAX_ID = 2_147_483_647;
/** A row id in a path or a query: a positive `integer` of the database. */
export const IdParam = Type.Integer({ minimum: 1, maximum: MAX_ID });

/** The longest a product's url key may be in a path. */
export const URL_KEY_MAX_LENGTH = 120;
export const UrlKeyParam = Type.String({ maxLength: URL_KEY_MAX_LENGTH });

/**
 * The server's maxParamLength: the longest path parameter any route documents (the url key; a test computes it from
 * the OpenAPI document), counted as the router counts it, percent-encoded: each UTF-16 unit is at most 3 UTF-8 bytes
 * of 3 characters each. A longer parameter is a 414 URI_TOO_LONG.
 */
export const MAX_PATH_PARAM_LENGTH = URL_KEY_MAX_LENGTH * 9;

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
