import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { AppError } from '../../shared/app-error.js';
import { errors, IdParam, ListOf, Nullable, OneOf, PageQuery } from '../../shared/http-schemas.js';
import { DOCUMENT_KINDS, type DocumentKind, PUSH_MAX_FILES, type PushedFile } from './customer-documents.service.js';

/** A document of one of the customer's orders, as the documents list and a push answer it. */
const CustomerDocument = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  item_id: Type.Integer(),
  product_name: Type.String(),
  filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  created_at: Type.String(),
  /** Sent by the customer (a wizard answer, an incident answer, a push), rather than by the staff. */
  uploaded_by_customer: Type.Boolean(),
  /** What the customer said it is when they pushed it; null for other documents. */
  kind: Nullable(OneOf(DOCUMENT_KINDS)),
});

/** The push's multipart body: up to five parts "files", "kind" (identity/other) and an optional "item_id". */
async function readPush(request: FastifyRequest, maxUploadBytes: number) {
  if (!request.isMultipart()) throw new AppError('FILE_MISSING', 'not multipart');
  const files: PushedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'files') files.push({ filename: part.filename, bytes });
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('FILE_TOO_LARGE', 'pushed file too large', {
        params: { max: Math.max(1, Math.floor(maxUploadBytes / 1024 / 1024)) },
      });
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError('TOO_MANY_UPLOADS', 'too many pushed files');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('BAD_REQUEST', String(code));
    throw new AppError('BAD_REQUEST', `malformed multipart: ${(err as Error).message}`);
  }
  const kind = fields.kind ?? 'other';
  if (!(DOCUMENT_KINDS as readonly string[]).includes(kind)) {
    throw new AppError('VALIDATION_ERROR', 'document kind', { fields: [{ field: 'kind', key: 'field.invalid' }] });
  }
  if (files.length === 0) throw new AppError('FILE_MISSING', 'no files part');
  return { files, kind: kind as DocumentKind };
}

/**
 * The documents of the customer's orders (spec: the documents list, hasDniUploaded, pushFilesToPedido with
 * progress). Only the customer's own orders: anyone else's is 404, like one that does not exist.
 */
const customerDocumentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { customerDocuments, config } = app.ctx;
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadBytes, files: PUSH_MAX_FILES, fields: 2, parts: PUSH_MAX_FILES + 2 },
  });
  const tags = ['customer panel'];

  app.get(
    '/api/me/order-documents',
    {
      config: { permission: 'orders.readOwn' },
      schema: {
        tags,
        summary:
          'The documents of all your orders, newest first (q: file or product name; order_id: one of your orders)',
        querystring: Type.Object({
          ...PageQuery,
          q: Type.Optional(Type.String({ maxLength: 200 })),
          order_id: Type.Optional(IdParam),
        }),
        response: { 200: ListOf(CustomerDocument), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { page = 1, per_page: perPage = 10, q, order_id: orderId } = request.query;
      reply.header('cache-control', 'no-store');
      return customerDocuments.list(signedInUser(request).id, {
        page,
        perPage,
        ...(q !== undefined ? { q } : {}),
        ...(orderId !== undefined ? { orderId } : {}),
      });
    },
  );

  app.get(
    '/api/me/order-documents/has-dni',
    {
      config: { permission: 'orders.readOwn' },
      schema: {
        tags,
        summary: 'hasDniUploaded: whether you already sent your identity document to this order (not yours: 404)',
        querystring: Type.Object({ order_id: IdParam }),
        response: {
          200: Type.Object({ order_id: Type.Integer(), has_dni: Type.Boolean() }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const orderId = request.query.order_id;
      reply.header('cache-control', 'no-store');
      return {
        order_id: orderId,
        has_dni: await customerDocuments.hasIdentityDocument(signedInUser(request).id, orderId),
      };
    },
  );

  app.post(
    '/api/me/orders/:orderId/files',
    {
      config: { permission: 'orders.sendDocumentsOwn' },
      schema: {
        tags,
        summary:
          'pushFilesToPedido: send up to 5 documents to your order (multipart parts "files", field "kind": identity or other; query item_id: the line, else the first). PDF, JPEG or PNG by content (not yours: 404)',
        consumes: ['multipart/form-data'],
        params: Type.Object({ orderId: IdParam }),
        querystring: Type.Object({ item_id: Type.Optional(IdParam) }),
        response: {
          201: Type.Object({ files: Type.Array(CustomerDocument) }),
          ...errors(400, 401, 403, 404, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const customerId = signedInUser(request).id;
      const { orderId } = request.params;
      const itemId = request.query.item_id;
      // Owner first: someone else's order is 404 before the body is read.
      await customerDocuments.assertPushable(customerId, orderId, itemId);
      const { files, kind } = await readPush(request, config.maxUploadBytes);
      const out = await customerDocuments.push(customerId, {
        orderId,
        kind,
        files,
        ip: request.ip,
        ...(itemId !== undefined ? { itemId } : {}),
      });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(out);
    },
  );
};

export default customerDocumentsRoutes;
