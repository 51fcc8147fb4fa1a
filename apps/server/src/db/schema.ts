import type { AnswerValue, DisplayFlag, ValidatorName } from '@ventanilla/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
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

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

// --- Catalogue -------------------------------------------------------------------------------------------------

export const stores = pgTable('stores', {
  storeId: integer('store_id').primaryKey(),
  name: text('name').notNull(),
  language: text('language').notNull(),
  country: text('country').notNull(),
  /** VAT rate in basis points (21% = 2100). */
  vatRateBp: integer('vat_rate_bp').notNull(),
  hosts: jsonb('hosts').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  description: text('description').notNull().default(''),
});

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  urlKey: text('url_key').notNull().unique(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull().default(''),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  language: text('language').notNull(),
  // Catalogue editing (issue 3): optimistic concurrency, and set once the back office edits it (the seed then leaves
  // it alone; docs/decisions/0005-catalogue-edits.md).
  version: integer('version').notNull().default(1),
  editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
});

type StoredCondition = { option_id: number; value: string; op?: 'eq' | 'ltdate' };

/**
 * The question form of a product: wizard pages, options and the product-level flow rules (spec field names), as the
 * domain engine reads them (prices in cents). The rules are optional: rows seeded before they existed still load.
 */
export interface StoredProductForm {
  steps: number[][];
  options: Array<{
    option_id: number;
    type: string;
    is_require: boolean;
    title: string;
    placeholder: string | null;
    error: string | null;
    price: number;
    index: number;
    previous_steps: StoredCondition[];
    opt_values: Array<{ id: number; name: string; price: number; code?: string }>;
    max_length?: number;
    autounset_option_values?: StoredCondition[];
    validator?: ValidatorName;
    display?: Partial<Record<DisplayFlag, boolean>>;
    /** Place questions (docs/geo-data.md). */
    place?: { country?: 'ES' | 'PT'; parent_option?: number };
  }>;
  conditions_to_redirect?: Array<StoredCondition & { product_id_in: number; product_id_out: number; step_saved: number }>;
  conditions_to_exit?: Array<{ message: string; options: StoredCondition[] }>;
  conditions_to_earlycheckout?: { type: 'or' | 'and'; options: StoredCondition[]; confirmationOptions: number[] } | null;
  questions_on_confirm?: number[];
  question_on_start?: number | null;
  related_product?: Array<{ product_id: number; name: string; price: number; vat: boolean }>;
}

export const products = pgTable('products', {
  productId: integer('product_id').primaryKey(),
  urlKey: text('url_key').notNull().unique(),
  catUrlKey: text('cat_url_key').notNull(),
  name: text('name').notNull(),
  shortDescription: text('short_description').notNull().default(''),
  description: text('description').notNull().default(''),
  customText: text('custom_text').notNull().default(''),
  tooltip: text('tooltip'),
  image: text('image').notNull().default('no_selection'),
  groupName: text('group_name').notNull().default('Otros'),
  /** Service price before VAT, in cents. */
  basePrice: integer('base_price').notNull(),
  /** Official fees collected for third parties (no VAT), in cents. */
  officialFee: integer('official_fee').notNull().default(0),
  visible: boolean('visible').notNull().default(true),
  visibleOnServices: boolean('visible_on_services').notNull().default(true),
  position: integer('position').notNull().default(0),
  form: jsonb('form').$type<StoredProductForm>().notNull().default(sql`'{"steps":[],"options":[]}'::jsonb`),
  updatedAt: updatedAt(),
  // Catalogue editing (issue 3; docs/decisions/0005-catalogue-edits.md).
  /** service (orderable) | fee (an official fee product, priced only as a related line of a service). */
  kind: text('kind').notNull().default('service'),
  /** Optimistic concurrency: bumped by every write (seed, back office, revert). */
  version: integer('version').notNull().default(1),
  /** Set when the back office edited the product: the seed no longer applies file changes to it. */
  editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
  editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
  /** SHA-256 of the file version last applied (or last seen, for an edited product). */
  fileHash: text('file_hash'),
  /** The file version the seed did not apply because the product was edited in the back office. */
  pendingFile: jsonb('pending_file').$type<StoredCatalogSnapshot>(),
});

/** A product as its catalogue files describe it (catalog/products/*.json and its catalog/forms/*.json). */
export interface StoredCatalogSnapshot {
  product: Record<string, unknown>;
  form: Record<string, unknown> | null;
}

/** Every write to a product (seed, back office, revert), with the state before and after: the revision history. */
export const productRevisions = pgTable(
  'product_revisions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.productId, { onDelete: 'cascade' }),
    /** The product's version after this write. */
    version: integer('version').notNull(),
    /** seed | backoffice | revert | file */
    source: text('source').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What changed: fields, form, stores, status. */
    summary: text('summary').notNull().default(''),
    before: jsonb('before').$type<StoredCatalogSnapshot>(),
    after: jsonb('after').$type<StoredCatalogSnapshot>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_revisions_product_idx').on(t.productId, t.id)],
);

export const productStores = pgTable(
  'product_stores',
  {
    productId: integer('product_id').notNull().references(() => products.productId, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull().references(() => stores.storeId),
  },
  (t) => [primaryKey({ columns: [t.productId, t.storeId] })],
);

// --- People and sessions -----------------------------------------------------------------------------------------

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  /** customer | agent | admin | notary */
  role: text('role').notNull().default('customer'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a database leak does not hand out live sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull(),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.createdAt), index('login_failures_ip_idx').on(t.ip, t.createdAt)],
);

// --- Cart (the spec's quote) ---------------------------------------------------------------------------------------

export const carts = pgTable(
  'carts',
  {
    quoteId: serial('quote_id').primaryKey(),
    sessionHash: text('session_hash'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    storeId: integer('store_id').notNull(),
    /** active | converted */
    status: text('status').notNull().default('active'),
    orderId: bigint('order_id', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('carts_session_idx').on(t.sessionHash, t.status), index('carts_user_idx').on(t.userId, t.status)],
);

export const cartItems = pgTable('cart_items', {
  id: serial('id').primaryKey(),
  quoteId: integer('quote_id').notNull().references(() => carts.quoteId, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.productId),
  qty: integer('qty').notNull().default(1),
  answers: jsonb('answers').$type<Record<string, AnswerValue>>().notNull(),
  createdAt: createdAt(),
});

// --- Orders ------------------------------------------------------------------------------------------------------

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
    customerId: integer('customer_id').notNull().references(() => users.id),
    /** Commercial ("raw") status: pending, complete, canceled, closed... */
    status: text('status').notNull().default('pending'),
    currency: text('currency').notNull().default('EUR'),
    taxRateBp: integer('tax_rate_bp').notNull(),
    subtotal: integer('subtotal').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    fees: integer('fees').notNull().default(0),
    total: integer('total').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerFirstname: text('customer_firstname').notNull(),
    customerLastname: text('customer_lastname').notNull(),
    idempotencyKey: text('idempotency_key'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_customer_idempotency_uq').on(t.customerId, t.idempotencyKey),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
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
    basePrice: integer('base_price').notNull(),
    optionsPrice: integer('options_price').notNull(),
    subtotal: integer('subtotal').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    fees: integer('fees').notNull().default(0),
    total: integer('total').notNull(),
    panelStatusId: integer('panel_status_id').notNull().default(0),
    clientStatusId: integer('client_status_id'),
    referencia: text('referencia'),
    incidenciaStatusId: integer('incidencia_status_id'),
    incidenciaText: text('incidencia_text'),
    priority: integer('priority').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_status_idx').on(t.panelStatusId, t.createdAt),
    index('order_items_created_idx').on(t.createdAt),
  ],
);

export const itemHistory = pgTable(
  'item_history',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.itemId),
    accion: text('accion').notNull(),
    oldStatus: integer('old_status'),
    newStatus: integer('new_status'),
    oldReferencia: text('old_referencia'),
    newReferencia: text('new_referencia'),
    /** null = the system (payment notifications, checkout). */
    adminUserId: integer('admin_user_id').references(() => users.id),
    /** What changed beyond statuses, e.g. a customer's corrected answers with the old ones (docs/decisions/0004). */
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('item_history_item_idx').on(t.itemId, t.id)],
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
    // Documents the customer uploaded in the wizard (issue 3): the upload it comes from and the question it answers;
    // null for documents the staff uploaded.
    uploadId: text('upload_id'),
    optionId: integer('option_id'),
    createdAt: createdAt(),
  },
  (t) => [index('item_files_item_idx').on(t.itemId, t.id)],
);

// --- Wizard uploads (issue 3): documents that answer file questions, before any order exists ------------------------

/**
 * A document uploaded during the wizard, owned by the session that uploaded it (and by its user once logged in).
 * Checkout attaches it to the order item (item_files, same stored bytes) and sets attached_at; uploads never
 * attached are deleted after UPLOAD_RETENTION_HOURS (docs/uploads.md).
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The opaque file_id of the file reference (random, unguessable). */
    id: text('id').primaryKey(),
    sessionHash: text('session_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Who uploaded it, for the per-IP upload rate. */
    ip: text('ip').notNull(),
    attachedAt: timestamp('attached_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_session_idx').on(t.sessionHash, t.createdAt),
    index('uploads_user_idx').on(t.userId),
    index('uploads_ip_idx').on(t.ip, t.createdAt),
    index('uploads_created_idx').on(t.createdAt),
  ],
);

// --- Payments ----------------------------------------------------------------------------------------------------

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** created | pending | captured | failed | canceled */
    status: text('status').notNull().default('created'),
    failureCode: text('failure_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    // Payment methods (issue 4): what the customer must do to pay later (Multibanco entity/reference, transfer
    // details), when an asynchronous payment expires, and the agent who confirmed a bank transfer.
    instructions: jsonb('instructions').$type<Record<string, string>>(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    index('payments_order_idx').on(t.orderId),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    payload: jsonb('payload').notNull(),
    /** applied | ignored (out of order, unknown payment...) */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.eventId)],
);

// --- The sandbox payment provider's own books (it plays a separate company) ------------------------------------

export const sandboxPayments = pgTable('sandbox_payments', {
  ref: text('ref').primaryKey(),
  merchantReference: text('merchant_reference').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  notifyUrl: text('notify_url').notNull(),
  idempotencyKey: text('idempotency_key').unique(),
  /** requires_payment_method | requires_action | succeeded | failed | canceled */
  status: text('status').notNull().default('requires_payment_method'),
  failureCode: text('failure_code'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  threeDs: text('three_ds'),
  // Payment methods (issue 4): cc | paypal | bizum | multibanco | sibsmb | sibsmbway, the phone of Bizum / MB WAY,
  // the Bizum one-time code, the Multibanco entity/reference, when a pending payment expires, and where the browser
  // returns after a 3-D Secure challenge.
  method: text('method').notNull().default('cc'),
  phone: text('phone'),
  otpCode: text('otp_code'),
  otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true, mode: 'date' }),
  otpAttempts: integer('otp_attempts').notNull().default(0),
  mbEntity: text('mb_entity'),
  mbReference: text('mb_reference'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  threeDsReturnUrl: text('three_ds_return_url'),
  /** MM/YY of the card, sent back in the notification with a reusable token (the card number is never kept). */
  cardExp: text('card_exp'),
  /** Notification events not yet acknowledged by the merchant (retried). */
  pendingEvents: jsonb('pending_events').$type<Array<{ body: string; attempts: number; next_at: string }>>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// --- Preferred payment method of a customer (issue 4) -------------------------------------------------------------

/** The customer's remembered payment method: provider tokens, brand, last four digits and expiry only, never a card number. */
export const customerPaymentPreferences = pgTable('customer_payment_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** cc | paypal | bizum | multibanco | sibsmb | sibsmbway | bank */
  method: text('method').notNull(),
  provider: text('provider'),
  providerToken: text('provider_token'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  updatedAt: updatedAt(),
});

// --- Email: transactional outbox and password reset (issue 4; docs/email.md) ----------------------------------

/**
 * Messages waiting to be sent, written in the same transaction as the event that causes them (order placed, paid...).
 * The dispatcher claims due rows with FOR UPDATE SKIP LOCKED and a lease, so several instances never send one twice.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    /** order_received | payment_instructions | payment_confirmed | document_ready | incident_action | password_reset */
    kind: text('kind').notNull(),
    storeId: integer('store_id').notNull(),
    language: text('language').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** One message per cause (e.g. "payment_confirmed:1000001"): a repeated event enqueues nothing. */
    dedupeKey: text('dedupe_key').unique(),
    /** pending | sent | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A claim by one dispatcher; after it lapses (the instance died mid-send) another may retry. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    claimToken: text('claim_token'),
    lastError: text('last_error'),
    /** Not sent after this moment (a password reset link that has expired is useless). */
    discardAfter: timestamp('discard_after', { withTimezone: true, mode: 'date' }),
    /** smtp | mailbox: what delivered it. */
    transport: text('transport'),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_due_idx').on(t.status, t.nextAttemptAt), index('email_outbox_created_idx').on(t.createdAt)],
);

/** Password reset tokens: only the SHA-256 of the emailed token is kept; single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    requestIp: text('request_ip'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);

// --- Operations --------------------------------------------------------------------------------------------------

/** Small key/value facts about this database (e.g. the hash of the catalogue files last seeded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

// --- Invoicing (issue 4): invoices, credit notes, Veri*Factu records, refunds, customers' billing data ----------
// docs/invoicing.md explains the numbering, the legal data and the Veri*Factu chain.

/** One row per series and year ("F01-2026"), locked by the issuing transaction: correlative numbers without gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  seriesKey: text('series_key').primaryKey(),
  lastValue: integer('last_value').notNull().default(0),
});

/** The issuer (a legal entity) and the customer as they were when the document was issued. */
export interface StoredParty {
  name: string;
  taxId: string | null;
  address: string | null;
  country: string;
}

export interface StoredInvoiceLine {
  kind: 'service' | 'official_fee' | 'refund';
  itemId: number | null;
  description: string;
  qty: number;
  rateBp: number | null;
  base: number;
  tax: number;
  total: number;
}

export interface StoredVatBucket {
  rateBp: number | null;
  base: number;
  tax: number;
}

/** Invoices and credit notes (kind credit_note: negative amounts, naming the invoice they correct). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** invoice | credit_note */
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    seriesKey: text('series_key').notNull(),
    sequence: integer('sequence').notNull(),
    /** The legal entity that issues it (catalog/legal-entities.json); numbers are unique per issuer. */
    entityId: text('entity_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId),
    storeId: integer('store_id').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    /** F1, F2 (invoices) or R1, R5 (credit notes): the Veri*Factu types, also used outside Spain. */
    invoiceType: text('invoice_type').notNull(),
    language: text('language').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** The issue date in the issuer's time zone, YYYY-MM-DD. */
    issueDate: text('issue_date').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    issuer: jsonb('issuer').$type<StoredParty>().notNull(),
    recipient: jsonb('recipient').$type<StoredParty>().notNull(),
    lines: jsonb('lines').$type<StoredInvoiceLine[]>().notNull(),
    breakdown: jsonb('breakdown').$type<StoredVatBucket[]>().notNull(),
    baseTotal: integer('base_total').notNull(),
    taxTotal: integer('tax_total').notNull(),
    notSubjectTotal: integer('not_subject_total').notNull(),
    total: integer('total').notNull(),
    /** Credit notes: the invoice they correct, and why. */
    correctsInvoiceId: integer('corrects_invoice_id'),
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('invoices_entity_number_uq').on(t.entityId, t.number),
    // Exactly one invoice per order, whatever happens to the notifications that pay it.
    uniqueIndex('invoices_order_invoice_uq').on(t.orderId).where(sql`kind = 'invoice'`),
    index('invoices_customer_idx').on(t.customerId, t.id),
    index('invoices_order_idx').on(t.orderId),
  ],
);

/** The head of each issuer's Veri*Factu chain, locked while a record is added (records of one issuer chain in order). */
export const verifactuChains = pgTable('verifactu_chains', {
  issuerTaxId: text('issuer_tax_id').primaryKey(),
  lastRecordId: integer('last_record_id'),
  lastHash: text('last_hash').notNull().default(''),
});

/** Veri*Factu registration records (RegistroAlta) of the Spanish issuers, chained by fingerprint. */
export const verifactuRecords = pgTable(
  'verifactu_records',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .unique()
      .references(() => invoices.id),
    issuerTaxId: text('issuer_tax_id').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    /** dd-mm-yyyy, as hashed. */
    issueDate: text('issue_date').notNull(),
    invoiceType: text('invoice_type').notNull(),
    taxTotal: text('tax_total').notNull(),
    total: text('total').notNull(),
    previousRecordId: integer('previous_record_id'),
    previousHash: text('previous_hash').notNull(),
    generatedAt: text('generated_at').notNull(),
    hash: text('hash').notNull(),
    qrUrl: text('qr_url').notNull(),
    /** pending | accepted | rejected: sending to the AEAT goes through the configured submitter. */
    submissionStatus: text('submission_status').notNull().default('pending'),
    submissionDetail: text('submission_detail'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('verifactu_records_issuer_idx').on(t.issuerTaxId, t.id), index('verifactu_records_submission_idx').on(t.submissionStatus, t.id)],
);

/** Refunds issued by agents; a succeeded refund has its credit note. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    paymentId: integer('payment_id').references(() => payments.id),
    /** The provider that returns the money, or "manual" (a bank transfer made by the agent). */
    provider: text('provider').notNull(),
    providerRefundRef: text('provider_refund_ref'),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** requested | succeeded | failed */
    status: text('status').notNull().default('requested'),
    failureCode: text('failure_code'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    creditNoteId: integer('credit_note_id').references(() => invoices.id),
    agentUserId: integer('agent_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('refunds_order_idx').on(t.orderId, t.id)],
);

/** A customer's billing data (account page), copied onto each invoice when it is issued. */
export const customerBilling = pgTable('customer_billing', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  taxId: text('tax_id').notNull(),
  address: text('address').notNull(),
  country: text('country').notNull(),
  updatedAt: updatedAt(),
});

/** The sandbox provider's refunds (its own books, like sandbox_payments). */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  ref: text('ref').primaryKey(),
  paymentRef: text('payment_ref').notNull(),
  amount: integer('amount').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: createdAt(),
});

// --- Wizard drafts of signed-in customers (issue 3; docs/shop-flows.md) ---

/**
 * An unfinished order (wizard draft) of a signed-in customer, one per store and product: the answers typed so far and
 * where the customer was, so that it can be resumed on any device. Never trusted: resuming re-evaluates everything.
 */
export const wizardDrafts = pgTable(
  'wizard_drafts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull(),
    urlKey: text('url_key').notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    seen: jsonb('seen').$type<number[]>().notNull(),
    lastPath: text('last_path'),
    lastStep: integer('last_step').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('wizard_drafts_owner_uq').on(t.userId, t.storeId, t.urlKey), index('wizard_drafts_user_idx').on(t.userId, t.updatedAt)],
);
