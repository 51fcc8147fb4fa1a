// Invoicing: invoices, credit notes, Veri*Factu records, refunds, customers' billing data.
// docs/invoicing.md explains the numbering, the legal data and the Veri*Factu chain.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Cents } from '@ventanilla/domain';
import { centsColumn, createdAt, updatedAt, ZERO_CENTS } from './columns.js';
import { orders } from './orders.js';
import { users } from './customers.js';
import { payments } from './payments.js';

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
  base: Cents;
  tax: Cents;
  total: Cents;
}

export interface StoredVatBucket {
  rateBp: number | null;
  base: Cents;
  tax: Cents;
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
    baseTotal: centsColumn('base_total').notNull(),
    taxTotal: centsColumn('tax_total').notNull(),
    notSubjectTotal: centsColumn('not_subject_total').notNull(),
    total: centsColumn('total').notNull(),
    /** Credit notes: the invoice they correct, and why. */
    correctsInvoiceId: integer('corrects_invoice_id'),
    reason: text('reason'),
    /** Credit notes of a refund with a penalty: the amount cancelled and the penalty kept (total = what is returned). */
    cancelledAmount: centsColumn('cancelled_amount'),
    penalty: centsColumn('penalty'),
    /** Portuguese issuers: the document number as the AT reads it ("FT F16-2026/7"), signed and put in SAF-T. */
    ptDocumentNo: text('pt_document_no'),
    /** Portuguese issuers: SystemEntryDate as signed (local YYYY-MM-DDTHH:MM:SS). */
    ptSystemEntry: text('pt_system_entry'),
    /** Portuguese issuers: the RSA-SHA1 signature (base64) chaining the document to the previous one of its series. */
    ptHash: text('pt_hash'),
    /** Portuguese issuers: the ATCUD (series validation code, dash, sequence). */
    ptAtcud: text('pt_atcud'),
  },
  (t) => [
    uniqueIndex('invoices_entity_number_uq').on(t.entityId, t.number),
    // Exactly one invoice per order, whatever happens to the notifications that pay it.
    uniqueIndex('invoices_order_invoice_uq')
      .on(t.orderId)
      .where(sql`kind = 'invoice'`),
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

/**
 * Veri*Factu records of the Spanish issuers, chained by fingerprint: registration (RegistroAlta) of invoices and credit
 * notes, and cancellation (RegistroAnulacion) of an invoice registered before.
 */
export const verifactuRecords = pgTable(
  'verifactu_records',
  {
    id: serial('id').primaryKey(),
    /** alta | anulacion */
    kind: text('kind').notNull().default('alta'),
    invoiceId: integer('invoice_id')
      .notNull()
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
    /** The AEAT's answer for the record (EstadoRegistro): Correcto, AceptadoConErrores or Incorrecto. */
    aeatStatus: text('aeat_status'),
    /** CodigoErrorRegistro of an answer with errors or a rejection. */
    aeatErrorCode: text('aeat_error_code'),
    /** DescripcionErrorRegistro (or the submitter's own note). */
    submissionDetail: text('submission_detail'),
    /** Requests that carried the record and got an answer (transport failures do not count). */
    submissionAttempts: integer('submission_attempts').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('verifactu_records_issuer_idx').on(t.issuerTaxId, t.id),
    index('verifactu_records_submission_idx').on(t.submissionStatus, t.id),
    // One registration and at most one cancellation per invoice.
    uniqueIndex('verifactu_records_invoice_kind_uq').on(t.invoiceId, t.kind),
    // The back office's list of what the AEAT refused or accepted with errors.
    index('verifactu_records_aeat_status_idx')
      .on(t.aeatStatus, t.id)
      .where(sql`aeat_status in ('Incorrecto', 'AceptadoConErrores')`),
  ],
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
    /** What is returned to the customer (the amount cancelled minus the penalty). */
    amount: centsColumn('amount').notNull(),
    /** The penalty kept (0: a refund without penalty). */
    penalty: centsColumn('penalty').notNull().default(ZERO_CENTS),
    reason: text('reason').notNull(),
    /** requested | succeeded | failed */
    status: text('status').notNull().default('requested'),
    failureCode: text('failure_code'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    creditNoteId: integer('credit_note_id').references(() => invoices.id),
    /** The agent who made it; null for the refund of a customer's withdrawal (docs/withdrawal.md). */
    agentUserId: integer('agent_user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.id),
    // Statistics: refunds of a range of days.
    index('refunds_created_idx').on(t.createdAt),
  ],
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

/** The AT's validation code of each Portuguese series (per series key, "F16-2026"), entered by an admin. */
export const ptSeriesCodes = pgTable('pt_series_codes', {
  seriesKey: text('series_key').primaryKey(),
  validationCode: text('validation_code').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
