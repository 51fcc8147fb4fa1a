import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  companyInitials,
  CUSTOMER_SUMMARY_KINDS,
  CUSTOMER_SUMMARY_LIMIT,
  customerSummaryAttrs,
  parseNotaSimple,
  SAVED_ITEM_ORIGINS,
  savedItemFromOrderLine,
  SAVED_ITEMS_MAX_PER_KIND,
  savedItemsListQuery,
  validateSavedItem,
  type DocParsed,
  type DocParsedEntity,
  type SavedItemInput,
  type SavedItemKind,
  type SavedItemsListRequest,
  type ValidSavedItem,
} from '@ventanilla/domain';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { isUniqueViolation } from '../../db/sql-state.js';
import { reusableStatement } from '../../db/statements.js';
import {
  itemDocumentReads,
  itemFiles,
  orderItems,
  orders,
  savedItemOrders,
  savedItems,
  users,
} from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { FileAttachedEvent } from '../order-records/index.js';
import { pdfText } from './pdf-text.js';

type SavedRow = typeof savedItems.$inferSelect;

/** What a customer sends to create a saved item (documents may name one of their orders' documents). */
export interface SavedItemBody extends SavedItemInput {
  file_id?: number | null;
}

/** A PUT: the fields sent replace the item's (a follow-up or favourite toggle sends only that). */
export type SavedItemPatch = Partial<SavedItemBody>;

/** LIKE pattern of a search text (its %, _ and \ taken literally). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The products whose delivered PDF is a nota simple (the property origins of saved items). */
const NOTA_SIMPLE_PRODUCTS = new Set(
  SAVED_ITEM_ORIGINS.filter((o) => o.kind === 'property').flatMap((o) => o.productIds),
);

/**
 * The customer panel's saved properties, companies, vehicles and documents (docs/customer-panel.md). Every read and
 * write is scoped to the signed-in customer: another customer's id is the same 404 as an id that does not exist.
 * Items are also saved from orders, with the customer's consent, when an order is paid or a line delivered.
 */
/** Whether an order's customer asked for its items to be saved (users.save_items_from_orders). */
const orderConsent = reusableStatement('saved_items_order_consent', (db) =>
  db
    .select({ customerId: orders.customerId, consent: users.saveItemsFromOrders })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(eq(orders.orderId, sql.placeholder('orderId'))),
);

export class SavedItemsService {
  constructor(
    private readonly db: Db,
    private readonly log: { warn: (obj: object, msg: string) => void } = { warn: () => {} },
  ) {}

  /** The customer's items of a kind: newest first, 10 a page unless asked, searched by `q`, favourites only. */
  async list(userId: number, kind: SavedItemKind, request: SavedItemsListRequest) {
    const { query, rows, total } = await this.page(userId, kind, request);
    return {
      items: await this.out(this.db, userId, rows),
      total,
      page: query.page,
      per_page: query.perPage,
    };
  }

  /**
   * A customer's saved properties, companies and vehicles for the back office (beside an order or a ticket): the
   * newest of each kind, one line each (customerSummaryAttrs), with the totals. NOT_FOUND when the id is no customer
   * account (a staff account that bought something is not a customer here, as in the customers' pages).
   */
  async customerSummary(customerId: number) {
    const [customer] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, customerId), eq(users.role, 'customer')));
    if (!customer) throw new AppError('NOT_FOUND', `customer ${customerId}`);
    const kinds = await Promise.all(
      CUSTOMER_SUMMARY_KINDS.map(async (kind) => {
        const { rows, total } = await this.page(customerId, kind, { per_page: CUSTOMER_SUMMARY_LIMIT });
        const items = rows.map((r) => ({
          id: r.id,
          name: r.name,
          favourite: r.favourite,
          attrs: customerSummaryAttrs(kind, r.meta.attr ?? []),
        }));
        return [kind, { items, total }] as const;
      }),
    );
    const of = Object.fromEntries(kinds) as Record<(typeof kinds)[number][0], (typeof kinds)[number][1]>;
    return { customer_id: customerId, properties: of.property, companies: of.company, vehicles: of.vehicle };
  }

  /** One page of a customer's items of a kind (the rows as stored) and how many match. */
  private async page(userId: number, kind: SavedItemKind, request: SavedItemsListRequest) {
    const query = savedItemsListQuery(request);
    const where = and(
      eq(savedItems.userId, userId),
      eq(savedItems.kind, kind),
      query.favouritesOnly ? eq(savedItems.favourite, true) : undefined,
      query.search ? sql`${savedItems.searchText} like ${containsPattern(query.search)}` : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(savedItems)
        .where(where)
        .orderBy(desc(savedItems.createdAt), desc(savedItems.id))
        .limit(query.perPage)
        .offset(query.offset),
      this.db.select({ n: count() }).from(savedItems).where(where),
    ]);
    return { query, rows, total: total?.n ?? 0 };
  }

  /** One of the customer's items of a kind; NOT_FOUND for anything else. */
  async get(userId: number, kind: SavedItemKind, id: number) {
    const row = await this.own(this.db, userId, kind, id);
    const [out] = await this.out(this.db, userId, [row]);
    return out!;
  }

  /** Creates an item (409 SAVED_ITEM_EXISTS when one with the same plate, tax id or property id is saved). */
  async create(userId: number, kind: SavedItemKind, body: SavedItemBody) {
    const item = this.validate(kind, body);
    return this.db.transaction(async (tx) => {
      // One customer's writes in turn: the limit holds under concurrent requests.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [n] = await tx
        .select({ n: count() })
        .from(savedItems)
        .where(and(eq(savedItems.userId, userId), eq(savedItems.kind, kind)));
      if ((n?.n ?? 0) >= SAVED_ITEMS_MAX_PER_KIND) throw new AppError('SAVED_ITEMS_LIMIT', `${kind} of ${userId}`);
      const file = kind === 'document' && body.file_id ? await this.ownFile(tx, userId, body.file_id) : null;
      const [row] = await tx
        .insert(savedItems)
        .values({ userId, kind, ...this.columns(item), fileId: file?.id ?? null })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('SAVED_ITEM_EXISTS', `${kind} ${item.dedupeKey} of ${userId}`);
      if (file)
        await tx.insert(savedItemOrders).values({ savedItemId: row.id, itemId: file.itemId }).onConflictDoNothing();
      const [out] = await this.out(tx, userId, [row]);
      return out!;
    });
  }

  /** Changes an item: the fields sent replace its own, the whole is validated again. */
  async update(userId: number, kind: SavedItemKind, id: number, patch: SavedItemPatch) {
    try {
      return await this.db.transaction(async (tx) => {
        const current = await this.own(tx, userId, kind, id, true);
        const item = this.validate(kind, {
          name: patch.name ?? current.name,
          meta: { ...current.meta, ...patch.meta },
          favourite: patch.favourite ?? current.favourite,
          seguimiento: patch.seguimiento ?? current.seguimiento,
        });
        let fileId = current.fileId;
        if (kind === 'document' && patch.file_id !== undefined) {
          const file = patch.file_id === null ? null : await this.ownFile(tx, userId, patch.file_id);
          fileId = file?.id ?? null;
          if (file)
            await tx.insert(savedItemOrders).values({ savedItemId: id, itemId: file.itemId }).onConflictDoNothing();
        }
        // An item saved from an order line without an identity keeps its line's key.
        const columns = this.columns(item);
        if (columns.dedupeKey === null && current.dedupeKey?.startsWith('order_item:'))
          columns.dedupeKey = current.dedupeKey;
        const [row] = await tx
          .update(savedItems)
          .set({ ...columns, fileId, updatedAt: new Date() })
          .where(eq(savedItems.id, id))
          .returning();
        const [out] = await this.out(tx, userId, [row!]);
        return out!;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('SAVED_ITEM_EXISTS', `${kind} ${id} of ${userId}`);
      throw err;
    }
  }

  /** Deletes an item (its links to orders go with it; the orders stay). */
  async remove(userId: number, kind: SavedItemKind, id: number): Promise<void> {
    const deleted = await this.db
      .delete(savedItems)
      .where(and(eq(savedItems.id, id), eq(savedItems.userId, userId), eq(savedItems.kind, kind)))
      .returning({ id: savedItems.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', `${kind} ${id} of ${userId}`);
  }

  /** Whether the customer agreed that orders save their property, company or vehicle. */
  async consent(userId: number) {
    const [row] = await this.db.select({ value: users.saveItemsFromOrders }).from(users).where(eq(users.id, userId));
    return { save_from_orders: row?.value ?? false };
  }

  /** Gives or withdraws the consent; giving it saves the items of the customer's orders already paid. */
  async setConsent(userId: number, value: boolean) {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ saveItemsFromOrders: value }).where(eq(users.id, userId));
      if (!value) return;
      const paid = await tx
        .select({ orderId: orders.orderId })
        .from(orders)
        .where(and(eq(orders.customerId, userId), sql`${orders.paidAt} is not null`));
      for (const { orderId } of paid) await this.saveFromOrder(tx, orderId);
    });
    return { save_from_orders: value };
  }

  /**
   * Saves the property, company or vehicle of an order's lines (or of one line) when its customer consented: an item
   * with the same identity is linked rather than duplicated (the unique key makes concurrent calls safe), and a
   * property gets the nota simple already read for the line.
   */
  async saveFromOrder(
    tx: Tx,
    orderId: number,
    onlyItemId?: number,
    /** The order's lines, when the caller's transaction has them (a payment's listeners share one read). */
    knownLines?: () => Promise<Array<Pick<typeof orderItems.$inferSelect, 'itemId' | 'productId' | 'productOptions'>>>,
    /** The order's customer and their consent, when the caller read them with the order. */
    knownConsent?: { customerId: number; consent: boolean },
  ): Promise<void> {
    const [order] = knownConsent ? [knownConsent] : await orderConsent(tx, { orderId });
    if (!order?.consent) return;
    const lines = knownLines
      ? (await knownLines())
          .filter((l) => onlyItemId === undefined || l.itemId === onlyItemId)
          .map((l) => ({ itemId: l.itemId, productId: l.productId, options: l.productOptions }))
      : await tx
          .select({ itemId: orderItems.itemId, productId: orderItems.productId, options: orderItems.productOptions })
          .from(orderItems)
          .where(and(eq(orderItems.orderId, orderId), onlyItemId ? eq(orderItems.itemId, onlyItemId) : undefined));
    for (const line of lines) {
      const found = savedItemFromOrderLine(line.productId, line.options);
      if (!found) continue;
      const key = found.item.dedupeKey ?? `order_item:${line.itemId}`;
      const identity = and(
        eq(savedItems.userId, order.customerId),
        eq(savedItems.kind, found.kind),
        eq(savedItems.dedupeKey, key),
      );
      let [saved] = await tx.select({ id: savedItems.id }).from(savedItems).where(identity);
      if (!saved) {
        const [n] = await tx
          .select({ n: count() })
          .from(savedItems)
          .where(and(eq(savedItems.userId, order.customerId), eq(savedItems.kind, found.kind)));
        if ((n?.n ?? 0) >= SAVED_ITEMS_MAX_PER_KIND) continue;
        [saved] = await tx
          .insert(savedItems)
          .values({
            userId: order.customerId,
            kind: found.kind,
            ...this.columns(found.item),
            dedupeKey: key,
            origin: 'order',
          })
          .onConflictDoNothing()
          .returning({ id: savedItems.id });
        saved ??= (await tx.select({ id: savedItems.id }).from(savedItems).where(identity))[0];
      }
      if (!saved) continue;
      await tx.insert(savedItemOrders).values({ savedItemId: saved.id, itemId: line.itemId }).onConflictDoNothing();
      if (found.kind === 'property') {
        const [read] = await tx.select().from(itemDocumentReads).where(eq(itemDocumentReads.itemId, line.itemId));
        if (read) await this.setPropertyRead(tx, [saved.id], read.docParsed, read.docParsedEntities);
      }
    }
  }

  /**
   * Reads a PDF attached to a nota simple line for the customer: its description, owners, charges and IDUFIR are
   * kept on the line and on the saved property linked to it. A PDF that is not a readable nota simple changes nothing
   * (the upload never fails because of it).
   */
  async readAttachedNotaSimple(tx: Tx, event: FileAttachedEvent): Promise<void> {
    if (!NOTA_SIMPLE_PRODUCTS.has(event.productId) || event.contentType !== 'application/pdf') return;
    let read: ReturnType<typeof parseNotaSimple>;
    try {
      read = parseNotaSimple(await pdfText(event.bytes));
    } catch (err) {
      this.log.warn({ err, itemId: event.itemId, fileId: event.fileId }, 'nota simple PDF not readable');
      return;
    }
    if (!read) return;
    const values = {
      fileId: event.fileId,
      docParsed: read.docParsed,
      docParsedEntities: read.docParsedEntities,
      parsedAt: new Date(),
    };
    await tx
      .insert(itemDocumentReads)
      .values({ itemId: event.itemId, ...values })
      .onConflictDoUpdate({ target: itemDocumentReads.itemId, set: values });
    const linked = await tx
      .select({ id: savedItems.id })
      .from(savedItemOrders)
      .innerJoin(savedItems, eq(savedItems.id, savedItemOrders.savedItemId))
      .where(and(eq(savedItemOrders.itemId, event.itemId), eq(savedItems.kind, 'property')));
    await this.setPropertyRead(
      tx,
      linked.map((l) => l.id),
      read.docParsed,
      read.docParsedEntities,
    );
  }

  /** The nota simple of one of the customer's order lines as read for them; NOT_FOUND when none was read. */
  async notaSimpleOf(userId: number, orderId: number, itemId: number) {
    const [row] = await this.db
      .select({ read: itemDocumentReads })
      .from(itemDocumentReads)
      .innerJoin(orderItems, eq(orderItems.itemId, itemDocumentReads.itemId))
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(and(eq(itemDocumentReads.itemId, itemId), eq(orders.orderId, orderId), eq(orders.customerId, userId)));
    if (!row) throw new AppError('NOT_FOUND', `nota simple read of item ${itemId}`);
    return {
      item_id: itemId,
      file_id: row.read.fileId,
      doc_parsed: row.read.docParsed,
      doc_parsed_entities: row.read.docParsedEntities,
      parsed_at: row.read.parsedAt.toISOString(),
    };
  }

  private async setPropertyRead(tx: Tx, ids: number[], docParsed: DocParsed, entities: DocParsedEntity[]) {
    if (ids.length === 0) return;
    await tx
      .update(savedItems)
      .set({ docParsed, docParsedEntities: entities })
      .where(and(inArray(savedItems.id, ids), eq(savedItems.kind, 'property')));
  }

  private validate(kind: SavedItemKind, input: SavedItemInput): ValidSavedItem {
    const result = validateSavedItem(kind, input);
    if (!result.ok) {
      throw new AppError('VALIDATION_ERROR', `${kind}: ${result.errors.map((e) => e.field).join(', ')}`, {
        fields: result.errors.map((e) => ({ field: e.field, message: e.message })),
      });
    }
    return result.item;
  }

  private columns(item: ValidSavedItem) {
    return {
      name: item.name,
      meta: item.meta,
      favourite: item.favourite,
      seguimiento: item.seguimiento,
      dedupeKey: item.dedupeKey,
      searchText: item.searchText,
    };
  }

  private async own(db: DbOrTx, userId: number, kind: SavedItemKind, id: number, forUpdate = false): Promise<SavedRow> {
    const query = db
      .select()
      .from(savedItems)
      .where(and(eq(savedItems.id, id), eq(savedItems.userId, userId), eq(savedItems.kind, kind)));
    const [row] = forUpdate ? await query.for('update') : await query;
    if (!row) throw new AppError('NOT_FOUND', `${kind} ${id} of ${userId}`);
    return row;
  }

  /** A document of one of the customer's orders that the customer may see; else the field is refused. */
  private async ownFile(db: DbOrTx, userId: number, fileId: number) {
    const [file] = await db
      .select({ id: itemFiles.id, itemId: itemFiles.itemId })
      .from(itemFiles)
      .innerJoin(orderItems, eq(orderItems.itemId, itemFiles.itemId))
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(and(eq(itemFiles.id, fileId), eq(itemFiles.visibleToCustomer, true), eq(orders.customerId, userId)));
    if (!file) {
      throw new AppError('VALIDATION_ERROR', `file ${fileId} is not a document of ${userId}`, {
        fields: [{ field: 'file_id', key: 'field.invalid' }],
      });
    }
    return file;
  }

  private async out(db: DbOrTx, userId: number, rows: SavedRow[]) {
    const ids = rows.map((r) => r.id);
    const links =
      ids.length === 0
        ? []
        : await db
            .select({
              savedItemId: savedItemOrders.savedItemId,
              orderId: orderItems.orderId,
              itemId: orderItems.itemId,
              productId: orderItems.productId,
              productName: orderItems.productName,
              createdAt: orderItems.createdAt,
            })
            .from(savedItemOrders)
            .innerJoin(orderItems, eq(orderItems.itemId, savedItemOrders.itemId))
            .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
            .where(and(inArray(savedItemOrders.savedItemId, ids), eq(orders.customerId, userId)))
            .orderBy(desc(orderItems.createdAt), desc(orderItems.itemId));
    const fileIds = rows.flatMap((r) => (r.fileId ? [r.fileId] : []));
    const files =
      fileIds.length === 0
        ? []
        : await db
            .select({
              id: itemFiles.id,
              filename: itemFiles.filename,
              itemId: itemFiles.itemId,
              orderId: orderItems.orderId,
            })
            .from(itemFiles)
            .innerJoin(orderItems, eq(orderItems.itemId, itemFiles.itemId))
            .where(inArray(itemFiles.id, fileIds));
    return rows.map((r) => {
      const base = {
        id: r.id,
        user_id: r.userId,
        name: r.name,
        meta: r.meta,
        favourite: r.favourite,
        origin: r.origin,
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
        orders: links
          .filter((l) => l.savedItemId === r.id)
          .map((l) => ({
            order_id: l.orderId,
            item_id: l.itemId,
            product_id: l.productId,
            product_name: l.productName,
            created_at: l.createdAt.toISOString(),
          })),
      };
      switch (r.kind) {
        case 'company':
          return { ...base, initials: companyInitials(r.name), seguimiento: r.seguimiento };
        case 'property':
          return { ...base, doc_parsed: r.docParsed ?? null, doc_parsed_entities: r.docParsedEntities ?? null };
        case 'document': {
          const file = files.find((f) => f.id === r.fileId);
          return {
            ...base,
            file: file ? { id: file.id, filename: file.filename, order_id: file.orderId, item_id: file.itemId } : null,
          };
        }
        case 'vehicle':
          return base;
      }
    });
  }
}
