import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

/**
 * Security headers, computed once at boot rather than per request (the catalogue is read thousands of times a
 * second), and per-route rate limits.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const hsts = app.ctx.config.cookieSecure;
    const pages = pageHeaders(hsts);
    const api = apiHeaders(hsts);
    // A callback hook, not async: no promise per request on the hottest path.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith('/api/') ? api : pages);
      done();
    });
    // Not global: the read-mostly catalogue must stay fast. Routes opt in (login, register) with config.rateLimit.
    await app.register(rateLimit, { global: false });
  },
  { name: 'security', dependencies: ['context'] },
);
