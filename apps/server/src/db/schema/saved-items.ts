// The customer panel's saved items (docs/customer-panel.md): properties, companies, vehicles and documents,
// the orders each one belongs to, and the nota simple read for the customer.
import type { DocParsed, DocParsedEntity, SavedItemKind, SavedItemMeta } from '@ventanilla/domain';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { users } from './customers.js';
import { itemFiles, orderItems } from './orders.js';

/** A saved property, company, vehicle or document of a customer. Only its owner reads or writes it. */
export const savedItems = pgTable(
  'saved_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SavedItemKind>().notNull(),
    name: text('name').notNull(),
    meta: jsonb('meta').$type<SavedItemMeta>().notNull(),
    favourite: boolean('favourite').notNull().default(false),
    /** Companies: the follow-up toggle (spec "seguimiento"). */
    seguimiento: boolean('seguimiento').notNull().default(false),
    /**
     * What identifies the thing (plate, tax id, IDUFIR or cadastral reference; `order_item:<id>` for an item saved
     * from an order line without one): one saved item per customer, kind and key, so concurrent creations link the
     * same row instead of duplicating it. Null: a hand-made item without an identity.
     */
    dedupeKey: text('dedupe_key'),
    /** Lower-cased name and attribute values, for the list's search. */
    searchText: text('search_text').notNull().default(''),
    /** 'customer' (made by hand) or 'order' (saved from an order with the customer's consent). */
    origin: text('origin').$type<'customer' | 'order'>().notNull().default('customer'),
    /** Documents: the order document it keeps (gone when the staff delete the document). */
    fileId: integer('file_id').references(() => itemFiles.id, { onDelete: 'set null' }),
    /** Properties: the latest nota simple read of one of its orders. */
    docParsed: jsonb('doc_parsed').$type<DocParsed>(),
    docParsedEntities: jsonb('doc_parsed_entities').$type<DocParsedEntity[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_items_identity_uq').on(t.userId, t.kind, t.dedupeKey),
    // The lists: a customer's items of a kind, newest first.
    index('saved_items_list_idx').on(t.userId, t.kind, t.createdAt, t.id),
  ],
);

/** Which order lines a saved item belongs to (spec: "each with the list of its orders"). */
export const savedItemOrders = pgTable(
  'saved_item_orders',
  {
    savedItemId: integer('saved_item_id')
      .notNull()
      .references(() => savedItems.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.itemId),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.savedItemId, t.itemId] }), index('saved_item_orders_item_idx').on(t.itemId)],
);

/** The nota simple of an order line read for the customer (the spec's order line extra.docParsed). */
export const itemDocumentReads = pgTable('item_document_reads', {
  itemId: integer('item_id')
    .primaryKey()
    .references(() => orderItems.itemId),
  /** The document it was read from (the latest PDF attached). */
  fileId: integer('file_id').references(() => itemFiles.id, { onDelete: 'set null' }),
  docParsed: jsonb('doc_parsed').$type<DocParsed>().notNull(),
  docParsedEntities: jsonb('doc_parsed_entities').$type<DocParsedEntity[]>().notNull(),
  parsedAt: timestamp('parsed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
