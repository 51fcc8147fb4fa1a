import { and, eq } from 'drizzle-orm';
import {
  canCorrectAnswers,
  describeAnswers,
  formatMoneyString,
  isFileReference,
  type AnswerValue,
} from '@ventanilla/domain';
import type { Db } from '../../db/database.js';
import { orderItems, orders } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import { type CatalogService, errorsOut, evaluateProduct, type RawAnswers } from '../catalog/index.js';
import { refuseStoppingOutcome } from '../cart/index.js';
import type { SessionState } from '../../shared/session-types.js';
import { attachAnswerUploads, ownerOf, type UploadsService } from '../uploads/index.js';
import { recordHistory } from '../order-records/index.js';

/** The history action of a customer's correction (item_history.accion). */
export const ANSWERS_CORRECTED = 'respuestas_corregidas';

/** Answers as the API shows them: file references stay objects, lists stay lists. */
function answersOut(answers: Record<string, AnswerValue>) {
  return answers as Record<string, unknown>;
}

const fileIds = (answers: Record<string, AnswerValue>) =>
  new Set(Object.values(answers).flatMap((v) => (isFileReference(v) ? [v.file_id] : [])));

/**
 * A customer completes or corrects the answers of one of their order lines (`/tienda/product/actualizar/...`).
 * Owner only (404 otherwise); only while nobody works on the line yet or an incidence asks for data; the server
 * re-evaluates the answers with the product's engine and refuses anything that would change the price
 * (docs/decisions/0004-item-answer-corrections.md). The old answers are kept in the item's history.
 */
export class ItemAnswersService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly uploads: UploadsService,
  ) {}

  private async load(customerId: number, orderId: number, itemId: number) {
    const rows = await this.db
      .select({ order: orders, item: orderItems })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(and(eq(orderItems.itemId, itemId), eq(orders.orderId, orderId), eq(orders.customerId, customerId)));
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND', `item ${itemId} of order ${orderId} of customer ${customerId}`);
    return row;
  }

  /** The line's product (its url_key in the order's store) and current answers, and whether they can be changed. */
  async get(customerId: number, orderId: number, itemId: number) {
    const { order, item } = await this.load(customerId, orderId, itemId);
    const product = this.catalog.findProductById(order.storeId, item.productId);
    return {
      order_id: order.orderId,
      item_id: item.itemId,
      store_id: order.storeId,
      product_id: item.productId,
      product_name: item.productName,
      // null when the store no longer offers the product: nothing to evaluate the answers against.
      url_key: product?.row.urlKey ?? null,
      panel_status_id: item.panelStatusId,
      editable: product !== undefined && canCorrectAnswers(order.status, item.panelStatusId),
      price: formatMoneyString(item.total),
      answers: answersOut(item.answers),
    };
  }

  /** Saves corrected answers (same engine as the wizard and the cart); returns the line as `get` does. */
  async update(session: SessionState, customerId: number, orderId: number, itemId: number, raw: RawAnswers) {
    const { order, item } = await this.load(customerId, orderId, itemId);
    const store = this.catalog.getStore(order.storeId);
    const product = this.catalog.findProductById(order.storeId, item.productId);
    if (!store || !product || !canCorrectAnswers(order.status, item.panelStatusId)) {
      throw new AppError('ITEM_NOT_EDITABLE', `item ${itemId} at ${order.status}/${item.panelStatusId}`);
    }
    const files = await this.uploads.resolverFor(this.db, ownerOf(session), [raw]);
    const evaluation = evaluateProduct(store, product, raw, files);
    refuseStoppingOutcome(evaluation, store, (id) => this.catalog.findProductById(order.storeId, id));
    if (evaluation.errors.length > 0) {
      throw new AppError('INVALID_ANSWERS', 'correct item answers', { errors: errorsOut(evaluation, store.language) });
    }
    // The amount was charged (or is being paid) as it is: a correction never changes what the line costs. Only the
    // supplements the answers choose are compared, so a later change of the catalogue's base price does not block it.
    if (evaluation.price.options !== item.optionsPrice) {
      throw new AppError('PRICE_CHANGE_NOT_ALLOWED', `item ${itemId}: ${item.total} -> ${evaluation.price.total}`, {
        params: { old: formatMoneyString(item.total), new: formatMoneyString(evaluation.price.total) },
      });
    }
    await this.db.transaction(async (tx) => {
      // Re-checked under a row lock: an agent may have taken the line meanwhile.
      const [locked] = await tx.select().from(orderItems).where(eq(orderItems.itemId, itemId)).for('update');
      const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.orderId, orderId));
      if (!locked || !current || !canCorrectAnswers(current.status, locked.panelStatusId)) {
        throw new AppError('ITEM_NOT_EDITABLE', `item ${itemId} changed meanwhile`);
      }
      if (JSON.stringify(locked.answers) === JSON.stringify(evaluation.answers)) return;
      await tx
        .update(orderItems)
        .set({
          answers: evaluation.answers,
          productOptions: describeAnswers(product.form, evaluation.answers),
          updatedAt: new Date(),
        })
        .where(eq(orderItems.itemId, itemId));
      await recordHistory(tx, [
        {
          itemId,
          accion: ANSWERS_CORRECTED,
          oldStatus: locked.panelStatusId,
          newStatus: locked.panelStatusId,
          details: {
            by: 'customer',
            customer_id: customerId,
            old_answers: locked.answers,
            new_answers: evaluation.answers,
          },
        },
      ]);
      // Documents added by the correction become the line's files, as at checkout.
      const before = fileIds(locked.answers);
      const added = Object.fromEntries(
        Object.entries(evaluation.answers).filter(([, v]) => isFileReference(v) && !before.has(v.file_id)),
      );
      await attachAnswerUploads(tx, customerId, [{ itemId, answers: added }]);
    });
    return this.get(customerId, orderId, itemId);
  }
}
