import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { AppError } from '../../shared/app-error.js';
import { errors, StoredFile } from '../../shared/http-schemas.js';
import { ALLOWED_UPLOAD_TYPES, readMultipartFile, sendStoredFile } from '../files/index.js';
import { ownerOf } from './uploads.service.js';

/** The answer to a file question, as the upload returns it and the answers carry it. */
export const FileReferenceOut = Type.Object({
  file_id: Type.String(),
  filename: Type.String(),
  size: Type.Integer(),
  content_type: Type.String(),
});

const FileParams = Type.Object({ fileId: Type.String({ pattern: '^up_[A-Za-z0-9_-]{1,60}$', maxLength: 63 }) });

/**
 * Documents uploaded in the wizard, before any login (the anonymous session owns them; CSRF applies as on every
 * state-changing request). Only the owner can read or delete one: anyone else gets 404.
 */
const uploadsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { uploads, files, config } = app.ctx;
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1, fields: 2, parts: 3 } });

  app.get(
    '/api/uploads/limits',
    {
      schema: {
        tags: ['uploads'],
        summary: 'What an upload may be: the largest size in bytes and the accepted types (decided by content)',
        response: { 200: Type.Object({ max_bytes: Type.Integer(), content_types: Type.Array(Type.String()) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { max_bytes: config.maxUploadBytes, content_types: [...ALLOWED_UPLOAD_TYPES.keys()] };
    },
  );

  app.post(
    '/api/uploads',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload a document answering a file question (multipart field "file"; PDF, JPEG or PNG by content)',
        consumes: ['multipart/form-data'],
        response: { 201: FileReferenceOut, ...errors(400, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const session = await request.ensureSession();
      const { filename, bytes } = await readMultipartFile(request, config.maxUploadBytes);
      const reference = await uploads.create(session, { filename, bytes, ip: request.ip });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(reference);
    },
  );

  app.get(
    '/api/uploads/:fileId',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Download one of your uploads (anyone else: 404)',
        params: FileParams,
        response: { 200: StoredFile, ...errors(404) },
      },
    },
    async (request, reply) => {
      const session = await request.loadSession();
      if (!session) throw new AppError('NOT_FOUND', 'no session');
      const row = await uploads.get(ownerOf(session), request.params.fileId);
      return sendStoredFile(reply, files, row);
    },
  );

  app.delete(
    '/api/uploads/:fileId',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Delete one of your uploads (remove or replace an answer); one already in an order: 409',
        params: FileParams,
        response: { 204: Type.Null(), ...errors(403, 404, 409) },
      },
    },
    async (request, reply) => {
      const session = await request.ensureSession();
      await uploads.remove(ownerOf(session), request.params.fileId);
      return reply.code(204).send(null);
    },
  );
};

export default uploadsRoutes;
