import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error.js';

/** The largest upload in whole megabytes, as the "too large" message names it (never 0). */
function maxUploadMb(maxUploadBytes: number): number {
  return Math.max(1, Math.floor(maxUploadBytes / 1024 / 1024));
}

/**
 * The file of a multipart request, read whole, with its text fields (e.g. the item's "version") wherever they stand,
 * before or after the file: FILE_MISSING when the request carries no file, FILE_TOO_LARGE when it goes over the
 * multipart plugin's limit. The first file is the upload; the plugin's own limits (files, fields, parts) refuse more.
 */
export async function readMultipartFile(
  request: FastifyRequest,
  maxUploadBytes: number,
): Promise<{ filename: string; bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError('FILE_MISSING', 'not multipart');
  try {
    let file: { filename: string; bytes: Buffer } | undefined;
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Every file part is read to its end (the parser needs it), only the first one is kept.
        const bytes = await part.toBuffer();
        file ??= { filename: part.filename, bytes };
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      }
    }
    if (!file) throw new AppError('FILE_MISSING');
    return { ...file, fields };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('FILE_TOO_LARGE', 'upload too large', { params: { max: maxUploadMb(maxUploadBytes) } });
    }
    // Anything else the multipart parser throws is a malformed body (no boundary, cut short, bad part headers).
    throw new AppError('BAD_REQUEST', `malformed multipart: ${(err as Error).message}`);
  }
}
