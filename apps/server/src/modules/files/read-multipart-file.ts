import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error.js';

/** The largest upload in whole megabytes, as the "too large" message names it (never 0). */
function maxUploadMb(maxUploadBytes: number): number {
  return Math.max(1, Math.floor(maxUploadBytes / 1024 / 1024));
}

/**
 * The multipart field "file" of a request, read whole, with the text fields sent before it: FILE_MISSING when the request carries none, FILE_TOO_LARGE
 * when it goes over the multipart plugin's limit.
 */
export async function readMultipartFile(
  request: FastifyRequest,
  maxUploadBytes: number,
): Promise<{ filename: string; bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError('FILE_MISSING', 'not multipart');
  try {
    const part = await request.file();
    if (!part) throw new AppError('FILE_MISSING');
    // Text fields sent before the file (e.g. the item's "version"); later ones are not read.
    const fields: Record<string, string> = {};
    for (const [name, field] of Object.entries(part.fields)) {
      const value = Array.isArray(field) ? undefined : field;
      if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
    }
    return { filename: part.filename, bytes: await part.toBuffer(), fields };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('FILE_TOO_LARGE', 'upload too large', { params: { max: maxUploadMb(maxUploadBytes) } });
    }
    // Anything else the multipart parser throws is a malformed body (no boundary, cut short, bad part headers).
    throw new AppError('BAD_REQUEST', `malformed multipart: ${(err as Error).message}`);
  }
}
