import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, Nullable, StoredFile } from '../../shared/http-schemas.js';
import { readMultipartFile, sendStoredFile } from '../files/index.js';
import { ProviderPaymentFilesService } from './provider-payment-files.service.js';

const INT32 = 2_147_483_647;
const PaymentParams = Type.Object({ paymentId: Type.Integer({ minimum: 1, maximum: INT32 }) });
const FileParams = Type.Object({
  paymentId: Type.Integer({ minimum: 1, maximum: INT32 }),
  fileId: Type.Integer({ minimum: 1, maximum: INT32 }),
});
const FileOut = Type.Object({
  id: Type.Integer(),
  payment_id: Type.Integer(),
  filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  uploaded_by: Nullable(Type.Integer()),
  created_at: Type.String({ format: 'date-time' }),
});
const BASE = '/api/backoffice/config-lists/provider_payments/:paymentId/files';

/**
 * The files of provider payments (docs/backoffice.md, "Provider payments"; the spec's add_files_provider_payment):
 * agents and admins list and download them, admins upload (PDF, JPEG or PNG by content, MAX_UPLOAD_BYTES) and delete.
 */
export const providerPaymentFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.ctx;
  const service = new ProviderPaymentFilesService(app.ctx.db, app.ctx.files, app.ctx.configLists, () => app.ctx.now());
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1, fields: 2, parts: 3 } });
  const tags = ['config-lists'];

  app.get(
    BASE,
    {
      config: { permission: 'providerPayments.files.read' },
      schema: {
        tags,
        summary: "A provider payment's files, oldest first",
        params: PaymentParams,
        response: { 200: Type.Object({ items: Type.Array(FileOut) }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await service.list(request.params.paymentId) };
    },
  );

  app.post(
    BASE,
    {
      config: { permission: 'providerPayments.files.edit' },
      schema: {
        tags,
        summary:
          'add_files_provider_payment: upload a file (multipart field "file"; PDF, JPEG or PNG by content; at most 20)',
        consumes: ['multipart/form-data'],
        params: PaymentParams,
        response: { 201: FileOut, ...errors(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const file = await readMultipartFile(request, config.maxUploadBytes);
      const saved = await service.add(signedInUser(request).id, request.params.paymentId, file);
      return reply.code(201).send(saved);
    },
  );

  app.get(
    `${BASE}/:fileId`,
    {
      config: { permission: 'providerPayments.files.read' },
      schema: {
        tags,
        summary: "Download a provider payment's file",
        params: FileParams,
        response: { 200: StoredFile, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await service.find(request.params.paymentId, request.params.fileId);
      return sendStoredFile(reply, app.ctx.files, file);
    },
  );

  app.delete(
    `${BASE}/:fileId`,
    {
      config: { permission: 'providerPayments.files.edit' },
      schema: {
        tags,
        summary: "Delete a provider payment's file (recorded in the payment's history)",
        params: FileParams,
        response: { 200: Type.Object({ deleted: Type.Integer() }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.remove(signedInUser(request).id, request.params.paymentId, request.params.fileId),
  );
};
