import { fileTypeFromBuffer } from 'file-type';

/** Content types accepted for order documents, decided by the bytes (magic numbers), never by the name or header. */
export const ALLOWED_UPLOAD_TYPES: ReadonlyMap<string, string> = new Map([
  ['application/pdf', 'pdf'],
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
]);

export type UploadCheck = { ok: true; mime: string } | { ok: false; reason: 'type' };

export async function checkUpload(bytes: Buffer): Promise<UploadCheck> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ALLOWED_UPLOAD_TYPES.has(detected.mime)) return { ok: false, reason: 'type' };
  return { ok: true, mime: detected.mime };
}

/** A safe download name: no path parts, no control or quote characters, the right extension. */
export function safeFilename(name: string, mime: string): string {
  const base =
    (name.split(/[\\/]/).pop() ?? '')
      .replace(/[^\p{L}\p{N}._ -]/gu, '_')
      .trim()
      .slice(0, 120) || 'documento';
  const ext = ALLOWED_UPLOAD_TYPES.get(mime) ?? 'bin';
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
}

/** Content-Disposition for a download, with an RFC 5987 UTF-8 name. */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
