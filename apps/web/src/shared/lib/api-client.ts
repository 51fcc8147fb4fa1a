import createClient, { type Middleware } from 'openapi-fetch';
import type { ApiOperation, CatalogProblem, FieldError, ItemLockInfo, Method, OptionError } from './api-contract';
import type { paths } from './api-schema';

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

/** The CSRF header for a state-changing request made outside the client (a streamed response read by hand). */
export function csrfHeaders(): Record<string, string> {
  return csrfToken ? { 'x-csrf-token': csrfToken } : {};
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);

/** A cancelled request (its signal aborted), whichever realm's DOMException carries it. */
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** A call is safe to repeat when its method is, or when it carries an Idempotency-Key (lib/retry-policy.ts). */
function isIdempotent(request: Request): boolean {
  return IDEMPOTENT.has(request.method) || request.headers.has('idempotency-key');
}

/** The ApiError of a non-2xx answer's status and parsed body (its `{code, message, ...}` when it has one). */
function apiErrorOf(status: number, parsed: unknown, idempotent: boolean): ApiError {
  const payload = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  return new ApiError({
    status,
    code: typeof payload.code === 'string' ? payload.code : `HTTP_${status}`,
    // Empty when the server said nothing useful: the UI then shows its own generic text.
    message: typeof payload.message === 'string' ? payload.message : '',
    errors: Array.isArray(payload.errors) ? (payload.errors as OptionError[]) : undefined,
    fields: Array.isArray(payload.fields) ? (payload.fields as FieldError[]) : undefined,
    problems: Array.isArray(payload.problems) ? (payload.problems as CatalogProblem[]) : undefined,
    lock: payload.lock && typeof payload.lock === 'object' ? (payload.lock as ItemLockInfo) : undefined,
    idempotent,
  });
}

/** The ApiError of a non-2xx answer (its `{code, message, ...}` body when it has one). */
export async function toApiError(response: Response, idempotent = false): Promise<ApiError> {
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    // Not JSON (a proxy error page, an empty body): keep the status only.
  }
  return apiErrorOf(response.status, parsed, idempotent);
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
 * The CSRF token on every state-changing request, and one retry with a fresh token when the server refused it
 * (CSRF_INVALID: the session rotated it); a second refusal is reported to the caller. A copy of each state-changing
 * request is kept until its answer, as the body of the first one is spent when it is sent.
 */
const csrf: Middleware = (() => {
  const copies = new Map<string, Request>();
  return {
    onRequest({ request, id }) {
      if (!UNSAFE.has(request.method)) return undefined;
      if (csrfToken) request.headers.set('x-csrf-token', csrfToken);
      copies.set(id, request.clone());
      return request;
    },
    async onResponse({ response, id }) {
      const copy = copies.get(id);
      copies.delete(id);
      if (!copy || response.status !== 403) return undefined;
      const error = await toApiError(response.clone());
      if (error.code !== 'CSRF_INVALID' || !(await refreshCsrfToken())) return undefined;
      if (csrfToken) copy.headers.set('x-csrf-token', csrfToken);
      return fetch(copy).catch((cause: unknown) => {
        if (isAbort(cause)) throw cause;
        throw new ApiError({ status: 0, code: NETWORK_ERROR, message: '', idempotent: isIdempotent(copy) });
      });
    },
    onError({ id }) {
      copies.delete(id);
      return undefined;
    },
  };
})();

/**
 * Every failure is an ApiError, as callers (retry-policy.ts, the forms, 401/423 handling) expect: a non-2xx answer with
 * its `{code, message, ...}` body, and status 0 for a request that never got an HTTP answer (an abort stays an abort).
 */
const errors: Middleware = {
  async onResponse({ request, response }) {
    if (!response.ok) throw await toApiError(response, isIdempotent(request));
    return undefined;
  },
  onError({ request, error }) {
    if (isAbort(error)) return undefined;
    return new ApiError({ status: 0, code: NETWORK_ERROR, message: '', idempotent: isIdempotent(request) });
  },
};

/** Plain objects go as JSON; FormData as multipart (the browser sets the boundary), a Blob as it is (a CSV import). */
function serializeBody(body: unknown): BodyInit {
  return body instanceof FormData || body instanceof Blob ? body : JSON.stringify(body);
}

/** The query string as before: values in order, empty ones ('', null, undefined) left out, lists repeated. */
function serializeQuery(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null && one !== '') search.append(key, String(one));
    }
  }
  return search.toString();
}

/** openapi-fetch bound to the contract, with the CSRF and error middlewares; calls go through `api` below. */
const client = createClient<paths>({
  // openapi-fetch builds a Request, which needs an absolute URL outside a browser page (jsdom in the tests).
  baseUrl: typeof location === 'undefined' ? '' : location.origin,
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  bodySerializer: serializeBody,
  querySerializer: serializeQuery,
  // Looked up at each call, not once: tests (MSW) replace the global fetch after this module loads. A body goes as
  // bytes, not as the Request's stream: the browser then sends it like any form post (a stream body is hidden from
  // the developer tools and from browser tests' request records, and some browsers refuse streams over HTTP/1.1).
  fetch: async (request) => {
    if (request.body === null) return fetch(request);
    const body = await request.arrayBuffer();
    return fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body,
      credentials: request.credentials,
      signal: request.signal,
      redirect: request.redirect,
      cache: request.cache,
    });
  },
});
// Answers pass through the middlewares last to first: the CSRF retry sees a 403 before it becomes an ApiError.
client.use(errors, csrf);

type Operation<P extends keyof paths, M extends Method> = ApiOperation<P, M>;
type Responses<P extends keyof paths, M extends Method> = Operation<P, M> extends { responses: infer R } ? R : never;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : undefined;
/** The body of a route's success answers (undefined for a 204). */
export type ApiSuccess<P extends keyof paths, M extends Method> = {
  [S in keyof Responses<P, M>]: S extends 200 | 201 | 202 | 204 ? JsonOf<Responses<P, M>[S]> : never;
}[keyof Responses<P, M>];
/** The documented paths that answer a method. */
export type PathOf<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, unknown> ? P : never;
}[keyof paths];

/**
 * Everything in the URL is sent as text: a number may come as the text it was read from (a route parameter), and a
 * free-text parameter may be given a number. Enumerations stay exact.
 */
type Loose<V> = V extends number ? V | string : V extends string ? (string extends V ? V | number : V) : V;
type InUrl<T> = { [K in keyof T]: Loose<T[K]> };
type UrlParams<Q> = (Q extends { path: infer Path } ? { path: InUrl<Path> } : unknown) &
  (Q extends { query?: infer Query } ? (unknown extends Query ? unknown : { query?: InUrl<Query> }) : unknown);
type ParamsPart<O> = O extends { parameters: infer Q }
  ? Q extends { path: object }
    ? { params: UrlParams<Q> }
    : [keyof UrlParams<Q>] extends [never]
      ? unknown
      : { params?: UrlParams<Q> }
  : unknown;
/** A documented JSON body (or the CSV text of a text/csv route); a route with none may take a multipart form. */
type BodyOf<C> = C extends { 'text/csv': unknown } ? Blob : C[keyof C];
type BodyPart<O> = O extends { requestBody?: infer B }
  ? [NonNullable<B>] extends [never]
    ? { body?: FormData }
    : NonNullable<B> extends { content: infer C }
      ? undefined extends B
        ? { body?: BodyOf<C> }
        : { body: BodyOf<C> }
      : { body?: FormData }
  : { body?: FormData };
type Init<P extends keyof paths, M extends Method> = ParamsPart<Operation<P, M>> &
  BodyPart<Operation<P, M>> & { signal?: AbortSignal; headers?: Record<string, string> };
/** A route's path parameters (none: an empty object). */
export type PathParams<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: { path: infer Path } } ? InUrl<Path> : Record<string, never>;

/** A documented path with its parameters filled in (`/api/x/{id}` -> `/api/x/7`), as openapi-fetch does. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String(params[name])));
}

type ApiMethod<M extends Method> = <P extends PathOf<M>>(
  path: P,
  ...init: object extends Init<P, M> ? [Init<P, M>?] : [Init<P, M>]
) => Promise<ApiSuccess<P, M>>;

function method<M extends Method>(name: M): ApiMethod<M> {
  const call = async (path: string, init?: object) => {
    // openapi-fetch's own types remap branded types (MoneyString) into plain objects: Init and ApiSuccess instead.
    const { data } = await client.request(name, path as never, init as never);
    return data as unknown;
  };
  return call as ApiMethod<M>;
}

/**
 * The API, bound to the contract (api-schema.d.ts, generated from the server's route schemas): the path is a
 * documented one, its `params` ({path, query}) and `body` are the route's, and the promise resolves to the route's
 * success body (undefined for 204), so no call names a type for a URL. Any failure rejects with an ApiError (status 0
 * when no HTTP answer came); the client never navigates or shows messages: callers decide what an error means.
 */
export const api = {
  GET: method('get'),
  POST: method('post'),
  PUT: method('put'),
  PATCH: method('patch'),
  DELETE: method('delete'),
};

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
