import type { CatalogProblem, FieldError, ItemLockInfo, OptionError } from './api-contract';

/** A failed API call: HTTP status plus the server's `{code, message, errors?, fields?}` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: OptionError[] | undefined;
  readonly fields: FieldError[] | undefined;
  /** CATALOG_INVALID: the catalogue schema's and linter's problems (back-office catalogue editing). */
  readonly problems: CatalogProblem[] | undefined;
  /** ITEM_LOCKED (423): who holds the item's lock. */
  readonly lock: ItemLockInfo | undefined;
  /** The call is safe to repeat (GET, PUT, DELETE, or carried an Idempotency-Key): lib/retry-policy.ts. */
  readonly idempotent: boolean;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    errors?: OptionError[];
    fields?: FieldError[];
    problems?: CatalogProblem[];
    lock?: ItemLockInfo;
    idempotent?: boolean;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
    this.fields = init.fields;
    this.problems = init.problems;
    this.lock = init.lock;
    this.idempotent = init.idempotent ?? false;
  }
}

/** Status 0: the request never got an HTTP answer (offline, DNS, aborted proxy). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

let csrfToken: string | null = null;

/** Remembers the token from GET /api/session; sent as x-csrf-token on every state-changing request. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** The CSRF header for a state-changing request made outside apiRequest (a streamed response read by hand). */
export function csrfHeaders(): Record<string, string> {
  return csrfToken ? { 'x-csrf-token': csrfToken } : {};
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain objects are sent as JSON; FormData as multipart (the browser sets the boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);

function isIdempotent(options: RequestOptions): boolean {
  if (IDEMPOTENT.has(options.method ?? 'GET')) return true;
  return Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === 'idempotency-key');
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    // A Blob goes as it is, with its own type (a CSV import is text/csv).
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (UNSAFE.has(method) && csrfToken) headers['x-csrf-token'] = csrfToken;
  return fetch(path, { method, headers, body, credentials: 'same-origin', signal: options.signal });
}

/** The ApiError of a non-2xx answer (its `{code, message, ...}` body when it has one). */
export async function toApiError(response: Response, idempotent = false): Promise<ApiError> {
  let payload: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') payload = parsed as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy error page, an empty body): keep the status only.
  }
  return new ApiError({
    status: response.status,
    code: typeof payload.code === 'string' ? payload.code : `HTTP_${response.status}`,
    // Empty when the server said nothing useful: the UI then shows its own generic text.
    message: typeof payload.message === 'string' ? payload.message : '',
    errors: Array.isArray(payload.errors) ? (payload.errors as OptionError[]) : undefined,
    fields: Array.isArray(payload.fields) ? (payload.fields as FieldError[]) : undefined,
    problems: Array.isArray(payload.problems) ? (payload.problems as CatalogProblem[]) : undefined,
    lock: payload.lock && typeof payload.lock === 'object' ? (payload.lock as ItemLockInfo) : undefined,
    idempotent,
  });
}

/** Fetches a fresh token when the session rotated it (e.g. after it expired server-side). */
export async function refreshCsrfToken(): Promise<boolean> {
  const response = await fetch('/api/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) return false;
  const session = (await response.json()) as { csrf_token?: unknown };
  if (typeof session.csrf_token !== 'string') return false;
  setCsrfToken(session.csrf_token);
  return true;
}

/**
 * Calls the API and returns the parsed JSON body (undefined for 204). Throws ApiError for any non-2xx answer and for
 * network failures (status 0). It never navigates or shows messages: callers decide what an error means.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await send(path, options);
    const method = options.method ?? 'GET';
    if (response.status === 403 && UNSAFE.has(method)) {
      const error = await toApiError(response.clone());
      // One retry with a fresh token; a second refusal is reported to the caller.
      if (error.code === 'CSRF_INVALID' && (await refreshCsrfToken())) response = await send(path, options);
    }
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: NETWORK_ERROR, message: '', idempotent: isIdempotent(options) });
  }
  if (!response.ok) throw await toApiError(response, isIdempotent(options));
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    apiRequest<T>(path, { method: 'POST', body, headers }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** Builds a query string, leaving out empty values. */
export function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
