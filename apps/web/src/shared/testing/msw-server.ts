import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import type { paths } from '../lib/api-schema';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type Responses<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R } ? R : never;
type RequestJson<P extends keyof paths, M extends Method> = paths[P][M] extends { requestBody?: infer B }
  ? JsonOf<NonNullable<B>>
  : never;

/** Any JSON body the route documents, for any of its statuses (200, 409, 422...). */
type ResponseJson<P extends keyof paths, M extends Method> = {
  [S in keyof Responses<P, M>]: JsonOf<Responses<P, M>[S]>;
}[keyof Responses<P, M>];

/** `/api/stores/{storeId}/x` -> `/api/stores/:storeId/x`, MSW's path syntax. */
type MswPath<P extends string> = P extends `${infer A}{${infer Name}}${infer B}` ? `${A}:${Name}${MswPath<B>}` : P;

function mswPath<P extends string>(path: P): MswPath<P> {
  return path.replace(/\{(\w+)\}/g, ':$1') as MswPath<P>;
}

/**
 * An MSW handler for a route of the API contract (api-schema.d.ts): the path must be a documented one, and the
 * resolver may only answer with a body one of its documented responses has — a contract change breaks the tests'
 * typecheck, as it breaks the app's.
 */
export function handler<P extends keyof paths, M extends Method>(
  method: M & (paths[P][M] extends undefined | never ? never : M),
  path: P,
  resolver: HttpResponseResolver<PathParams, RequestJson<P, M> & DefaultBodyType, ResponseJson<P, M> & DefaultBodyType>,
) {
  return http[method](mswPath(path), resolver);
}

/** A JSON answer typed by the route's documented responses (`json(body, 409)`). */
export function json<T extends DefaultBodyType>(body: T, status = 200) {
  return HttpResponse.json(body, { status });
}

/** The tests' mock API: every request not answered by a handler fails the test (onUnhandledRequest: 'error'). */
export const server = setupServer();
