import type { FastifyReply } from 'fastify';
import type { itemFiles } from '../../db/schema.js';
import type { FileStorage } from './file-storage.js';
import { attachmentHeader } from './upload-check.js';

/** Streams a stored document as a private, never-cached attachment under its checked content type. */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: Pick<typeof itemFiles.$inferSelect, 'contentType' | 'filename' | 'storageKey'>,
) {
  const stream = await storage.open(file.storageKey);
  return reply
    .type(file.contentType)
    .header('content-disposition', attachmentHeader(file.filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}
