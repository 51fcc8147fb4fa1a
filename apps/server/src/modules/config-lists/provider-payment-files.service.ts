import { checkProviderPaymentFileAdd, PROVIDER_PAYMENT_MAX_FILES, providerPaymentFileNames } from '@ventanilla/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { configProviderPaymentFiles, configProviderPayments } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import { checkUpload, type FileStorage, safeFilename } from '../files/index.js';
import type { ConfigListsService } from './config-lists.service.js';

export type ProviderPaymentFileRow = typeof configProviderPaymentFiles.$inferSelect;

export interface ProviderPaymentFileOut {
  id: number;
  payment_id: number;
  filename: string;
  content_type: string;
  size: number;
  uploaded_by: number | null;
  created_at: string;
}

function fileOut(row: ProviderPaymentFileRow): ProviderPaymentFileOut {
  return {
    id: row.id,
    payment_id: row.paymentId,
    filename: row.filename,
    content_type: row.contentType,
    size: row.size,
    uploaded_by: row.uploadedBy,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The files of provider payments (docs/backoffice.md, "Provider payments"): uploaded through the uploads' checks
 * (size by the multipart limit, type by content), kept in the same file storage, listed, downloaded and deleted. Each
 * change bumps the payment's version, mirrors the names into its `files` field and is recorded in its history.
 */
export class ProviderPaymentFilesService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStorage,
    private readonly configLists: ConfigListsService,
    private readonly now: () => Date,
  ) {}

  /** The payment row, locked when asked (serialises uploads and deletes of one payment); 404 when there is none. */
  private async payment(tx: DbOrTx, paymentId: number, lock = false) {
    const query = tx.select().from(configProviderPayments).where(eq(configProviderPayments.id, paymentId));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError('NOT_FOUND', `provider payment ${paymentId}`);
    return row;
  }

  private fileRows(tx: DbOrTx, paymentId: number) {
    return tx
      .select()
      .from(configProviderPaymentFiles)
      .where(eq(configProviderPaymentFiles.paymentId, paymentId))
      .orderBy(asc(configProviderPaymentFiles.id));
  }

  async list(paymentId: number): Promise<ProviderPaymentFileOut[]> {
    await this.payment(this.db, paymentId);
    return (await this.fileRows(this.db, paymentId)).map(fileOut);
  }

  /** A file of this payment (another payment's file id is a 404). */
  async find(paymentId: number, fileId: number): Promise<ProviderPaymentFileRow> {
    const [row] = await this.db
      .select()
      .from(configProviderPaymentFiles)
      .where(and(eq(configProviderPaymentFiles.id, fileId), eq(configProviderPaymentFiles.paymentId, paymentId)));
    if (!row) throw new AppError('NOT_FOUND', `file ${fileId} of provider payment ${paymentId}`);
    return row;
  }

  /** Mirrors the names into the payment, bumps its version and records the change. */
  private async touch(
    tx: DbOrTx,
    payment: typeof configProviderPayments.$inferSelect,
    action: 'file_added' | 'file_deleted',
    userId: number,
  ) {
    const names = providerPaymentFileNames(await this.fileRows(tx, payment.id));
    await tx
      .update(configProviderPayments)
      .set({ files: names, version: sql`${configProviderPayments.version} + 1`, updatedAt: this.now() })
      .where(eq(configProviderPayments.id, payment.id));
    await this.configLists.recordHistory(
      tx,
      'provider_payments',
      String(payment.id),
      action,
      userId,
      { files: payment.files },
      { files: names },
    );
  }

  async add(userId: number, paymentId: number, upload: { filename: string; bytes: Buffer }) {
    if (upload.bytes.length === 0) throw new AppError('FILE_EMPTY', 'empty provider payment file');
    const check = await checkUpload(upload.bytes);
    if (!check.ok) throw new AppError('FILE_TYPE_NOT_ALLOWED', `provider payment file ${upload.filename}`);
    // Refused early (no bytes stored) when the payment is missing or full; checked again under the lock.
    await this.verdict(this.db, paymentId, false);
    const stored = await this.files.put(upload.bytes);
    try {
      const row = await this.db.transaction(async (tx) => {
        const payment = await this.verdict(tx, paymentId, true);
        const [inserted] = await tx
          .insert(configProviderPaymentFiles)
          .values({
            paymentId,
            filename: safeFilename(upload.filename, check.mime),
            contentType: check.mime,
            size: upload.bytes.length,
            sha256: stored.sha256,
            storageKey: stored.key,
            uploadedBy: userId,
          })
          .returning();
        if (!inserted) throw new Error('file insert returned nothing');
        await this.touch(tx, payment, 'file_added', userId);
        return inserted;
      });
      return fileOut(row);
    } catch (err) {
      // Nothing refers to the stored bytes: they go.
      await this.files.remove(stored.key).catch(() => undefined);
      throw err;
    }
  }

  private async verdict(tx: DbOrTx, paymentId: number, lock: boolean) {
    const payment = await this.payment(tx, paymentId, lock);
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(configProviderPaymentFiles)
      .where(eq(configProviderPaymentFiles.paymentId, paymentId));
    const verdict = checkProviderPaymentFileAdd({ active: payment.active, fileCount: Number(counted?.n ?? 0) });
    if (!verdict.ok) {
      throw new AppError('VALIDATION_ERROR', `provider payment ${paymentId}: ${verdict.reason}`, {
        fields: [
          {
            field: 'file',
            key: verdict.reason === 'too_many_files' ? 'provider_payment.too_many_files' : 'provider_payment.inactive',
            params: { max: PROVIDER_PAYMENT_MAX_FILES },
            code: verdict.reason,
          },
        ],
      });
    }
    return payment;
  }

  /** Deletes a file: its row in the payment's transaction (history included), then its stored bytes. */
  async remove(userId: number, paymentId: number, fileId: number): Promise<{ deleted: number }> {
    const key = await this.db.transaction(async (tx) => {
      const payment = await this.payment(tx, paymentId, true);
      const [deleted] = await tx
        .delete(configProviderPaymentFiles)
        .where(and(eq(configProviderPaymentFiles.id, fileId), eq(configProviderPaymentFiles.paymentId, paymentId)))
        .returning();
      if (!deleted) throw new AppError('NOT_FOUND', `file ${fileId} of provider payment ${paymentId}`);
      await this.touch(tx, payment, 'file_deleted', userId);
      return deleted.storageKey;
    });
    await this.files.remove(key).catch(() => undefined);
    return { deleted: fileId };
  }
}
