import { CLIENT_EMAIL_INCIDENCE, isIncidentShownToClient, PanelStatus, type Language } from '@ventanilla/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { itemFiles, orderItems, orders } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import { checkUpload, type FileStorage, safeFilename } from '../files/index.js';
import { type OrderEvents, recordHistory } from '../order-records/index.js';
import { INCIDENCE_ANSWER_ACTION, incidenceAnswers } from './item-templates.service.js';
import type { TemplatesService } from './templates.service.js';

/** The longest answer a customer may write. */
export const ANSWER_MAX = 5000;
/** Files one answer may carry. */
export const ANSWER_MAX_FILES = 5;

export interface AnswerUpload {
  filename: string;
  bytes: Buffer;
}

/**
 * The customer's side of the incident loop (spec: loadIncidenciaPedido / uploadIncidenciaPedido, the incident form
 * customer/form/{form}/{order}): the incident of one of their items and their answer. Someone else's item is 404.
 */
export class CustomerIncidenceService {
  constructor(
    private readonly db: Db,
    private readonly templates: TemplatesService,
    private readonly files: FileStorage,
    private readonly orderEvents: OrderEvents,
    private readonly now: () => Date,
    /** The language of a store (its templates are sent and shown in it). */
    private readonly storeLanguage: (storeId: number) => Language,
  ) {}

  private async owned(tx: DbOrTx, customerId: number, orderId: number, itemId: number, forUpdate = false) {
    const query = tx
      .select({ item: orderItems, order: orders })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(and(eq(orderItems.itemId, itemId), eq(orders.orderId, orderId), eq(orders.customerId, customerId)));
    const [row] = forUpdate ? await query.for('update', { of: orderItems }) : await query;
    if (!row) throw new AppError('NOT_FOUND', `item ${itemId} of order ${orderId} of customer ${customerId}`);
    return row;
  }

  /** loadIncidenciaPedido: whether the item waits for the customer, the incidence and its text, earlier answers. */
  async load(customerId: number, orderId: number, itemId: number) {
    const { item, order } = await this.owned(this.db, customerId, orderId, itemId);
    const shown = isIncidentShownToClient({
      panelStatusId: item.panelStatusId,
      incidenciaStatusId: item.incidenciaStatusId,
    });
    const language = this.storeLanguage(order.storeId);
    const template =
      shown && item.incidenciaStatusId !== null
        ? await this.templates.find('incidence', item.incidenciaStatusId, language)
        : undefined;
    return {
      item_id: item.itemId,
      order_id: order.orderId,
      product_name: item.productName,
      open: item.panelStatusId === PanelStatus.Incident,
      shown,
      incidence_name: template?.name ?? null,
      text: shown ? item.incidenciaText : null,
      answers: await incidenceAnswers(this.db, itemId),
    };
  }

  /** Before the body is read: someone else's item is 404, an item not waiting for an answer 409. */
  async assertAnswerable(customerId: number, orderId: number, itemId: number): Promise<void> {
    const { item } = await this.owned(this.db, customerId, orderId, itemId);
    if (item.panelStatusId !== PanelStatus.Incident) throw new AppError('INCIDENCE_NOT_OPEN', `item ${itemId}`);
  }

  /**
   * uploadIncidenciaPedido: the customer's answer (a message, files checked by their content). It lands in the
   * history, the item goes back to 40 Pendiente (a work status: the queue gives it out again, its postponement
   * cleared) flagged "client e-mail answered" (incidence 58, the customer's message newer than the staff's).
   */
  async answer(customerId: number, orderId: number, itemId: number, message: string, uploads: AnswerUpload[]) {
    const text = message.trim();
    if (text.length > ANSWER_MAX) {
      throw new AppError('VALIDATION_ERROR', 'long answer', {
        fields: [{ field: 'message', key: 'field.too_long', params: { max: ANSWER_MAX } }],
      });
    }
    if (!text && uploads.length === 0) {
      throw new AppError('VALIDATION_ERROR', 'empty answer', {
        fields: [{ field: 'message', key: 'incidence.message_required' }],
      });
    }
    // Owner first (404 before anything is stored), then the files by their bytes.
    const { item } = await this.owned(this.db, customerId, orderId, itemId);
    if (item.panelStatusId !== PanelStatus.Incident) throw new AppError('INCIDENCE_NOT_OPEN', `item ${itemId}`);
    const checked: Array<AnswerUpload & { mime: string }> = [];
    for (const upload of uploads) {
      if (upload.bytes.length === 0) throw new AppError('FILE_EMPTY', `upload ${upload.filename}`);
      const check = await checkUpload(upload.bytes);
      if (!check.ok) throw new AppError('FILE_TYPE_NOT_ALLOWED', `upload ${upload.filename}`);
      checked.push({ ...upload, mime: check.mime });
    }
    const stored: Array<AnswerUpload & { mime: string; key: string; sha256: string }> = [];
    for (const upload of checked) stored.push({ ...upload, ...(await this.files.put(upload.bytes)) });

    await this.db.transaction(async (tx) => {
      const { item: current, order } = await this.owned(tx, customerId, orderId, itemId, true);
      // Checked again under the row lock: two answers at once move the item once.
      if (current.panelStatusId !== PanelStatus.Incident) throw new AppError('INCIDENCE_NOT_OPEN', `item ${itemId}`);
      const fileIds: number[] = [];
      for (const upload of stored) {
        const [file] = await tx
          .insert(itemFiles)
          .values({
            itemId,
            filename: safeFilename(upload.filename, upload.mime),
            contentType: upload.mime,
            size: upload.bytes.length,
            sha256: upload.sha256,
            storageKey: upload.key,
            uploadedBy: customerId,
            visibleToCustomer: true,
          })
          .returning({ id: itemFiles.id });
        if (!file) throw new Error('file insert returned nothing');
        fileIds.push(file.id);
      }
      const now = this.now();
      await tx
        .update(orderItems)
        .set({
          panelStatusId: PanelStatus.Pending,
          incidenciaStatusId: CLIENT_EMAIL_INCIDENCE,
          customerMessageAt: now,
          standbyUntil: null,
          updatedAt: now,
        })
        .where(eq(orderItems.itemId, itemId));
      await recordHistory(tx, [
        {
          itemId,
          accion: INCIDENCE_ANSWER_ACTION,
          oldStatus: PanelStatus.Incident,
          newStatus: PanelStatus.Pending,
          adminUserId: null,
          details: {
            message: text,
            file_ids: fileIds,
            customer_id: customerId,
            incidence_id: current.incidenciaStatusId,
          },
        },
      ]);
      await this.orderEvents.emit('itemStatusChanged', tx, {
        orderId: order.orderId,
        itemId,
        oldStatus: PanelStatus.Incident,
        newStatus: PanelStatus.Pending,
      });
    });
  }
}
