import {
  http,
  HttpResponse,
  type DefaultBodyType,
  type HttpResponseResolver,
  type JsonBodyType,
  type PathParams,
} from 'msw';
import { setupServer } from 'msw/node';
import type { ApiOperation, ErrorBody } from '../lib/api-contract';
import type { paths } from '../lib/api-schema';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type Responses<P extends keyof paths, M extends Method> = ApiOperation<P, M> extends { responses: infer R } ? R : never;
type RequestJson<P extends keyof paths, M extends Method> =
  ApiOperation<P, M> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;

/** The JSON body a route answers with on success (200, else 201 or 204's nothing). */
type SuccessJson<P extends keyof paths, M extends Method> = 200 extends keyof Responses<P, M>
  ? JsonOf<Responses<P, M>[200]>
  : 201 extends keyof Responses<P, M>
    ? JsonOf<Responses<P, M>[201]>
    : undefined;

type Resolved<P extends keyof paths, M extends Method> = SuccessJson<P, M> | Response;

/** `/api/stores/{storeId}/x` -> `/api/stores/:storeId/x`, MSW's path syntax. */
function mswPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * An MSW handler for a route of the API contract (api-schema.d.ts): the path must be a documented one, the request
 * body is the route's, and the resolver answers with the route's success body (sent as JSON) or a Response
 * (`apiError(409, ...)`). A contract change breaks the tests' typecheck, as it breaks the app's.
 */
/**
 * Paths without parameters that some handler answers, per method (`post /api/backoffice/templates/preview`). The
 * server's router prefers such a static route to a parametric one (`/api/backoffice/templates/{kind}`), whatever the
 * order they were registered in; the handlers do too: a parametric handler lets a request for one of these through.
 */
const literalPaths = new Set<string>();

export function handler<P extends keyof paths, M extends Method>(
  method: M,
  path: P,
  resolver: (
    info: Parameters<HttpResponseResolver<PathParams<string>, RequestJson<P, M> & DefaultBodyType>>[0],
  ) => Resolved<P, M> | Promise<Resolved<P, M>>,
) {
  const parametric = path.includes('{');
  if (!parametric) literalPaths.add(`${method} ${path}`);
  return http[method]<PathParams<string>, RequestJson<P, M> & DefaultBodyType>(mswPath(path), async (info) => {
    if (parametric && literalPaths.has(`${method} ${new URL(info.request.url).pathname}`)) return undefined;
    const body = await resolver(info);
    if (body instanceof Response) return body;
    return body === undefined ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(body as JsonBodyType);
  });
}

/** The API's error answer: `{ code, message }` with a status (409 conflict, 422 invalid, 403 forbidden...). */
export function apiError(status: number, body: ErrorBody): Response {
  return HttpResponse.json(body, { status });
}

/** What every screen asks whatever it shows (the store's name for the document title). */
const appHandlers = [
  handler('get', '/api/stores/{storeId}', ({ params }) => ({
    store_id: Number(params.storeId),
    name: 'Ventanilla',
    language: 'es' as const,
    country: 'ES',
    vat_rate: '21.00',
    currency: 'EUR',
    order_prefix: 'V',
  })),
];

/**
 * The tests' mock API: the app's handlers, plus each test's (`server.use`); any other request fails the test
 * (onUnhandledRequest: 'error').
 */
export const server = setupServer(...appHandlers);
