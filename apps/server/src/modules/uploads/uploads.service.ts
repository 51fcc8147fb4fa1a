import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { isFileReference, type FileReference, type FileResolver } from '@ventanilla/domain';
import type { AppConfig } from '../../config/env.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { reserveHit } from '../../db/rate-counters.js';
import { uploads } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { SessionState } from '../../shared/session-types.js';
import { checkUpload, type FileStorage, safeFilename } from '../files/index.js';

export type UploadRow = typeof uploads.$inferSelect;

/** Who may use an upload: the session that made it, or its user once logged in (a cart's owner has the same shape). */
export interface UploadOwner {
  sessionHash: string | null;
  userId: number | null;
}

export function ownerOf(session: SessionState): UploadOwner {
  return { sessionHash: session.idHash, userId: session.user?.id ?? null };
}

const HOUR_MS = 60 * 60 * 1000;

/** The file reference the API hands out and answers carry. */
export function referenceOf(row: UploadRow): FileReference {
  return { file_id: row.id, filename: row.filename, size: row.size, content_type: row.contentType };
}

/** The file ids referenced by a set of raw answers (any value shaped like a file reference). */
export function referencedFileIds(answerSets: Iterable<Record<string, unknown>>): string[] {
  const ids = new Set<string>();
  for (const answers of answerSets) {
    for (const value of Object.values(answers)) if (isFileReference(value)) ids.add(value.file_id);
  }
  return [...ids];
}

function ownedBy(owner: UploadOwner) {
  const bySession = owner.sessionHash ? eq(uploads.sessionHash, owner.sessionHash) : undefined;
  const byUser = owner.userId !== null ? eq(uploads.userId, owner.userId) : undefined;
  if (bySession && byUser) return or(bySession, byUser);
  return bySession ?? byUser;
}

const NOBODY: FileResolver = () => undefined;

/**
 * Documents uploaded during the wizard (answers to file questions): checked by content, stored with the FileStorage,
 * owned by the session (and its user). Someone else's upload is "not found", like a missing one.
 */
export class UploadsService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStorage,
    private readonly config: Pick<AppConfig, 'uploadRetentionHours' | 'uploadsPerHour'>,
  ) {}

  /** Checks the bytes (real type, not empty), applies the hourly rate per session and per IP, stores and records. */
  async create(session: SessionState, input: { filename: string; bytes: Buffer; ip: string }): Promise<FileReference> {
    if (input.bytes.length === 0) throw new AppError('FILE_EMPTY', `empty upload ${input.filename}`);
    const check = await checkUpload(input.bytes);
    if (!check.ok) throw new AppError('FILE_TYPE_NOT_ALLOWED', `upload ${input.filename}`);
    // Reserved atomically before storing: of many parallel uploads at most the hourly quota get through.
    for (const [bucket, key] of [
      ['upload-session', session.idHash],
      ['upload-ip', input.ip],
    ] as const) {
      if (!(await reserveHit(this.db, { bucket, key, limit: this.config.uploadsPerHour, windowMs: HOUR_MS }))) {
        throw new AppError('TOO_MANY_UPLOADS', `${bucket} over ${this.config.uploadsPerHour}/h`);
      }
    }
    const stored = await this.files.put(input.bytes);
    const [row] = await this.db
      .insert(uploads)
      .values({
        // Opaque and unguessable: 128 random bits.
        id: `up_${randomBytes(16).toString('base64url')}`,
        sessionHash: session.idHash,
        userId: session.user?.id ?? null,
        filename: safeFilename(input.filename, check.mime),
        contentType: check.mime,
        size: input.bytes.length,
        sha256: stored.sha256,
        storageKey: stored.key,
        ip: input.ip,
      })
      .returning();
    if (!row) throw new Error('upload insert returned nothing');
    return referenceOf(row);
  }

  /** One of the caller's uploads; anyone else's (or an unknown id) is NOT_FOUND. */
  async get(owner: UploadOwner, fileId: string): Promise<UploadRow> {
    const where = ownedBy(owner);
    const [row] = where
      ? await this.db
          .select()
          .from(uploads)
          .where(and(eq(uploads.id, fileId), where))
      : [];
    if (!row) throw new AppError('NOT_FOUND', `upload ${fileId}`);
    return row;
  }

  /** Deletes one of the caller's uploads and its bytes; one already attached to an order stays (UPLOAD_IN_USE). */
  async remove(owner: UploadOwner, fileId: string): Promise<void> {
    const row = await this.get(owner, fileId);
    if (row.attachedAt) throw new AppError('UPLOAD_IN_USE', `upload ${fileId} is attached to an order`);
    const deleted = await this.db
      .delete(uploads)
      .where(and(eq(uploads.id, fileId), isNull(uploads.attachedAt)))
      .returning({ key: uploads.storageKey });
    for (const d of deleted) await this.files.remove(d.key);
  }

  /**
   * A resolver for the engine: the caller's uploads among the file ids the answers reference (one query, made before
   * evaluating, so the engine itself stays free of I/O). Unknown or foreign ids resolve to nothing: invalid answers.
   */
  async resolverFor(
    db: DbOrTx,
    owner: UploadOwner,
    answerSets: Iterable<Record<string, unknown>>,
  ): Promise<FileResolver> {
    const ids = referencedFileIds(answerSets);
    const where = ownedBy(owner);
    if (ids.length === 0 || !where) return NOBODY;
    const rows = await db
      .select()
      .from(uploads)
      .where(and(inArray(uploads.id, ids), where));
    const byId = new Map(rows.map((r) => [r.id, referenceOf(r)]));
    return (id) => byId.get(id);
  }

  /**
   * At login: the anonymous session's uploads follow the user into the new session (like its cart). Those of another
   * customer signed in on that browser stay theirs (a shared computer, someone signing in over another).
   */
  async adoptSessionUploads(db: DbOrTx, oldHash: string, newHash: string, userId: number): Promise<void> {
    await db
      .update(uploads)
      .set({ sessionHash: newHash, userId })
      .where(and(eq(uploads.sessionHash, oldHash), or(isNull(uploads.userId), eq(uploads.userId, userId))));
  }

  /**
   * Deletes uploads never attached to an order and older than the retention, with their bytes (attached ones belong
   * to their order). Safe with several instances: each deleted row is returned to one of them only.
   */
  async sweepExpired(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.uploadRetentionHours * HOUR_MS);
    const deleted = await this.db
      .delete(uploads)
      .where(and(isNull(uploads.attachedAt), lt(uploads.createdAt, cutoff)))
      .returning({ key: uploads.storageKey });
    for (const d of deleted) await this.files.remove(d.key);
    return deleted.length;
  }
}
