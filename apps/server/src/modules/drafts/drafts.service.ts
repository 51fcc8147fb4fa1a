import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { wizardDrafts } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { CatalogService } from '../catalog/index.js';

/** Drafts untouched for this long are no longer offered (and are deleted when the customer's list is read). */
export const SERVER_DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface DraftInput {
  answers: Record<string, string>;
  seen: number[];
  last_path: string | null;
  last_step: number;
}

/**
 * Unfinished orders (wizard drafts) of signed-in customers, one per store and product, so that a customer finds them
 * in the account on any device. Only their owner reads or writes them. The answers are kept as typed: nothing in a
 * draft is trusted, resuming sends them to the evaluate endpoint like any other answers.
 */
export class DraftsService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
  ) {}

  /** The customer's drafts of products still offered in their stores, newest first. */
  async list(userId: number, now = new Date()) {
    const since = new Date(now.getTime() - SERVER_DRAFT_MAX_AGE_MS);
    await this.db.delete(wizardDrafts).where(and(eq(wizardDrafts.userId, userId), lt(wizardDrafts.updatedAt, since)));
    const rows = await this.db
      .select()
      .from(wizardDrafts)
      .where(and(eq(wizardDrafts.userId, userId), gt(wizardDrafts.updatedAt, since)))
      .orderBy(desc(wizardDrafts.updatedAt), desc(wizardDrafts.id));
    return {
      items: rows.flatMap((r) => {
        const product = this.catalog.findProduct(r.storeId, r.urlKey);
        if (!product) return [];
        return [
          {
            store_id: r.storeId,
            url_key: r.urlKey,
            product_id: product.row.productId,
            product_name: product.row.name,
            answers: r.answers,
            seen: r.seen,
            last_path: r.lastPath,
            last_step: r.lastStep,
            updated_at: r.updatedAt.toISOString(),
          },
        ];
      }),
    };
  }

  /** Creates or replaces the customer's draft of a product in a store (404 when the store does not offer it). */
  async save(userId: number, storeId: number, urlKey: string, input: DraftInput): Promise<void> {
    if (!this.catalog.findProduct(storeId, urlKey))
      throw new AppError('NOT_FOUND', `product ${urlKey} in store ${storeId}`);
    const values = {
      answers: input.answers,
      seen: [...new Set(input.seen)],
      lastPath: input.last_path,
      lastStep: input.last_step,
      updatedAt: new Date(),
    };
    await this.db
      .insert(wizardDrafts)
      .values({ userId, storeId, urlKey, ...values })
      .onConflictDoUpdate({ target: [wizardDrafts.userId, wizardDrafts.storeId, wizardDrafts.urlKey], set: values });
  }

  /**
   * Starts a draft of a product for a customer (a ticket converted into a lead: the customer finds it in the account
   * and finishes it in the shop). An existing draft of the product is kept as it is. Returns the draft's id;
   * VALIDATION_ERROR when the store does not offer the product.
   */
  async createForCustomer(tx: DbOrTx, userId: number, storeId: number, productId: number): Promise<number> {
    const product = this.catalog.findProductById(storeId, productId);
    const urlKey = product?.row.urlKey;
    if (!urlKey || !this.catalog.findProduct(storeId, urlKey)) {
      throw new AppError('VALIDATION_ERROR', `product ${productId} not offered in store ${storeId}`, {
        fields: [{ field: 'product_id', key: 'field.invalid' }],
      });
    }
    await tx
      .insert(wizardDrafts)
      .values({ userId, storeId, urlKey, answers: {}, seen: [], lastPath: null, lastStep: 0 })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ id: wizardDrafts.id })
      .from(wizardDrafts)
      .where(and(eq(wizardDrafts.userId, userId), eq(wizardDrafts.storeId, storeId), eq(wizardDrafts.urlKey, urlKey)));
    return row!.id;
  }

  /** Deletes the customer's draft (added to the cart, or "start again"); deleting nothing is fine. */
  async remove(userId: number, storeId: number, urlKey: string): Promise<void> {
    await this.db
      .delete(wizardDrafts)
      .where(and(eq(wizardDrafts.userId, userId), eq(wizardDrafts.storeId, storeId), eq(wizardDrafts.urlKey, urlKey)));
  }
}
