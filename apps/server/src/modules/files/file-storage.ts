import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../../shared/app-error.js';

/**
 * Where stored documents live (wizard uploads, order files, ticket attachments, item templates' outputs): the local
 * disk by default, or an S3-compatible bucket that several app instances share (docs/decisions/0017-*.md). Keys are
 * made by the storage, never by a client, and are only ever handed back from our own database rows.
 */
export interface FileStorage {
  /** Which adapter this is (logs, health). */
  readonly kind: 'local' | 's3';
  /** Stores the bytes under a new unguessable key. */
  put(bytes: Buffer): Promise<{ key: string; sha256: string }>;
  /** A stream of the stored bytes; NOT_FOUND (an AppError) before any byte when the key holds nothing. */
  open(key: string): Promise<Readable>;
  /** Deletes the bytes; a key that holds nothing is not an error. */
  remove(key: string): Promise<void>;
  /** Releases connections (at app close). */
  close(): void;
}

/** What open() throws when the key holds nothing (the row points at bytes that are gone): a 404 at the edge. */
export function storedFileMissing(key: string): AppError {
  return new AppError('NOT_FOUND', `stored file ${key} is missing`);
}

// Segments of letters, digits, '.', '_' and '-' that start with a letter or digit: no '..', no absolute paths, no
// backslashes, no empty segments.
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,7}$/;

/** Throws unless `key` is shaped like a key we make (defence in depth: keys come from our rows, not from requests). */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Bad storage key ${JSON.stringify(key).slice(0, 80)}`);
}

/** A new key: `<yyyy-mm>/<random UUID>` (122 random bits; the month only groups files for humans). */
export function newStorageKey(now = new Date()): string {
  return `${now.toISOString().slice(0, 7)}/${randomUUID()}`;
}

/** A stored file read whole (an e-mail attachment, a PDF to stamp): only for files known to be small. */
export async function readStoredFile(files: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await files.open(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
