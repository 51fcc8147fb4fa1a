// Orders, their items, each item's history, staff notes and documents.
import { sql } from 'drizzle-orm';
import type { AnswerValue, OrderHistoryAction, OrderOrigin, OrderStatusValue, PanelStatusId } from '@ventanilla/domain';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { centsColumn, ZERO_CENTS, createdAt, rateColumn, updatedAt } from './columns.js';
import { users } from './customers.js';

export const orderCounters = pgTable('order_counters', {
  storeId: integer('store_id').primaryKey(),
  lastValue: integer('last_value').notNull().default(0),
});

export const orders = pgTable(
  'orders',
  {
    /** The public order number, prefixed by the store (store 1 -> 10xxxxxxx). */
    orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
    storeId: integer('store_id').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    /** Commercial ("raw") status: pending, complete, canceled, closed... */
    status: text('status').$type<OrderStatusValue>().notNull().default('pending'),
    currency: text('currency').notNull().default('EUR'),
    taxRateBp: rateColumn('tax_rate_bp').notNull(),
    subtotal: centsColumn('subtotal').notNull(),
    taxAmount: centsColumn('tax_amount').notNull(),
    fees: centsColumn('fees').notNull().default(ZERO_CENTS),
    total: centsColumn('total').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerFirstname: text('customer_firstname').notNull(),
    customerLastname: text('customer_lastname').notNull(),
    idempotencyKey: text('idempotency_key'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /**
     * The terms of sale the customer accepted (docs/shop-flows.md, "Consents at checkout"): their version date, the
     * SHA-256 (hex) of their text and its language, and when. Null until the customer accepts them (an order an agent
     * made, before its customer pays it).
     */
    termsVersion: text('terms_version'),
    termsHash: text('terms_hash'),
    termsLanguage: text('terms_language'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true, mode: 'date' }),
    /** When the customer asked for the service to start at once (and acknowledged the end of the withdrawal right). */
    startNowAt: timestamp('start_now_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the customer withdrew from the order from its page (docs/withdrawal.md). Set under the order's row lock
     * before the refund is asked for, so a second withdrawal at the same time finds it and refunds nothing.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
    /** A full invoice asked for at checkout: the holder's data (copied onto the invoice instead of the account's). */
    invoiceName: text('invoice_name'),
    invoiceTaxId: text('invoice_tax_id'),
    invoiceAddress: text('invoice_address'),
    invoiceCountry: text('invoice_country'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_customer_idempotency_uq').on(t.customerId, t.idempotencyKey),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    // Statistics (docs/backoffice.md, "Statistics"): the orders of a range of days, for their lines per product.
    index('orders_stats_idx').on(t.createdAt, t.storeId, t.paidAt, t.orderId),
    // Statistics, queue age for some stores: the store's order ids from the index alone, joined to the waiting lines.
    index('orders_store_idx').on(t.storeId, t.orderId),
  ],
);

export interface StoredAnswerLine {
  option_id: number;
  label: string;
  value: string;
  print_value: string;
  option_type: string;
}

export const orderItems = pgTable(
  'order_items',
  {
    itemId: serial('item_id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId),
    productId: integer('product_id').notNull(),
    productName: text('product_name').notNull(),
    qty: integer('qty').notNull().default(1),
    answers: jsonb('answers').$type<Record<string, AnswerValue>>().notNull(),
    productOptions: jsonb('product_options').$type<StoredAnswerLine[]>().notNull(),
    basePrice: centsColumn('base_price').notNull(),
    optionsPrice: centsColumn('options_price').notNull(),
    subtotal: centsColumn('subtotal').notNull(),
    taxAmount: centsColumn('tax_amount').notNull(),
    fees: centsColumn('fees').notNull().default(ZERO_CENTS),
    total: centsColumn('total').notNull(),
    panelStatusId: integer('panel_status_id').$type<PanelStatusId>().notNull().default(0),
    clientStatusId: integer('client_status_id'),
    referencia: text('referencia'),
    incidenciaStatusId: integer('incidencia_status_id'),
    incidenciaText: text('incidencia_text'),
    priority: integer('priority').notNull().default(0),
    /** The agent holding the exclusive lock (a lease: live while lock_expires_at is in the future; docs/backoffice.md). */
    lockedBy: integer('locked_by').references(() => users.id),
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    lockExpiresAt: timestamp('lock_expires_at', { withTimezone: true, mode: 'date' }),
    /** Postponed: out of the queue until then. */
    standbyUntil: timestamp('standby_until', { withTimezone: true, mode: 'date' }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true, mode: 'date' }),
    /** The provider the item is sent to (an id of the providers list, a configuration list of a later issue). */
    providerId: text('provider_id'),
    /** Delegated to this agent: the queue gives it to nobody else. */
    asigneeId: integer('asignee_id').references(() => users.id),
    /** The customer's latest answer to an incident, and the staff's latest templated e-mail or incidence to them: the
     * "client e-mail answered" flag compares the two (order-flags.ts, docs/backoffice.md "The incident loop"). */
    customerMessageAt: timestamp('customer_message_at', { withTimezone: true, mode: 'date' }),
    staffMessageAt: timestamp('staff_message_at', { withTimezone: true, mode: 'date' }),
    /**
     * Maintained by a trigger (migration 0012, docs/backoffice.md "Search"), never written by the app: lower-cased
     * reference, customer name, answers' print values and notes, one per line, so the text filter is one trigram-indexed
     * LIKE; and the customer's e-mail lower-cased, so the e-mail filter needs no join.
     */
    /** The item's attributes (spec: details.atributos, key/value), edited by staff. */
    atributos: jsonb('atributos').$type<{ key: string; value: string }[]>().notNull().default([]),
    /** Where the order came from (spec: details.origin; ORDER_ORIGINS): the shop, an agent, the old shop. */
    origin: text('origin').$type<OrderOrigin>().notNull().default('web'),
    /** When staff last switched the data-change alert off (dataChangeAlert); null: never. */
    dataAlertOffAt: timestamp('data_alert_off_at', { withTimezone: true, mode: 'date' }),
    searchText: text('search_text').notNull().default(''),
    searchEmail: text('search_email').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // The pulled queue (docs/backoffice.md, "Locks and the queue"): work statuses first, then the queue order.
    index('order_items_queue_idx').on(t.panelStatusId, t.priority, t.deadlineAt, t.createdAt),
    // With item_id the page of a status filter is read from the index alone (no heap visit per row).
    index('order_items_status_idx').on(t.panelStatusId, t.createdAt, t.itemId),
    // Statistics, queue age for some stores: the waiting lines with their order id, from the index alone.
    index('order_items_queue_age_idx').on(t.panelStatusId, t.createdAt, t.orderId),
    index('order_items_created_idx').on(t.createdAt, t.itemId),
    index('order_items_provider_idx').on(t.providerId, t.createdAt),
    // My Activity: the items delegated to an agent, most recently changed first.
    index('order_items_asignee_idx').on(t.asigneeId, t.updatedAt),
    // The back-office search (docs/backoffice.md, "Search"): one index per filter and per sort column.
    index('order_items_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The e-mail filter looks the matching addresses up in search_emails (trigram), then their items here.
    index('order_items_search_email_idx').on(t.searchEmail),
    index('order_items_referencia_idx').on(t.referencia),
    // A text term shaped like a reference's start (`ns-2025/`) is a prefix of the upper-cased reference: a range of
    // this index, with the page's sort columns, instead of a trigram scan over tens of thousands of old matches. The
    // reference itself last: PostgreSQL reads an expression index alone (index-only) only when it also holds the
    // column the expression is of.
    index('order_items_referencia_prefix_idx').using(
      'btree',
      sql`upper(${t.referencia}) text_pattern_ops`,
      t.createdAt,
      t.itemId,
      t.referencia,
    ),
    index('order_items_product_idx').on(t.productId, t.createdAt),
    index('order_items_updated_idx').on(t.updatedAt, t.itemId),
    index('order_items_priority_idx').on(t.priority, t.createdAt),
    index('order_items_deadline_idx').on(t.deadlineAt, t.createdAt),
  ],
);

export const itemHistory = pgTable(
  'item_history',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.itemId),
    accion: text('accion').$type<OrderHistoryAction>().notNull(),
    oldStatus: integer('old_status').$type<PanelStatusId>(),
    newStatus: integer('new_status').$type<PanelStatusId>(),
    oldReferencia: text('old_referencia'),
    newReferencia: text('new_referencia'),
    /** null = the system (payment notifications, checkout). */
    adminUserId: integer('admin_user_id').references(() => users.id),
    /** What changed beyond statuses, e.g. a customer's corrected answers with the old ones (docs/decisions/0004). */
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('item_history_item_idx').on(t.itemId, t.id),
    // My Activity: an agent's latest actions.
    index('item_history_agent_idx').on(t.adminUserId, t.id),
    // Statistics: agents' lines of a range of days, read from the index alone.
    index('item_history_stats_idx')
      .on(t.createdAt, t.adminUserId, t.newStatus, t.oldStatus)
      .where(sql`admin_user_id IS NOT NULL`),
  ],
);

export const itemNotes = pgTable(
  'item_notes',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.itemId),
    text: text('text').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('item_notes_item_idx').on(t.itemId, t.id)],
);

export const itemFiles = pgTable(
  'item_files',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.itemId),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    visibleToCustomer: boolean('visible_to_customer').notNull().default(true),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    // Documents the customer uploaded in the wizard: the upload it comes from and the question it answers;
    // null for documents the staff uploaded.
    uploadId: text('upload_id'),
    optionId: integer('option_id'),
    // What the customer said a document they sent to an existing order is: 'identity' (their DNI/NIE/passport, the
    // spec's hasDniUploaded) or 'other'; null for wizard answers (hasDniUploaded reads their question instead) and the
    // staff's documents.
    documentKind: text('document_kind'),
    createdAt: createdAt(),
  },
  (t) => [index('item_files_item_idx').on(t.itemId, t.id)],
);

/**
 * Every customer e-mail address ever on an order item, once (kept by order_items' search trigger, migration 0027;
 * never written by the app): the e-mail filter's substring match runs on this trigram index, about a quarter of the
 * items' size with the demo data, then each address's items come from order_items_search_email_idx.
 */
export const searchEmails = pgTable('search_emails', { email: text('email').primaryKey() }, (t) => [
  index('search_emails_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
]);
