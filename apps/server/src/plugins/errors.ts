import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translateDomainMessage, type Language } from '@ventanilla/domain';
import { isDatabaseUnavailableError } from '../db/connection.js';
import { sqlState } from '../db/sql-state.js';
import { findSession } from '../modules/customers/index.js';
import { SESSION_COOKIE } from './session.js';
import { AppError, type ErrorCode } from '../shared/app-error.js';
import type { ErrorRegistry } from '../shared/error-registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every error code's status and the messages, shared and the modules' (built by buildApp from the module list). */
    errorRegistry: ErrorRegistry;
  }
}

/** PostgreSQL's class 22 (data exception: out of range, invalid text representation, bad encoding), however wrapped. */
function isDataException(err: unknown): boolean {
  return sqlState(err)?.startsWith('22') ?? false;
}

// The embedded database is back within seconds after a crash (it is restarted at once); a server of its own too.
const DATABASE_RETRY_AFTER_S = 5;

/**
 * The contract's code of a 4xx that Fastify or one of its plugins raised (its status kept when the contract has a code
 * for it; any other 4xx is a 400 BAD_REQUEST, so no answer falls outside the documented statuses).
 */
const FASTIFY_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'REQUEST_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_ATTEMPTS',
};

export interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Every error as the contract's `{ code, message }` answer in the store's language; 5xx never show internals. */
export function errorAnswer(request: FastifyRequest, error: FastifyError | AppError, language: Language): ErrorAnswer {
  const registry = request.server.errorRegistry;
  const serverMessage = registry.message; // the shared messages and the modules'
  // The one answer to an unreachable database, however the error came (a query, a transaction, a provider whose
  // failure it caused): 503 and when to try again, never a 500.
  if (!(error instanceof AppError && registry.status(error.code) < 500) && isDatabaseUnavailableError(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return {
      status: 503,
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_S) },
      body: { code: 'DATABASE_UNAVAILABLE', message: serverMessage(language, 'DATABASE_UNAVAILABLE') },
    };
  }
  if (error instanceof AppError) {
    const status = registry.status(error.code);
    if (status >= 500) request.log.error({ err: error }, error.message);
    else request.log.info({ code: error.code, detail: error.message }, 'request refused');
    return {
      status,
      body: {
        code: error.code,
        message: serverMessage(language, error.extra.messageKey ?? registry.messageKey(error.code), error.extra.params),
        ...(error.extra.fields
          ? {
              fields: error.extra.fields.map((f) => ({
                field: f.field,
                message:
                  'message' in f
                    ? translateDomainMessage(language, f.message)
                    : serverMessage(language, f.key, f.params),
                ...(f.code ? { code: f.code } : {}),
              })),
            }
          : {}),
        ...(error.extra.errors ? { errors: error.extra.errors } : {}),
        ...(error.extra.redirect ? { redirect: error.extra.redirect } : {}),
        ...(error.extra.problems ? { problems: error.extra.problems } : {}),
        ...(error.extra.lock ? { lock: error.extra.lock } : {}),
      },
    };
  }
  if ('validation' in error && error.validation) {
    return {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: serverMessage(language, 'BAD_REQUEST'),
        fields: error.validation.map((v) => ({
          field: (v.instancePath || String((v.params as Record<string, unknown>)?.missingProperty ?? ''))
            .replace(/^\//, '')
            .replace(/\//g, '.'),
          message: serverMessage(language, 'field.invalid'),
        })),
      },
    };
  }
  if (isDataException(error)) {
    // A value the database cannot take (an id out of range, text it cannot store): the request's fault.
    request.log.info({ err: error }, 'request refused by the database');
    return { status: 400, body: { code: 'BAD_REQUEST', message: serverMessage(language, 'BAD_REQUEST') } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own (FST_ERR_BAD_URL, FST_ERR_CTP_*, FST_ERR_MAX_PARAM_LENGTH...) and its plugins' refusals.
    request.log.info({ code: error.code, detail: error.message }, 'request refused');
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return {
        status: 413,
        body: { code: 'FILE_TOO_LARGE', message: serverMessage(language, 'FILE_TOO_LARGE', { max: 10 }) },
      };
    }
    const code = FASTIFY_CODES[status] ?? 'BAD_REQUEST';
    return {
      status: registry.status(code),
      body: { code, message: serverMessage(language, registry.messageKey(code)) },
    };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, body: { code: 'INTERNAL', message: serverMessage(language, 'INTERNAL') } };
}

/** The store a request names in its path (`/api/stores/{storeId}/...`) or query (`?store=`), before any routing. */
function storeInUrl(url: string): number | undefined {
  const match = /^\/api\/stores\/(\d{1,2})(?:\/|$|\?)/.exec(url) ?? /[?&]store=(\d{1,2})(?:&|$)/.exec(url);
  return match ? Number(match[1]) : undefined;
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (FST_ERR_BAD_URL) or a path parameter over
 * maxParamLength (FST_ERR_MAX_PARAM_LENGTH) is refused before routing, so neither the error handler nor the onRequest
 * hooks run. The answer is the contract's all the same: code, message in the store's language, security headers.
 */
export async function frameworkErrorAnswer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const app = request.server;
  let language: Language = 'es';
  try {
    const { catalog } = app.ctx;
    const fromUrl = storeInUrl(request.raw.url ?? '');
    let storeId = fromUrl !== undefined && catalog.getStore(fromUrl) ? fromUrl : undefined;
    if (storeId === undefined) {
      // Neither the cookie plugin nor the session's methods exist on a request refused before routing: the session's
      // store is read from its cookie here (without touching the session), as the API's other answers would.
      const token = app.parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE];
      const session = token ? await findSession(app.ctx.db, token) : null;
      const query = request.query as Record<string, unknown> | undefined;
      storeId = catalog.resolveStoreId({
        requested: query?.store,
        sessionStoreId: session?.storeId ?? null,
        host: request.hostname ?? '',
      });
    }
    language = catalog.getStore(storeId)?.language ?? 'es';
  } catch {
    // No session (the database is down): the default language.
  }
  const answer = errorAnswer(request, error, language);
  return reply
    .code(answer.status)
    .headers({ ...app.securityHeaders(request), ...answer.headers })
    .send(answer.body);
}

/** Maps every error to `{ code, message }` in the store's language; 5xx never show internals. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const answer = errorAnswer(request, error, request.language);
      if (answer.headers) reply.headers(answer.headers);
      return reply.code(answer.status).send(answer.body);
    });
  },
  { name: 'errors', dependencies: ['context'] },
);
