import { inArray } from 'drizzle-orm';
import { isFileReference, type AnswerValue } from '@ventanilla/domain';
import type { Tx } from '../../db/database.js';
import { itemFiles, uploads } from '../../db/schema.js';

/**
 * Inside the checkout transaction: the documents that answer file questions become the order item's files (same
 * stored bytes, marked as the customer's by upload_id and option_id, visible to the customer and to agents), and
 * their uploads are marked attached so the retention sweep never deletes them. The answers were resolved against the
 * cart's owner when the cart was priced, so every id here is the customer's own.
 */
export async function attachAnswerUploads(
  tx: Tx,
  customerId: number,
  lines: ReadonlyArray<{ itemId: number; answers: Readonly<Record<string, AnswerValue>> }>,
): Promise<void> {
  const wanted = lines.flatMap((line) =>
    Object.entries(line.answers).flatMap(([optionId, value]) =>
      isFileReference(value) ? [{ itemId: line.itemId, optionId: Number(optionId), fileId: value.file_id }] : [],
    ),
  );
  if (wanted.length === 0) return;
  const rows = await tx
    .select()
    .from(uploads)
    .where(inArray(uploads.id, [...new Set(wanted.map((w) => w.fileId))]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const files = wanted.flatMap((w) => {
    const upload = byId.get(w.fileId);
    if (!upload) return [];
    return [
      {
        itemId: w.itemId,
        filename: upload.filename,
        contentType: upload.contentType,
        size: upload.size,
        sha256: upload.sha256,
        storageKey: upload.storageKey,
        visibleToCustomer: true,
        uploadedBy: customerId,
        uploadId: upload.id,
        optionId: w.optionId,
      },
    ];
  });
  if (files.length === 0) return;
  await tx.insert(itemFiles).values(files);
  await tx
    .update(uploads)
    .set({ attachedAt: new Date(), userId: customerId })
    .where(
      inArray(
        uploads.id,
        files.map((f) => f.uploadId),
      ),
    );
}
