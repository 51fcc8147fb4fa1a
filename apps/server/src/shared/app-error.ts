import type { DomainMessage } from '@ventanilla/domain';
import type { ServerMessageKey } from '../i18n/server-messages.js';

/** What an error code answers: its HTTP status, or the status and the key of its message when that is not the code. */
export type ErrorStatus = number | { readonly status: number; readonly messageKey: ServerMessageKey };

/** Error codes and what each answers: the shared table below, and each module's in its `<name>.errors.ts`. */
export type ErrorTable = Readonly<Record<string, ErrorStatus>>;

/**
 * The shared error codes: HTTP itself, sessions and permissions, validation, the database, optimistic concurrency
 * (docs/architecture.md, "Errors and messages"). A module's own codes are declared in its `<name>.errors.ts` and
 * listed in its ServerModule's `errors`; the app's error registry puts them together at boot.
 */
export const SHARED_ERRORS = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: { status: 400, messageKey: 'BAD_REQUEST' },
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CSRF_INVALID: 403,
  TOO_MANY_ATTEMPTS: 429,
  FILE_TOO_LARGE: 413,
  UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  VERSION_CONFLICT: 409,
  IMPERSONATION_READ_ONLY: 403,
  REQUEST_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL: 500,
} as const satisfies ErrorTable;

/**
 * The modules' error codes, by module: each module augments this interface with its table in its `<name>.errors.ts`
 * (`interface ModuleErrorCodes { cart: typeof CART_ERRORS }`), so `new AppError(code)` takes exactly the declared codes.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declaration merging
export interface ModuleErrorCodes {}

/** A code of the modules' tables. */
export type ModuleErrorCode = {
  [M in keyof ModuleErrorCodes]: keyof ModuleErrorCodes[M] & string;
}[keyof ModuleErrorCodes];

/** Error codes the API returns; each maps to one HTTP status (the error registry, built from the module list). */
export type ErrorCode = keyof typeof SHARED_ERRORS | ModuleErrorCode;

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
