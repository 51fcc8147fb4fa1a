import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers (a CSP without inline scripts or styles) and per-route rate limits. */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
        },
      },
      // Same-origin pages only; the payment providers are reached by top-level redirects.
      crossOriginEmbedderPolicy: false,
      hsts: app.ctx.config.cookieSecure ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    });
    // Not global: the read-mostly catalogue must stay fast. Routes opt in (login, register) with config.rateLimit.
    await app.register(rateLimit, { global: false });
  },
  { name: 'security', dependencies: ['context'] },
);
