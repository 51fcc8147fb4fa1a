import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  agentDisplayName,
  clientStatusFor,
  dataChangeAlert,
  formatMoneyString,
  linksAsRelated,
  mayWorkOnItem,
  NOTARY_STATUSES,
  panelStatusText,
  PANEL_STATUS_IDS,
  type ItemSearchFilters,
  type Language,
} from '@ventanilla/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { itemFiles, itemHistory, itemNotes, orderItems, orders, payments, tickets, users } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { SessionUser } from '../../shared/session-types.js';
import {
  searchCappedPageQuery,
  searchCountQuery,
  searchPageQuery,
  SEARCH_TOTAL_CAP,
  type SearchScope,
} from './item-search.query.js';
import { searchRowOut, type SearchRow } from './item-search.rows.js';

/** What the customer sees of an item (null: the spec's "Estado no encontrado"). */
function clientStatusOf(rawStatus: string, item: { panelStatusId: number; clientStatusId: number | null }) {
  const seen = clientStatusFor({ rawStatus, panelStatusId: item.panelStatusId, clientStatusId: item.clientStatusId });
  return seen.ok ? seen.status.key : null;
}

function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/** The agents' view of order items: lists and the item page (the writes: ItemActionsService). */
export class BackofficeService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  statuses(language: Language) {
    return { items: PANEL_STATUS_IDS.map((id) => ({ id, text: panelStatusText(id, language) })) };
  }

  /**
   * One page of the order search (docs/backoffice.md, "Search"): the rows with status text, counts, the domain's
   * derived flags, the live lock's holder and the pinned notes; `has_more` from one extra row, and a total counted up
   * to SEARCH_TOTAL_CAP (`total_exact: false` beyond it: the total is then a lower bound).
   */
  async list(filters: ItemSearchFilters, language: Language, viewer?: SessionUser) {
    const now = this.now();
    // Notaries see notary work only, as on the item page (docs/backoffice.md, "Permissions").
    const scope: SearchScope = viewer?.role === 'notary' ? { statuses: NOTARY_STATUSES } : {};
    const offset = (filters.page - 1) * filters.size;
    const count = async () => {
      const counted = await this.db.execute<{ n: number }>(searchCountQuery(filters, scope));
      return Number(counted.rows[0]?.n ?? 0);
    };
    let rows: SearchRow[];
    let total: number;
    let totalExact: boolean;
    if (filters.text !== undefined || filters.email !== undefined) {
      // A substring filter: the matches are taken once, capped, and sorted (never by walking the date index, which the
      // planner may prefer when it expects many matches spread over time and which is slow when they all lie far back;
      // docs/backoffice.md, "Search"). Over the cap, the page is read in order like any other.
      const capped = (await this.db.execute<SearchRow & { match_count: number }>(searchCappedPageQuery(filters, scope)))
        .rows;
      const n = capped.length > 0 ? Number(capped[0]!.match_count) : filters.page === 1 ? 0 : await count();
      totalExact = n <= SEARCH_TOTAL_CAP;
      rows = totalExact ? capped : (await this.db.execute<SearchRow>(searchPageQuery(filters, scope))).rows;
      total = totalExact ? n : Math.max(n, rows.length > 0 ? offset + rows.length : 0);
    } else {
      rows = (await this.db.execute<SearchRow>(searchPageQuery(filters, scope))).rows;
      total = offset + rows.length;
      totalExact = rows.length <= filters.size && (rows.length > 0 || filters.page === 1);
      if (!totalExact) {
        const n = await count();
        totalExact = n <= SEARCH_TOTAL_CAP;
        // Rows on this page prove at least offset + rows matches; an empty page past the end proves nothing.
        total = totalExact ? n : Math.max(n, rows.length > 0 ? total : 0);
      }
    }
    const hasMore = rows.length > filters.size;
    return {
      items: rows.slice(0, filters.size).map((row) => searchRowOut(row, language, now)),
      page: filters.page,
      size: filters.size,
      has_more: hasMore,
      total,
      total_exact: totalExact,
    };
  }

  /**
   * An item with everything the item page shows. `viewer`: notaries see notary work only (anything else is a 404 for
   * them, docs/backoffice.md "Permissions").
   */
  async detail(itemId: number, language: Language, viewer?: SessionUser) {
    // One snapshot: the version (updated_at) shown always belongs to the notes, files and history shown with it, even
    // when a write commits while the page is being read (else the next write would carry a version that looks
    // current for content the agent never saw, or a stale one for content they did see).
    return this.db.transaction((tx) => this.detailIn(tx, itemId, language, viewer), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }

  private async detailIn(db: DbOrTx, itemId: number, language: Language, viewer?: SessionUser) {
    const [row] = await db
      .select({ item: orderItems, order: orders })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(eq(orderItems.itemId, itemId));
    if (!row) throw new AppError('NOT_FOUND', `item ${itemId}`);
    if (viewer?.role === 'notary' && !mayWorkOnItem('notary', row.item.panelStatusId)) {
      throw new AppError('NOT_FOUND', `item ${itemId}`);
    }
    const { item, order } = row;
    const admin = alias(users, 'admin');
    const [history, notes, fileRows, paymentRows, people, related, ticketRows] = await Promise.all([
      db
        .select({ h: itemHistory, name: sql<string | null>`${admin.firstname} || ' ' || ${admin.lastname}` })
        .from(itemHistory)
        .leftJoin(admin, eq(admin.id, itemHistory.adminUserId))
        .where(eq(itemHistory.itemId, itemId))
        .orderBy(desc(itemHistory.id)),
      db
        .select({ n: itemNotes, name: sql<string>`${admin.firstname} || ' ' || ${admin.lastname}` })
        .from(itemNotes)
        .innerJoin(admin, eq(admin.id, itemNotes.adminUserId))
        .where(eq(itemNotes.itemId, itemId))
        .orderBy(desc(itemNotes.pinned), desc(itemNotes.id)),
      db.select().from(itemFiles).where(eq(itemFiles.itemId, itemId)).orderBy(desc(itemFiles.id)),
      db.select().from(payments).where(eq(payments.orderId, order.orderId)).orderBy(desc(payments.id)),
      this.people(db, [item.lockedBy, item.asigneeId]),
      this.related(db, item, order.customerId),
      // Tickets linked to this item (the tickets' rel_pedido; docs/backoffice.md, "Tickets").
      db.select({ id: tickets.id }).from(tickets).where(eq(tickets.relatedItemId, itemId)).orderBy(tickets.id),
    ]);
    const person = (id: number | null) => (id === null ? null : { id, name: people.get(id) ?? String(id) });
    return {
      item_id: item.itemId,
      order_id: item.orderId,
      product_id: item.productId,
      product_name: item.productName,
      panel_status_id: item.panelStatusId,
      status_text: panelStatusText(item.panelStatusId, language),
      referencia: item.referencia,
      priority: item.priority,
      deadline_at: iso(item.deadlineAt),
      standby_until: iso(item.standbyUntil),
      provider_id: item.providerId,
      client_status_id: item.clientStatusId,
      client_status: clientStatusOf(order.status, item),
      atributos: item.atributos,
      origin: item.origin,
      payed_with: paymentRows.find((p) => p.status === 'captured')?.method ?? null,
      data_change_alert: dataChangeAlert(
        history.find(({ h }) => h.accion === 'respuestas_corregidas')?.h.createdAt ?? null,
        item.dataAlertOffAt,
      ),
      asignee: person(item.asigneeId),
      locked_by:
        item.lockExpiresAt && item.lockExpiresAt.getTime() > this.now().getTime() ? person(item.lockedBy) : null,
      incidencia_status_id: item.incidenciaStatusId,
      incidencia_text: item.incidenciaText,
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
        consents:
          order.termsAcceptedAt && order.termsVersion && order.termsHash && order.termsLanguage
            ? {
                terms_version: order.termsVersion,
                terms_hash: order.termsHash,
                terms_language: order.termsLanguage,
                accepted_at: order.termsAcceptedAt.toISOString(),
                start_now_at: iso(order.startNowAt),
              }
            : null,
        invoice_request:
          order.invoiceName !== null && order.invoiceTaxId !== null
            ? { name: order.invoiceName, tax_id: order.invoiceTaxId, country: order.invoiceCountry ?? '' }
            : null,
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
        old_referencia: h.oldReferencia,
        new_referencia: h.newReferencia,
        details: h.details,
        admin_user_id: h.adminUserId,
        admin_name: agentDisplayName(h.adminUserId, name, language),
        created_at: h.createdAt.toISOString(),
      })),
      notes: notes.map(({ n, name }) => ({
        id: n.id,
        text: n.text,
        pinned: n.pinned,
        admin_user_id: n.adminUserId,
        admin_name: agentDisplayName(n.adminUserId, name, language),
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
      related_ticket_ids: ticketRows.map((r) => r.id),
      related_orders: related.map((r) => ({
        item_id: r.itemId,
        order_id: r.orderId,
        product_id: r.productId,
        product_name: r.productName,
        panel_status_id: r.panelStatusId,
        status_text: panelStatusText(r.panelStatusId, language),
        created_at: r.createdAt.toISOString(),
        linked: linksAsRelated(item, r),
      })),
    };
  }

  /** Names of agents by id. */
  private async people(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
      .from(users)
      .where(inArray(users.id, wanted));
    return new Map(rows.map((r) => [r.id, `${r.firstname} ${r.lastname}`]));
  }

  /**
   * Related orders: the customer's other items (the other items of this order too), newest first, at most 20; `linked`
   * marks the property search / nota simple pairs of the domain rule (linksAsRelated).
   */
  private async related(db: DbOrTx, item: { itemId: number }, customerId: number) {
    return db
      .select({
        itemId: orderItems.itemId,
        orderId: orderItems.orderId,
        productId: orderItems.productId,
        productName: orderItems.productName,
        panelStatusId: orderItems.panelStatusId,
        createdAt: orderItems.createdAt,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(and(eq(orders.customerId, customerId), ne(orderItems.itemId, item.itemId)))
      .orderBy(desc(orderItems.createdAt), desc(orderItems.itemId))
      .limit(20);
  }

  async findFile(itemId: number, fileId: number) {
    const [file] = await this.db
      .select()
      .from(itemFiles)
      .where(and(eq(itemFiles.id, fileId), eq(itemFiles.itemId, itemId)));
    if (!file) throw new AppError('NOT_FOUND', `file ${fileId}`);
    return file;
  }
}
