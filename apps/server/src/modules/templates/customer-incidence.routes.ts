import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { AppError } from '../../shared/app-error.js';
import { errors, IdParam } from '../../shared/http-schemas.js';
import { ANSWER_MAX, ANSWER_MAX_FILES, type AnswerUpload } from './customer-incidence.service.js';
import { CustomerIncidenceOut } from './templates.schema.js';

const Params = Type.Object({
  orderId: IdParam,
  itemId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

/** Control characters other than tab and line breaks (NUL included) never belong in a message. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The answer's multipart body: the field "message" and up to five parts "files", each read whole. */
async function readAnswer(request: FastifyRequest, maxUploadBytes: number) {
  if (!request.isMultipart()) throw new AppError('FILE_MISSING', 'not multipart');
  let message = '';
  const files: AnswerUpload[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') {
          await part.toBuffer();
          continue;
        }
        files.push({ filename: part.filename, bytes: await part.toBuffer() });
      } else if (part.fieldname === 'message') {
        message = typeof part.value === 'string' ? part.value : '';
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('FILE_TOO_LARGE', 'answer file too large', {
        params: { max: Math.max(1, Math.floor(maxUploadBytes / 1024 / 1024)) },
      });
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError('TOO_MANY_UPLOADS', 'too many answer files');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('BAD_REQUEST', String(code));
    throw new AppError('BAD_REQUEST', `malformed multipart: ${(err as Error).message}`);
  }
  if (CONTROL.test(message)) {
    throw new AppError('VALIDATION_ERROR', 'control characters in the answer', {
      fields: [{ field: 'message', key: 'field.invalid_characters' }],
    });
  }
  return { message, files };
}

/**
 * The customer panel's incident (spec: loadIncidenciaPedido / uploadIncidenciaPedido, the incident form
 * customer/form/{form}/{order}): only the order's owner; anyone else's item is 404.
 */
const customerIncidenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { customerIncidence, config } = app.ctx;
  await app.register(multipart, {
    limits: {
      fileSize: config.maxUploadBytes,
      files: ANSWER_MAX_FILES,
      fields: 2,
      parts: ANSWER_MAX_FILES + 2,
      fieldSize: ANSWER_MAX * 4,
    },
  });
  const tags = ['customer panel'];

  app.get(
    '/api/me/orders/:orderId/items/:itemId/incidence',
    {
      config: { permission: 'orders.answerIncidence' },
      schema: {
        tags,
        summary: 'The incident of one of your order’s items and your earlier answers (loadIncidenciaPedido)',
        params: Params,
        response: { 200: CustomerIncidenceOut, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      reply.header('cache-control', 'no-store');
      return customerIncidence.load(user.id, request.params.orderId, request.params.itemId);
    },
  );

  app.post(
    '/api/me/orders/:orderId/items/:itemId/incidence',
    {
      config: { permission: 'orders.answerIncidence' },
      schema: {
        tags,
        summary:
          'Answer the incident (uploadIncidenciaPedido): multipart field "message" and up to 5 "files" (PDF, JPEG or PNG, checked by content)',
        consumes: ['multipart/form-data'],
        params: Params,
        response: { 200: CustomerIncidenceOut, ...errors(400, 401, 404, 409, 413, 415, 429) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { orderId, itemId } = request.params;
      await customerIncidence.assertAnswerable(user.id, orderId, itemId);
      const { message, files } = await readAnswer(request, config.maxUploadBytes);
      await customerIncidence.answer(user.id, orderId, itemId, message, files);
      return customerIncidence.load(user.id, orderId, itemId);
    },
  );
};

export default customerIncidenceRoutes;
