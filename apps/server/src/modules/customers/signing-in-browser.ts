import type { FastifyRequest } from 'fastify';
import { REMEMBER_COOKIE, type SigningInBrowser } from './remember-me.service.js';

/** What the remember-me step of a sign-in reads of the request (rememberThisBrowser takes plain values). */
export function browserOf(request: FastifyRequest): SigningInBrowser {
  return { rememberCookie: request.cookies[REMEMBER_COOKIE], userAgent: request.headers['user-agent'] ?? '' };
}
