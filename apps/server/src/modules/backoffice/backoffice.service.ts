import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  formatMoneyString,
  isPanelStatusId,
  panelStatusText,
  PANEL_STATUS_IDS,
  type Language,
  type PanelStatusId,
} from '@ventanilla/domain';
import type { Db } from '../../db/database.js';
import { itemFiles, itemHistory, itemNotes, orderItems, orders, payments, users } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { SessionUser } from '../customers/sessions.repository.js';
import type { FileStorage } from '../files/file-storage.js';
import { checkUpload, safeFilename } from '../files/upload-check.js';
import type { OrderEvents } from '../orders/order-events.js';
import { recordHistory } from '../orders/orders.repository.js';

export interface ItemFilter {
  page: number;
  perPage: number;
  status?: number;
  email?: string;
  orderId?: number;
}

const NOTE_MAX = 5000;

function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/** The agents' work on order items: lists, detail, status changes with history, notes and documents. */
export class BackofficeService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStorage,
    private readonly orderEvents: OrderEvents,
  ) {}

  statuses(language: Language) {
    return { items: PANEL_STATUS_IDS.map((id) => ({ id, text: panelStatusText(id, language) })) };
  }

  async list(filter: ItemFilter, language: Language) {
    const where: SQL[] = [];
    // A filter by an id outside the 24 statuses simply matches nothing.
    if (filter.status !== undefined) where.push(eq(orderItems.panelStatusId, filter.status as PanelStatusId));
    if (filter.orderId !== undefined) where.push(eq(orderItems.orderId, filter.orderId));
    if (filter.email) where.push(ilike(orders.customerEmail, `%${filter.email.replace(/[%_\\]/g, '\\$&')}%`));
    const condition = where.length ? and(...where) : undefined;
    const [total] = await this.db
      .select({ n: count() })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(condition);
    const rows = await this.db
      .select({
        item: orderItems,
        order: orders,
        notes: sql<number>`(select count(*)::int from ${itemNotes} where ${itemNotes.itemId} = ${orderItems.itemId})`,
        files: sql<number>`(select count(*)::int from ${itemFiles} where ${itemFiles.itemId} = ${orderItems.itemId})`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(condition)
      .orderBy(desc(orderItems.createdAt), desc(orderItems.itemId))
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage);
    return {
      items: rows.map((r) => ({
        item_id: r.item.itemId,
        order_id: r.item.orderId,
        product_id: r.item.productId,
        product_name: r.item.productName,
        panel_status_id: r.item.panelStatusId,
        status_text: panelStatusText(r.item.panelStatusId, language),
        email: r.order.customerEmail,
        customer_name: `${r.order.customerFirstname} ${r.order.customerLastname}`,
        created_at: r.item.createdAt.toISOString(),
        total: formatMoneyString(r.item.total),
        notes_count: r.notes,
        files_count: r.files,
      })),
      total: total?.n ?? 0,
      page: filter.page,
      per_page: filter.perPage,
    };
  }

  async detail(itemId: number, language: Language) {
    const [row] = await this.db
      .select({ item: orderItems, order: orders })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(eq(orderItems.itemId, itemId));
    if (!row) throw new AppError('NOT_FOUND', `item ${itemId}`);
    const { item, order } = row;
    const admin = alias(users, 'admin');
    const [history, notes, fileRows, paymentRows] = await Promise.all([
      this.db
        .select({ h: itemHistory, name: sql<string | null>`${admin.firstname} || ' ' || ${admin.lastname}` })
        .from(itemHistory)
        .leftJoin(admin, eq(admin.id, itemHistory.adminUserId))
        .where(eq(itemHistory.itemId, itemId))
        .orderBy(desc(itemHistory.id)),
      this.db
        .select({ n: itemNotes, name: sql<string>`${admin.firstname} || ' ' || ${admin.lastname}` })
        .from(itemNotes)
        .innerJoin(admin, eq(admin.id, itemNotes.adminUserId))
        .where(eq(itemNotes.itemId, itemId))
        .orderBy(desc(itemNotes.id)),
      this.db.select().from(itemFiles).where(eq(itemFiles.itemId, itemId)).orderBy(desc(itemFiles.id)),
      this.db.select().from(payments).where(eq(payments.orderId, order.orderId)).orderBy(desc(payments.id)),
    ]);
    return {
      item_id: item.itemId,
      order_id: item.orderId,
      product_id: item.productId,
      product_name: item.productName,
      panel_status_id: item.panelStatusId,
      status_text: panelStatusText(item.panelStatusId, language),
      referencia: item.referencia,
      created_at: item.createdAt.toISOString(),
      updated_at: item.updatedAt.toISOString(),
      price: formatMoneyString(item.total),
      product_options: item.productOptions,
      customer: {
        customer_id: order.customerId,
        email: order.customerEmail,
        firstname: order.customerFirstname,
        lastname: order.customerLastname,
      },
      order: {
        order_id: order.orderId,
        store_id: order.storeId,
        status: order.status,
        subtotal: formatMoneyString(order.subtotal),
        tax_amount: formatMoneyString(order.taxAmount),
        total: formatMoneyString(order.total),
        paid_at: iso(order.paidAt),
      },
      payments: paymentRows.map((p) => ({
        id: p.id,
        method: p.method,
        provider: p.provider,
        provider_ref: p.providerRef,
        amount: formatMoneyString(p.amount),
        status: p.status,
        failure_code: p.failureCode,
        card: p.cardLast4 ? `${p.cardBrand ?? ''} •••• ${p.cardLast4}`.trim() : null,
        created_at: p.createdAt.toISOString(),
      })),
      history: history.map(({ h, name }) => ({
        id: h.id,
        accion: h.accion,
        old_status: h.oldStatus,
        new_status: h.newStatus,
        old_status_text: h.oldStatus === null ? null : panelStatusText(h.oldStatus, language),
        new_status_text: h.newStatus === null ? null : panelStatusText(h.newStatus, language),
        admin_user_id: h.adminUserId,
        admin_name: name,
        created_at: h.createdAt.toISOString(),
      })),
      notes: notes.map(({ n, name }) => ({
        id: n.id,
        text: n.text,
        admin_user_id: n.adminUserId,
        admin_name: name,
        created_at: n.createdAt.toISOString(),
      })),
      files: fileRows.map((f) => ({
        id: f.id,
        filename: f.filename,
        content_type: f.contentType,
        size: f.size,
        created_at: f.createdAt.toISOString(),
        visible_to_customer: f.visibleToCustomer,
        uploaded_by_customer: f.uploadId !== null,
        option_id: f.optionId,
      })),
    };
  }

  /**
   * Moves an item to another panel status, recording old/new status, agent and time. With `expectedUpdatedAt` the
   * change only applies when nobody changed the item since the agent loaded it (else STALE_ITEM).
   */
  async changeStatus(agent: SessionUser, itemId: number, statusId: number, expectedUpdatedAt?: string): Promise<void> {
    if (!isPanelStatusId(statusId)) throw new AppError('UNKNOWN_STATUS', `status ${statusId}`);
    await this.db.transaction(async (tx) => {
      const [item] = await tx.select().from(orderItems).where(eq(orderItems.itemId, itemId)).for('update');
      if (!item) throw new AppError('NOT_FOUND', `item ${itemId}`);
      if (expectedUpdatedAt && item.updatedAt.toISOString() !== new Date(expectedUpdatedAt).toISOString()) {
        throw new AppError('STALE_ITEM', `item ${itemId} changed since ${expectedUpdatedAt}`);
      }
      if (item.panelStatusId === statusId) return;
      await tx
        .update(orderItems)
        .set({ panelStatusId: statusId, updatedAt: new Date() })
        .where(eq(orderItems.itemId, itemId));
      await recordHistory(tx, [
        { itemId, accion: 'cambio_estado', oldStatus: item.panelStatusId, newStatus: statusId, adminUserId: agent.id },
      ]);
      await this.orderEvents.emit('itemStatusChanged', tx, {
        orderId: item.orderId,
        itemId,
        oldStatus: item.panelStatusId,
        newStatus: statusId,
      });
    });
  }

  async addNote(agent: SessionUser, itemId: number, text: string) {
    const clean = text.trim();
    if (!clean)
      throw new AppError('VALIDATION_ERROR', 'empty note', { fields: [{ field: 'text', key: 'note.empty' }] });
    if (clean.length > NOTE_MAX) {
      throw new AppError('VALIDATION_ERROR', 'long note', {
        fields: [{ field: 'text', key: 'field.too_long', params: { max: NOTE_MAX } }],
      });
    }
    await this.assertItem(itemId);
    const [note] = await this.db.insert(itemNotes).values({ itemId, text: clean, adminUserId: agent.id }).returning();
    if (!note) throw new Error('note insert returned nothing');
    await this.touch(itemId);
    return {
      id: note.id,
      text: note.text,
      admin_user_id: note.adminUserId,
      admin_name: `${agent.firstname} ${agent.lastname}`,
      created_at: note.createdAt.toISOString(),
    };
  }

  /** Stores an uploaded document after checking its real type by content. */
  async addFile(agent: SessionUser, itemId: number, upload: { filename: string; bytes: Buffer }) {
    await this.assertItem(itemId);
    const check = await checkUpload(upload.bytes);
    if (!check.ok) throw new AppError('FILE_TYPE_NOT_ALLOWED', `upload ${upload.filename}`);
    const stored = await this.files.put(upload.bytes);
    const [file] = await this.db
      .insert(itemFiles)
      .values({
        itemId,
        filename: safeFilename(upload.filename, check.mime),
        contentType: check.mime,
        size: upload.bytes.length,
        sha256: stored.sha256,
        storageKey: stored.key,
        uploadedBy: agent.id,
        visibleToCustomer: true,
      })
      .returning();
    if (!file) throw new Error('file insert returned nothing');
    await recordHistory(this.db, [{ itemId, accion: 'archivo_subido', adminUserId: agent.id }]);
    await this.touch(itemId);
    return {
      id: file.id,
      filename: file.filename,
      content_type: file.contentType,
      size: file.size,
      created_at: file.createdAt.toISOString(),
      visible_to_customer: file.visibleToCustomer,
    };
  }

  async findFile(itemId: number, fileId: number) {
    const [file] = await this.db
      .select()
      .from(itemFiles)
      .where(and(eq(itemFiles.id, fileId), eq(itemFiles.itemId, itemId)));
    if (!file) throw new AppError('NOT_FOUND', `file ${fileId}`);
    return file;
  }

  private async assertItem(itemId: number) {
    const rows = await this.db
      .select({ id: orderItems.itemId })
      .from(orderItems)
      .where(inArray(orderItems.itemId, [itemId]));
    if (rows.length === 0) throw new AppError('NOT_FOUND', `item ${itemId}`);
  }

  private async touch(itemId: number) {
    await this.db.update(orderItems).set({ updatedAt: new Date() }).where(eq(orderItems.itemId, itemId));
  }
}
