import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorResponse } from '../shared/http-schemas.js';

const BODY_LESS = new Set(['GET', 'HEAD']);

/**
 * The error statuses any route of this shape can answer, whatever its handler does: 400 (the bad-input check reads
 * every query, and the router refuses an undecodable path), 500 and 503 (the database is down) everywhere; 414 with a
 * path parameter (longer than maxParamLength); with a body, 413 (too large), 415 (unsupported content type) and 403
 * (no CSRF token) unless the route opts out of the token; 401 and 403 in the protected group (it declares a
 * permission); 429 where a rate limit applies.
 */
export function implicitErrorStatuses(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): number[] {
  const methods = [route.method].flat();
  const config = (route.config ?? {}) as { permission?: unknown; rateLimit?: unknown; csrf?: boolean };
  const statuses = new Set([400, 500, 503]);
  if (route.url.includes(':')) statuses.add(414);
  if (methods.some((m) => !BODY_LESS.has(m))) {
    statuses.add(413).add(415);
    if (config.csrf !== false) statuses.add(403);
  }
  if (config.permission) statuses.add(401).add(403);
  if (config.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Declares on every route, as it is registered, the error statuses its shape implies (implicitErrorStatuses) with the
 * error body, unless the route declares that status itself: every answer is in the OpenAPI document by construction,
 * and its body is serialised by the error schema. Routes of the protected group are marked as needing the session.
 * Registered before any route.
 */
export default fp(
  async function errorStatusesPlugin(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      const schema = (route.schema ??= {}) as NonNullable<RouteOptions['schema']> & {
        hide?: boolean;
        security?: unknown;
      };
      if (schema.hide) return;
      const response = { ...(schema.response as Record<string, unknown> | undefined) };
      for (const status of implicitErrorStatuses(route)) response[status] ??= ErrorResponse;
      schema.response = response;
      // The protected group's routes need the session cookie of a signed-in account (the document says so).
      if ((route.config as { permission?: unknown } | undefined)?.permission) schema.security ??= [{ session: [] }];
    });
  },
  { name: 'error-statuses' },
);
