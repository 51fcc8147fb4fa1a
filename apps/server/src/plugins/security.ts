import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../shared/app-error.js';
import { findBadInput } from '../shared/bad-input.js';

const CSP_PAGES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

/** Headers of pages (HTML, assets): a CSP without inline scripts or styles, and the usual hardening. */
function pageHeaders(hsts: boolean): Record<string, string> {
  return {
    'content-security-policy': CSP_PAGES,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(hsts ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

/** Headers of JSON API answers (OWASP REST Security): nothing in them may run or be framed. */
function apiHeaders(hsts: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    ...(hsts ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of a request's answer (API or page), for answers given outside the onRequest hook. */
    securityHeaders(request: FastifyRequest): Record<string, string>;
  }
}

/**
 * The path a request is routed by: the matched route's pattern, or for an unmatched request its percent-decoded path
 * (the router decodes `/%61pi/...` into `/api/...`, so a decision on the raw URL could be sidestepped).
 */
export function routedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern !== undefined) return pattern;
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether a request is for the JSON API (by route, never by the raw URL). */
export function isApiRequest(request: FastifyRequest): boolean {
  return routedPath(request).startsWith('/api/');
}

/**
 * Security headers, computed once at boot rather than per request (the catalogue is read thousands of times a
 * second), and per-route rate limits.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const hsts = app.ctx.config.cookieSecure;
    const pages = pageHeaders(hsts);
    const api = apiHeaders(hsts);
    const headersFor = (request: FastifyRequest) => (isApiRequest(request) ? api : pages);
    app.decorate('securityHeaders', headersFor);
    // A callback hook, not async: no promise per request on the hottest path.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headersFor(request));
      done();
    });
    // Bad input is refused in one place for every route (400, never a 500 from the database): text with a NUL or a
    // lone surrogate, or a number that is not finite, anywhere in the path parameters, the query or a parsed body.
    // preHandler: after authentication and schema validation have had their say, before any handler runs.
    app.addHook('preHandler', (request, _reply, done) => {
      for (const [part, value] of [
        ['params', request.params],
        ['query', request.query],
        ['body', request.body],
      ] as const) {
        const bad = findBadInput(value);
        if (bad) {
          done(new AppError('VALIDATION_ERROR', `${part} ${bad.field}`, { fields: [bad] }));
          return;
        }
      }
      done();
    });
    // Not global: the read-mostly catalogue must stay fast. Routes opt in (login, register) with config.rateLimit.
    await app.register(rateLimit, { global: false });
  },
  { name: 'security', dependencies: ['context'] },
);
