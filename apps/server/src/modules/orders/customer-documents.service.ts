import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or } from 'drizzle-orm';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import { reserveHit } from '../../db/rate-counters.js';
import { itemFiles, orderItems, orders } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import { checkUpload, type FileStorage, safeFilename } from '../files/index.js';
import { recordHistory } from '../order-records/index.js';

/** Files one push to an order may carry (the incident answer's limit). */
export const PUSH_MAX_FILES = 5;
/** What a customer may say a document they send is: their identity document (DNI/NIE/passport) or anything else. */
export const DOCUMENT_KINDS = ['identity', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface PushedFile {
  filename: string;
  bytes: Buffer;
}

const HOUR_MS = 60 * 60 * 1000;

type FileRow = typeof itemFiles.$inferSelect;

function documentOut(customerId: number, row: { file: FileRow; orderId: number; productName: string }) {
  const f = row.file;
  return {
    id: f.id,
    order_id: row.orderId,
    item_id: f.itemId,
    product_name: row.productName,
    filename: f.filename,
    content_type: f.contentType,
    size: f.size,
    created_at: f.createdAt.toISOString(),
    uploaded_by_customer: f.uploadedBy === customerId,
    kind:
      f.documentKind === 'identity' ? ('identity' as const) : f.documentKind === 'other' ? ('other' as const) : null,
  };
}

/** `%` and `_` are literal in the search text. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The customer panel's documents across orders (the spec's documents list, hasDniUploaded and pushFilesToPedido):
 * only the documents of the customer's own orders that customers may see. Someone else's order is 404.
 */
/** Whether a product's question (in the order's store) asks for an identity document (isIdentityDocumentQuestion). */
type IdentityQuestion = (storeId: number, productId: number, optionId: number) => boolean;

export class CustomerDocumentsService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStorage,
    private readonly config: Pick<AppConfig, 'uploadsPerHour'>,
    private readonly identityQuestion: IdentityQuestion,
  ) {}

  /** The documents of every order of the customer, newest first; `q` searches the file and product names. */
  async list(customerId: number, query: { page: number; perPage: number; q?: string; orderId?: number }) {
    const q = query.q?.trim().toLowerCase();
    const where = and(
      eq(orders.customerId, customerId),
      eq(itemFiles.visibleToCustomer, true),
      query.orderId !== undefined ? eq(orders.orderId, query.orderId) : undefined,
      q ? or(ilike(itemFiles.filename, likePattern(q)), ilike(orderItems.productName, likePattern(q))) : undefined,
    );
    const rows = await this.db
      .select({ file: itemFiles, orderId: orders.orderId, productName: orderItems.productName })
      .from(itemFiles)
      .innerJoin(orderItems, eq(orderItems.itemId, itemFiles.itemId))
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(where)
      .orderBy(desc(itemFiles.createdAt), desc(itemFiles.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage);
    const [total] = await this.db
      .select({ n: count() })
      .from(itemFiles)
      .innerJoin(orderItems, eq(orderItems.itemId, itemFiles.itemId))
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(where);
    return {
      items: rows.map((row) => documentOut(customerId, row)),
      total: total?.n ?? 0,
      page: query.page,
      per_page: query.perPage,
    };
  }

  /** The order's lines when it is the customer's, else 404 (the same answer as an order that does not exist). */
  private async ownItems(customerId: number, orderId: number) {
    const rows = await this.db
      .select({ itemId: orderItems.itemId, productName: orderItems.productName })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(and(eq(orders.orderId, orderId), eq(orders.customerId, customerId)))
      .orderBy(asc(orderItems.itemId));
    if (rows.length === 0) throw new AppError('NOT_FOUND', `order ${orderId} of customer ${customerId}`);
    return rows;
  }

  /**
   * hasDniUploaded: whether the customer already sent their identity document to this order: a document sent as
   * `identity`, or the answer to a wizard question that asks for one (a file question marked `document: "identity"`).
   */
  async hasIdentityDocument(customerId: number, orderId: number): Promise<boolean> {
    const items = await this.ownItems(customerId, orderId);
    const rows = await this.db
      .select({
        kind: itemFiles.documentKind,
        optionId: itemFiles.optionId,
        productId: orderItems.productId,
        storeId: orders.storeId,
      })
      .from(itemFiles)
      .innerJoin(orderItems, eq(orderItems.itemId, itemFiles.itemId))
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(
        and(
          inArray(
            itemFiles.itemId,
            items.map((i) => i.itemId),
          ),
          eq(itemFiles.uploadedBy, customerId),
          or(eq(itemFiles.documentKind, 'identity'), isNotNull(itemFiles.optionId)),
        ),
      );
    return rows.some(
      (r) =>
        r.kind === 'identity' || (r.optionId !== null && this.identityQuestion(r.storeId, r.productId, r.optionId)),
    );
  }

  /** Before the body is read: someone else's order, or a line of another order, is 404. */
  async assertPushable(customerId: number, orderId: number, itemId?: number): Promise<void> {
    const items = await this.ownItems(customerId, orderId);
    if (itemId !== undefined && !items.some((i) => i.itemId === itemId))
      throw new AppError('NOT_FOUND', `item ${itemId} of order ${orderId}`);
  }

  /**
   * pushFilesToPedido: documents the customer sends to an existing order outside the incident form. The upload
   * module's rules apply: type by content (PDF, JPEG, PNG), not empty, the size limit (multipart), the hourly quota
   * per account and per IP. They land on the given line (else the order's first), visible to the customer and agents.
   */
  async push(
    customerId: number,
    input: { orderId: number; itemId?: number; kind: DocumentKind; files: PushedFile[]; ip: string },
  ) {
    const items = await this.ownItems(customerId, input.orderId);
    const target = input.itemId === undefined ? items[0] : items.find((i) => i.itemId === input.itemId);
    if (!target) throw new AppError('NOT_FOUND', `item ${input.itemId} of order ${input.orderId}`);
    if (input.files.length === 0) throw new AppError('FILE_MISSING', 'no files pushed');
    const checked: Array<PushedFile & { mime: string }> = [];
    for (const file of input.files) {
      if (file.bytes.length === 0) throw new AppError('FILE_EMPTY', `push ${file.filename}`);
      const check = await checkUpload(file.bytes);
      if (!check.ok) throw new AppError('FILE_TYPE_NOT_ALLOWED', `push ${file.filename}`);
      checked.push({ ...file, mime: check.mime });
    }
    for (const [bucket, key] of [
      ['order-files-user', String(customerId)],
      ['upload-ip', input.ip],
    ] as const) {
      for (let i = 0; i < checked.length; i++) {
        if (!(await reserveHit(this.db, { bucket, key, limit: this.config.uploadsPerHour, windowMs: HOUR_MS })))
          throw new AppError('TOO_MANY_UPLOADS', `${bucket} over ${this.config.uploadsPerHour}/h`);
      }
    }
    const stored: Array<(typeof checked)[number] & Awaited<ReturnType<FileStorage['put']>>> = [];
    for (const file of checked) stored.push({ ...file, ...(await this.files.put(file.bytes)) });
    const rows = await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(itemFiles)
        .values(
          stored.map((f) => ({
            itemId: target.itemId,
            filename: safeFilename(f.filename, f.mime),
            contentType: f.mime,
            size: f.bytes.length,
            sha256: f.sha256,
            storageKey: f.key,
            uploadedBy: customerId,
            visibleToCustomer: true,
            documentKind: input.kind,
          })),
        )
        .returning();
      // The agents' history of the line says the customer sent them (historyChanges names the files).
      await recordHistory(tx, [
        {
          itemId: target.itemId,
          accion: input.kind === 'identity' ? 'documento_identidad_cliente' : 'archivo_cliente',
          adminUserId: null,
          details: { customer_id: customerId, files: inserted.map((f) => ({ file_id: f.id, filename: f.filename })) },
        },
      ]);
      return inserted;
    });
    return {
      files: rows.map((file) =>
        documentOut(customerId, { file, orderId: input.orderId, productName: target.productName }),
      ),
    };
  }
}
