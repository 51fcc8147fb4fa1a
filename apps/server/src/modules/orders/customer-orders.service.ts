import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  PanelStatus,
  clientStatusFor,
  clientStatusText,
  formatMoneyString,
  orderSummary,
  translateDomainMessage,
  type Language,
} from '@ventanilla/domain';
import type { Db } from '../../db/database.js';
import { itemFiles, orderItems, orders } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { WithdrawalService } from './withdrawal.service.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type FileRow = typeof itemFiles.$inferSelect;

/** The customer-facing status of an item; an unmatched status shows the spec's "Estado no encontrado". */
export function clientStatusOut(order: OrderRow, item: ItemRow, language: Language) {
  const result = clientStatusFor({
    rawStatus: order.status,
    panelStatusId: item.panelStatusId,
    clientStatusId: item.clientStatusId,
  });
  if (!result.ok)
    return {
      key: 'unknown' as const,
      text: translateDomainMessage(language, { key: 'status.not_found' }),
      style: 'gray' as const,
    };
  return { key: result.status.key, text: clientStatusText(result.status.key, language), style: result.status.style };
}

function fileOut(f: FileRow) {
  return {
    id: f.id,
    filename: f.filename,
    content_type: f.contentType,
    size: f.size,
    created_at: f.createdAt.toISOString(),
    uploaded_by_customer: f.uploadId !== null,
    option_id: f.optionId,
  };
}

function orderOut(order: OrderRow, items: ItemRow[], files: FileRow[], language: Language) {
  return {
    order_id: order.orderId,
    created_at: order.createdAt.toISOString(),
    store_id: order.storeId,
    status: order.status,
    paid: order.paidAt !== null,
    subtotal: formatMoneyString(order.subtotal),
    tax: formatMoneyString(order.taxAmount),
    total: formatMoneyString(order.total),
    currency: order.currency,
    items: items.map((item) => ({
      id: item.itemId,
      order_id: item.orderId,
      product_id: item.productId,
      product_name: item.productName,
      qty: item.qty,
      created_at: item.createdAt.toISOString(),
      panel_status_id: item.panelStatusId,
      referencia: item.referencia,
      price: formatMoneyString(item.total),
      client_status: clientStatusOut(order, item, language),
      summary: orderSummary(item.productOptions),
      options: item.productOptions,
      files: files.filter((f) => f.itemId === item.itemId).map(fileOut),
    })),
  };
}

/** The order list's filters (docs/customer-panel.md, "Orders list filters"). */
export interface CustomerOrderFilters {
  /** What the customer sees: pending (not paid), processing, incidence (a line waits for them), ready (all done). */
  status?: 'pending' | 'processing' | 'incidence' | 'ready';
  /** Placed on or after this day (YYYY-MM-DD, Madrid). */
  from?: string;
  /** Placed on or before this day (YYYY-MM-DD, Madrid). */
  to?: string;
  /** The order number, or text in a line's product name or reference. */
  q?: string;
}

/** `%` and `_` are literal in the search text. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function orderFilters(f: CustomerOrderFilters): SQL[] {
  const out: SQL[] = [];
  const lines = (condition: SQL) =>
    sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.orderId} and ${condition})`;
  const done = sql`${orderItems.panelStatusId} in (${PanelStatus.Delivered}, ${PanelStatus.Closed})`;
  switch (f.status) {
    case 'pending':
      out.push(isNull(orders.paidAt));
      break;
    case 'incidence':
      out.push(isNotNull(orders.paidAt), lines(sql`${orderItems.panelStatusId} = ${PanelStatus.Incident}`));
      break;
    case 'processing':
      out.push(
        isNotNull(orders.paidAt),
        lines(sql`not (${done}) and ${orderItems.panelStatusId} <> ${PanelStatus.Incident}`),
      );
      break;
    case 'ready':
      out.push(isNotNull(orders.paidAt), sql`not ${lines(sql`not (${done})`)}`);
      break;
    case undefined:
      break;
  }
  // Calendar days in the shop's time zone (a late-evening order belongs to its Madrid day).
  if (f.from) out.push(gte(orders.createdAt, sql`(${f.from}::date)::timestamp at time zone 'Europe/Madrid'`));
  if (f.to) out.push(lt(orders.createdAt, sql`((${f.to}::date + 1)::timestamp) at time zone 'Europe/Madrid'`));
  const q = f.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    const byNumber = /^\d{1,9}$/.test(q) ? sql`${orders.orderId} = ${Number(q)} or ` : sql``;
    out.push(
      sql`(${byNumber}${lines(sql`(${orderItems.productName} ilike ${pattern} or ${orderItems.referencia} ilike ${pattern})`)})`,
    );
  }
  return out;
}

/** Orders of the signed-in customer only: someone else's order is "not found", never "forbidden". */
export class CustomerOrdersService {
  constructor(
    private readonly db: Db,
    /** Whether an order can be withdrawn from its page (the one-order answer only). */
    private readonly withdrawals?: WithdrawalService,
  ) {}

  private async withItems(rows: OrderRow[], language: Language) {
    const ids = rows.map((o) => o.orderId);
    if (ids.length === 0) return [];
    const items = await this.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(orderItems.itemId);
    const itemIds = items.map((i) => i.itemId);
    const files = itemIds.length
      ? await this.db
          .select()
          .from(itemFiles)
          .where(and(inArray(itemFiles.itemId, itemIds), eq(itemFiles.visibleToCustomer, true)))
          .orderBy(itemFiles.id)
      : [];
    return rows.map((o) =>
      orderOut(
        o,
        items.filter((i) => i.orderId === o.orderId),
        files,
        language,
      ),
    );
  }

  async list(
    customerId: number,
    page: number,
    perPage: number,
    language: Language,
    filters: CustomerOrderFilters = {},
  ) {
    const where = and(eq(orders.customerId, customerId), ...orderFilters(filters));
    const [total] = await this.db.select({ n: count() }).from(orders).where(where);
    const rows = await this.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.orderId))
      .limit(perPage)
      .offset((page - 1) * perPage);
    return { items: await this.withItems(rows, language), total: total?.n ?? 0, page, per_page: perPage };
  }

  async get(customerId: number, orderId: number, language: Language) {
    const rows = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.orderId, orderId), eq(orders.customerId, customerId)));
    const order = rows[0];
    if (!order) throw new AppError('NOT_FOUND', `order ${orderId} of customer ${customerId}`);
    const [out] = await this.withItems(rows, language);
    if (!out || !this.withdrawals) return out;
    return { ...out, withdrawal: await this.withdrawals.view(order) };
  }

  /** A document of one of the customer's own items, visible to customers. */
  async findFile(customerId: number, orderId: number, fileId: number): Promise<FileRow> {
    const rows = await this.db
      .select({ file: itemFiles })
      .from(itemFiles)
      .innerJoin(orderItems, eq(orderItems.itemId, itemFiles.itemId))
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(
        and(
          eq(itemFiles.id, fileId),
          eq(orders.orderId, orderId),
          eq(orders.customerId, customerId),
          eq(itemFiles.visibleToCustomer, true),
        ),
      );
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND', `file ${fileId}`);
    return row.file;
  }
}
