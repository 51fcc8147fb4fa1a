import type { DomainMessage } from '@ventanilla/domain';
import type { ServerMessageKey } from '../i18n/server-messages.js';

/** Error codes the API returns; each maps to one HTTP status (see HTTP_STATUS). */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_ERROR'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CSRF_INVALID'
  | 'INVALID_CREDENTIALS'
  | 'TOO_MANY_ATTEMPTS'
  | 'EMAIL_TAKEN'
  | 'RESET_TOKEN_INVALID'
  | 'SIGN_IN_LINK_INVALID'
  | 'INVALID_ANSWERS'
  | 'FORM_EXIT'
  | 'PRODUCT_REDIRECT'
  | 'CART_EMPTY'
  | 'CART_ITEM_NOT_FOUND'
  | 'ORDER_ALREADY_PAID'
  | 'NO_PENDING_TRANSFER'
  | 'PAYMENT_METHOD_UNAVAILABLE'
  | 'PAYMENT_PROVIDER_ERROR'
  | 'STALE_ITEM'
  | 'ITEM_LOCKED'
  | 'LOCK_EXPIRED'
  | 'ITEM_NOT_EDITABLE'
  | 'PRICE_CHANGE_NOT_ALLOWED'
  | 'UNKNOWN_STATUS'
  | 'FILE_TOO_LARGE'
  | 'FILE_TYPE_NOT_ALLOWED'
  | 'FILE_MISSING'
  | 'FILE_EMPTY'
  | 'TOO_MANY_UPLOADS'
  | 'UPLOAD_IN_USE'
  | 'BAD_SIGNATURE'
  | 'CATALOG_INVALID'
  | 'STALE_CATALOG'
  | 'UNAVAILABLE'
  | 'DATABASE_UNAVAILABLE'
  | 'REFUND_AMOUNT_INVALID'
  | 'REFUND_FAILED'
  | 'VERSION_CONFLICT'
  | 'ITEM_ACTION_REFUSED'
  | 'WITHDRAWAL_REFUSED'
  | 'TEMPLATE_EXISTS'
  | 'INCIDENCE_NOT_OPEN'
  | 'IMPERSONATION_REFUSED'
  | 'IMPERSONATION_READ_ONLY'
  | 'NOT_IMPERSONATING'
  | 'AGENT_CHANGE_REFUSED'
  | 'CUSTOMER_CHANGED'
  | 'SAVED_ITEM_EXISTS'
  | 'SAVED_ITEMS_LIMIT'
  | 'PAY_LINK_EXPIRED'
  | 'ASSISTANT_NOT_CONFIGURED'
  | 'ASSISTANT_DISABLED'
  | 'ASSISTANT_BUSY'
  | 'CONTENT_TOO_LARGE'
  | 'PDF_FAILED'
  | 'EMAIL_CHANGE_TOKEN_INVALID'
  | 'ACCOUNT_HAS_OPEN_ORDERS'
  | 'PUSH_SUBSCRIPTIONS_LIMIT'
  | 'REMEMBER_INVALID'
  | 'REMEMBER_RETRY'
  | 'OIDC_NOT_CONFIGURED'
  | 'OIDC_FAILED'
  | 'OIDC_EMAIL_NOT_VERIFIED'
  | 'OIDC_NO_ROLE'
  | 'OAUTH_REQUEST_TOKEN_FAILED'
  | 'OAUTH_ACCESS_DENIED'
  | 'REQUEST_TOO_LARGE'
  | 'URI_TOO_LONG'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INTERNAL';

/** The one place codes become HTTP statuses (exhaustive: adding a code without a status does not compile). */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CSRF_INVALID: 403,
  INVALID_CREDENTIALS: 401,
  TOO_MANY_ATTEMPTS: 429,
  EMAIL_TAKEN: 409,
  RESET_TOKEN_INVALID: 400,
  SIGN_IN_LINK_INVALID: 400,
  INVALID_ANSWERS: 422,
  FORM_EXIT: 422,
  PRODUCT_REDIRECT: 409,
  CART_EMPTY: 409,
  CART_ITEM_NOT_FOUND: 404,
  ORDER_ALREADY_PAID: 409,
  NO_PENDING_TRANSFER: 409,
  PAYMENT_METHOD_UNAVAILABLE: 400,
  PAYMENT_PROVIDER_ERROR: 502,
  STALE_ITEM: 409,
  ITEM_LOCKED: 423,
  LOCK_EXPIRED: 409,
  ITEM_NOT_EDITABLE: 409,
  PRICE_CHANGE_NOT_ALLOWED: 409,
  UNKNOWN_STATUS: 400,
  FILE_TOO_LARGE: 413,
  FILE_TYPE_NOT_ALLOWED: 415,
  FILE_MISSING: 400,
  FILE_EMPTY: 400,
  TOO_MANY_UPLOADS: 429,
  UPLOAD_IN_USE: 409,
  BAD_SIGNATURE: 400,
  CATALOG_INVALID: 422,
  STALE_CATALOG: 409,
  UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  REFUND_AMOUNT_INVALID: 422,
  REFUND_FAILED: 502,
  VERSION_CONFLICT: 409,
  ITEM_ACTION_REFUSED: 409,
  WITHDRAWAL_REFUSED: 409,
  TEMPLATE_EXISTS: 409,
  INCIDENCE_NOT_OPEN: 409,
  IMPERSONATION_REFUSED: 409,
  IMPERSONATION_READ_ONLY: 403,
  NOT_IMPERSONATING: 409,
  AGENT_CHANGE_REFUSED: 409,
  CUSTOMER_CHANGED: 409,
  SAVED_ITEM_EXISTS: 409,
  SAVED_ITEMS_LIMIT: 409,
  REMEMBER_INVALID: 401,
  REMEMBER_RETRY: 409,
  OIDC_NOT_CONFIGURED: 404,
  OIDC_FAILED: 401,
  OIDC_EMAIL_NOT_VERIFIED: 403,
  OIDC_NO_ROLE: 403,
  OAUTH_REQUEST_TOKEN_FAILED: 401,
  OAUTH_ACCESS_DENIED: 401,
  PAY_LINK_EXPIRED: 410,
  ASSISTANT_NOT_CONFIGURED: 503,
  ASSISTANT_DISABLED: 409,
  ASSISTANT_BUSY: 429,
  CONTENT_TOO_LARGE: 413,
  PDF_FAILED: 500,
  EMAIL_CHANGE_TOKEN_INVALID: 400,
  ACCOUNT_HAS_OPEN_ORDERS: 409,
  PUSH_SUBSCRIPTIONS_LIMIT: 409,
  REQUEST_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL: 500,
};

const MESSAGE_KEY: Partial<Record<ErrorCode, ServerMessageKey>> = {
  VALIDATION_ERROR: 'BAD_REQUEST',
  BAD_SIGNATURE: 'BAD_REQUEST',
};

/** Every error code, for the error responses' schema (one list: the keys of HTTP_STATUS). */
export const ERROR_CODES = Object.keys(HTTP_STATUS) as ErrorCode[];

/** The catalogue key of a code's user message. */
export function messageKeyFor(code: ErrorCode): ServerMessageKey {
  return MESSAGE_KEY[code] ?? (code as ServerMessageKey);
}

/** A refused field: a server message key, or a message of the domain's rules (registration, password policy). */
export type FieldError = (
  | { field: string; key: ServerMessageKey; params?: Record<string, string | number> }
  | { field: string; message: DomainMessage }
) & {
  /** A machine-readable reason, when the rule has one (the search filter's `unknown_param`, `bad_date`...). */
  code?: string;
};

export interface OptionErrorOut {
  option_id: number;
  message: string;
}

export interface CatalogProblemOut {
  rule: string;
  url_key: string;
  option_id?: number;
  /** Where in the form file (JSON keys), when known: `options[5].previous_steps`. */
  path?: string;
  message: string;
}

export interface RedirectOut {
  product_id: number;
  url_key?: string;
  step_saved: number;
}

/** An item's exclusive lock (docs/backoffice.md, "Locks and the queue"). */
export interface LockOut {
  item_id: number;
  locked_by: number;
  locked_by_name: string;
  expires_at: string;
}

/** An expected failure with a code, an internal detail for logs, and optional per-field errors. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    detail?: string,
    readonly extra: {
      fields?: FieldError[];
      errors?: OptionErrorOut[];
      params?: Record<string, string | number>;
      /** PRODUCT_REDIRECT: where the answers lead. */
      redirect?: RedirectOut;
      /** CATALOG_INVALID: the schema's and the catalogue linter's problems, already in the user's language. */
      problems?: CatalogProblemOut[];
      /** ITEM_LOCKED: who holds the item's lock and until when. */
      lock?: LockOut;
      /** The user message when the code's own does not fit (a ticket's lock says "ticket", not "pedido"). */
      messageKey?: ServerMessageKey;
      /** The error behind it, when there is one (an unreachable database under a provider's failure answers 503). */
      cause?: unknown;
    } = {},
  ) {
    super(detail ?? code, extra.cause === undefined ? undefined : { cause: extra.cause });
  }
}
