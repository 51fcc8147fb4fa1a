import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translateDomainMessage, type Language } from '@ventanilla/domain';
import { isDatabaseUnavailableError } from '../db/connection.js';
import { serverMessage } from '../i18n/server-messages.js';
import { AppError, HTTP_STATUS, messageKeyFor, type ErrorCode } from '../shared/app-error.js';

/** The store language of a request, for its error messages. */
export function requestLanguage(app: FastifyInstance, request: FastifyRequest): Language {
  const params = request.params as Record<string, unknown> | undefined;
  const fromParams = Number(params?.storeId);
  const { catalog } = app.ctx;
  try {
    const storeId =
      Number.isInteger(fromParams) && catalog.getStore(fromParams)
        ? fromParams
        : catalog.resolveStoreId(request, request.sessionCache?.storeId ?? null);
    return catalog.getStore(storeId)?.language ?? 'es';
  } catch {
    return 'es';
  }
}

/** PostgreSQL's class 22 (data exception: out of range, invalid text representation, bad encoding), however wrapped. */
function isDataException(err: unknown): boolean {
  for (let current: unknown = err, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = current.cause;
  }
  return false;
}

// The embedded database is back within seconds after a crash (it is restarted at once); a server of its own too.
const DATABASE_RETRY_AFTER_S = 5;

const FASTIFY_CODES: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'FILE_TOO_LARGE',
  429: 'TOO_MANY_ATTEMPTS',
};

/** Maps every error to `{ code, message }` in the store's language; 5xx never show internals. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const language = requestLanguage(app, request);
      // The one answer to an unreachable database, however the error came (a query, a transaction, a provider whose
      // failure it caused): 503 and when to try again, never a 500.
      if (!(error instanceof AppError && HTTP_STATUS[error.code] < 500) && isDatabaseUnavailableError(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_S))
          .send({ code: 'DATABASE_UNAVAILABLE', message: serverMessage(language, 'DATABASE_UNAVAILABLE') });
      }
      if (error instanceof AppError) {
        const status = HTTP_STATUS[error.code];
        if (status >= 500) request.log.error({ err: error }, error.message);
        else request.log.info({ code: error.code, detail: error.message }, 'request refused');
        return reply.code(status).send({
          code: error.code,
          message: serverMessage(language, error.extra.messageKey ?? messageKeyFor(error.code), error.extra.params),
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
        });
      }
      if ('validation' in error && error.validation) {
        return reply.code(400).send({
          code: 'VALIDATION_ERROR',
          message: serverMessage(language, 'BAD_REQUEST'),
          fields: error.validation.map((v) => ({
            field: (v.instancePath || String((v.params as Record<string, unknown>)?.missingProperty ?? ''))
              .replace(/^\//, '')
              .replace(/\//g, '.'),
            message: serverMessage(language, 'field.invalid'),
          })),
        });
      }
      if (isDataException(error)) {
        // A value the database cannot take (an id out of range, text it cannot store): the request's fault.
        request.log.info({ err: error }, 'request refused by the database');
        return reply.code(400).send({ code: 'BAD_REQUEST', message: serverMessage(language, 'BAD_REQUEST') });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code = FASTIFY_CODES[status] ?? 'BAD_REQUEST';
        return reply.code(status).send({
          code,
          message: serverMessage(language, messageKeyFor(code), code === 'FILE_TOO_LARGE' ? { max: 10 } : undefined),
        });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ code: 'INTERNAL', message: serverMessage(language, 'INTERNAL') });
    });
  },
  { name: 'errors', dependencies: ['context'] },
);
