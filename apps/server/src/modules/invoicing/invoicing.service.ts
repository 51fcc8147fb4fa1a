import {
  creditNoteTypeFor,
  formatInvoiceNumber,
  INVOICE_SEQUENCE_DIGITS,
  formatMoneyString,
  invoiceAmounts,
  invoiceTypeFor,
  isoDate,
  languageForStore,
  negateBuckets,
  refundBreakdown,
  remainingBuckets,
  seriesKey,
  totalsOf,
  validateBillingTaxId,
  sum,
  zonedDateTime,
  type Cents,
  type BillingCountry,
  type VatBucket,
  type VerifactuInvoiceType,
} from '@ventanilla/domain';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { reusableStatement } from '../../db/statements.js';
import {
  customerBilling,
  invoiceCounters,
  invoices,
  orderItems,
  orders,
  type StoredInvoiceLine,
  type StoredParty,
} from '../../db/schema.js';
import { AppError, type FieldError } from '../../shared/app-error.js';
import type { LegalEntities } from './legal-entities.js';
import type { PtSigningService } from './pt-signing.service.js';
import {
  checkChainedRecord,
  recordCtes,
  recordFieldsOf,
  recordPlaceholders,
  type RecordFields,
  type VerifactuService,
} from './verifactu.service.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceKind = 'invoice' | 'credit_note';

const bucketsOf = (row: InvoiceRow): VatBucket[] =>
  row.breakdown.map((b) => ({ rateBp: b.rateBp, base: b.base, tax: b.tax }));

const nextInvoiceNumber = reusableStatement('invoice_counter_next', (db) =>
  db
    .insert(invoiceCounters)
    .values({ seriesKey: sql.placeholder('key'), lastValue: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.seriesKey,
      set: { lastValue: sql`${invoiceCounters.lastValue} + 1` },
    })
    .returning({ value: invoiceCounters.lastValue }),
);

const invoiceOfOrder = reusableStatement('invoice_of_order', (db) =>
  db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, sql.placeholder('orderId')), eq(invoices.kind, 'invoice'))),
);

const billingOf = reusableStatement('invoice_billing_of', (db) =>
  db
    .select()
    .from(customerBilling)
    .where(eq(customerBilling.userId, sql.placeholder('userId'))),
);

/**
 * An invoice under the next number of its series, in one statement: the series' counter moves (its row locked until
 * commit: no gaps), the invoice is inserted with the number made from it, and for an issuer on Veri*Factu its chain's
 * head is locked and returned too (the record chained to it follows). Every payment of a series and issuer needs these
 * locks, held from here until the commit: one round trip instead of three. The number is formatted in SQL as
 * formatInvoiceNumber does, and checked against it (issueForOrder).
 */
function issueInvoiceCtes(db: DbOrTx) {
  const counter = db.$with('counter').as(
    db
      .insert(invoiceCounters)
      .values({ seriesKey: sql.placeholder('seriesKey'), lastValue: 1 })
      .onConflictDoUpdate({
        target: invoiceCounters.seriesKey,
        set: { lastValue: sql`${invoiceCounters.lastValue} + 1` },
      })
      .returning({ value: invoiceCounters.lastValue }),
  );
  const value = sql.identifier(invoiceCounters.lastValue.name);
  const inserted = db.$with('inserted').as(
    db
      .insert(invoices)
      .values({
        kind: 'invoice',
        number: sql`(select ${sql.placeholder('seriesKey')}::text || '-' || lpad(${value}::text, ${sql.raw(String(INVOICE_SEQUENCE_DIGITS))}, '0') from ${counter})`,
        seriesKey: sql.placeholder('seriesKey'),
        sequence: sql`(select ${value} from ${counter})`,
        entityId: sql.placeholder('entityId'),
        orderId: sql.placeholder('orderId'),
        storeId: sql.placeholder('storeId'),
        customerId: sql.placeholder('customerId'),
        invoiceType: sql.placeholder('invoiceType'),
        language: sql.placeholder('language'),
        currency: sql.placeholder('currency'),
        issueDate: sql.placeholder('issueDate'),
        issuedAt: sql.placeholder('issuedAt'),
        issuer: sql.placeholder('issuer'),
        recipient: sql.placeholder('recipient'),
        lines: sql.placeholder('lines'),
        breakdown: sql.placeholder('breakdown'),
        baseTotal: sql.placeholder('baseTotal'),
        taxTotal: sql.placeholder('taxTotal'),
        notSubjectTotal: sql.placeholder('notSubjectTotal'),
        total: sql.placeholder('total'),
      })
      .returning(),
  );
  return { counter, inserted };
}
const issueUnchained = reusableStatement('invoice_issue', (db) => {
  const { counter, inserted } = issueInvoiceCtes(db);
  return db.with(counter, inserted).select().from(inserted);
});
const issueChained = reusableStatement('invoice_issue_chained', (db) => {
  const { counter, inserted } = issueInvoiceCtes(db);
  const { head, record, moved } = recordCtes(db, inserted);
  // Drizzle nests a join's columns under each source's name: { inserted, record }.
  return db.with(counter, inserted, head, record, moved).select().from(inserted).crossJoin(record);
});

/** Allocates the next number of a series in a year inside the caller's transaction (row lock until commit: no gaps). */
async function nextInSeries(
  tx: Tx,
  series: string,
  year: number,
): Promise<{ key: string; sequence: number; number: string }> {
  const key = seriesKey(series, year);
  const [row] = await nextInvoiceNumber(tx, { key });
  if (!row) throw new Error('invoice counter returned nothing');
  return { key, sequence: row.value, number: formatInvoiceNumber(series, year, row.value) };
}

/** The API view of an invoice or credit note. */
export function invoiceOut(row: InvoiceRow, corrected: Pick<InvoiceRow, 'number' | 'issueDate'> | null) {
  return {
    id: row.id,
    kind: row.kind as InvoiceKind,
    number: row.number,
    invoice_type: row.invoiceType,
    order_id: row.orderId,
    store_id: row.storeId,
    issue_date: row.issueDate,
    currency: row.currency,
    base_total: formatMoneyString(row.baseTotal),
    tax_total: formatMoneyString(row.taxTotal),
    not_subject_total: formatMoneyString(row.notSubjectTotal),
    total: formatMoneyString(row.total),
    corrects: corrected ? { number: corrected.number, issue_date: corrected.issueDate } : null,
    reason: row.reason,
  };
}

export interface BillingInput {
  name: string;
  tax_id: string;
  address: string;
  country: BillingCountry;
}

/**
 * Invoices and credit notes: issued inside the transaction that pays the order (invoice) or records a refund
 * (credit note), numbered per store series and year, with the issuer's legal data and the customer's billing data
 * copied in, and a Veri*Factu record for Spanish issuers. PDFs are rendered on demand from what was stored.
 */
export class InvoicingService {
  constructor(
    private readonly db: Db,
    private readonly entities: LegalEntities,
    private readonly verifactu: VerifactuService,
    /** The brand printed on the PDF (the store's name). */
    private readonly storeName: (storeId: number) => string,
    /** Signs and numbers (ATCUD) the documents of Portuguese issuers. */
    readonly portugal: PtSigningService,
  ) {}

  /** Who sells in a store, as the checkout shows it before paying (the store's invoice issuer). */
  sellerOf(storeId: number): { legal_name: string; tax_id: string; address: string } {
    const { entity } = this.entities.forStore(storeId);
    return { legal_name: entity.legal_name, tax_id: entity.tax_id, address: entity.address };
  }

  /**
   * Issues the invoice of a paid order, once: a second call (a repeated notification) returns the first invoice.
   * `known` is the order's row as this transaction last wrote it, if the caller has it (saves reading it again).
   */
  async issueForOrder(
    tx: Tx,
    orderId: number,
    now = new Date(),
    known?: typeof orders.$inferSelect,
    /** The order's lines in item order, when the caller's transaction has them (read only when needed). */
    knownItems?: () => Promise<Array<typeof orderItems.$inferSelect>>,
    also: {
      /** The customer's billing data as the caller read it (null: none given). */
      billing?: typeof customerBilling.$inferSelect | null;
      /** The order was unpaid until the caller's transaction: it has no invoice to look for. */
      firstPayment?: boolean;
    } = {},
  ): Promise<InvoiceRow> {
    if (!also.firstPayment) {
      const [existing] = await invoiceOfOrder(tx, { orderId });
      if (existing) return existing;
    }
    const [order] =
      known?.orderId === orderId ? [known] : await tx.select().from(orders).where(eq(orders.orderId, orderId));
    if (!order) throw new Error(`invoice for unknown order ${orderId}`);
    const items = knownItems
      ? await knownItems()
      : await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.itemId));
    // A full invoice asked for at checkout names its own holder; otherwise the account's billing data (if any).
    const billing =
      order.invoiceName !== null && order.invoiceTaxId !== null
        ? {
            name: order.invoiceName,
            taxId: order.invoiceTaxId,
            address: order.invoiceAddress ?? '',
            country: order.invoiceCountry ?? this.entities.forStore(order.storeId).entity.country,
          }
        : also.billing !== undefined
          ? also.billing
          : (await billingOf(tx, { userId: order.customerId }))[0];

    const setup = this.entities.forStore(order.storeId);
    const local = zonedDateTime(now, setup.entity.time_zone);
    const amounts = invoiceAmounts(
      items.map((i) => ({
        itemId: i.itemId,
        productName: i.productName,
        qty: i.qty,
        subtotal: i.subtotal,
        tax: i.taxAmount,
        fees: i.fees,
        total: i.total,
      })),
      order.taxRateBp,
    );
    const recipient: StoredParty = billing
      ? { name: billing.name, taxId: billing.taxId, address: billing.address, country: billing.country }
      : {
          name: `${order.customerFirstname} ${order.customerLastname}`.trim(),
          taxId: null,
          address: null,
          country: setup.entity.country,
        };
    const key = seriesKey(setup.invoiceSeries, local.year);
    const values = {
      seriesKey: key,
      issuerTaxId: setup.entity.tax_id,
      entityId: setup.entity.id,
      orderId,
      storeId: order.storeId,
      customerId: order.customerId,
      invoiceType: invoiceTypeFor({ recipientTaxId: recipient.taxId, total: amounts.total }),
      language: languageForStore(order.storeId),
      currency: order.currency,
      issueDate: isoDate(local),
      issuedAt: now,
      issuer: {
        name: setup.entity.legal_name,
        taxId: setup.entity.tax_id,
        address: setup.entity.address,
        country: setup.entity.country,
      },
      recipient,
      lines: amounts.lines,
      breakdown: amounts.breakdown,
      baseTotal: amounts.baseTotal,
      taxTotal: amounts.taxTotal,
      notSubjectTotal: amounts.notSubjectTotal,
      total: amounts.total,
    };
    let row: InvoiceRow | undefined;
    let record: { hash: string; previousHash: string; qrUrl: string } | undefined;
    // The Veri*Factu record's fields other than the number and the previous fingerprint (the statement's own).
    const recordFields: RecordFields | undefined = setup.entity.verifactu
      ? recordFieldsOf(values, setup.entity, now)
      : undefined;
    if (recordFields) {
      const env = this.verifactu.qrEnvironment;
      const [issued] = await issueChained(tx, { ...values, ...recordPlaceholders(env, recordFields) });
      if (!issued) {
        // No chain head to lock (a database restored without it): made now, for the provider's next delivery.
        void this.verifactu.ensureChainHeads([setup.entity.tax_id]).catch(() => undefined);
        throw new Error(`Veri*Factu chain head of ${setup.entity.tax_id} missing`);
      }
      row = issued.inserted;
      record = issued.record;
    } else {
      [row] = await issueUnchained(tx, values);
    }
    if (!row) throw new Error('invoice insert returned nothing');
    // The number made in SQL must be the domain's (which also refuses a sequence past its digits: the payment rolls back).
    if (row.number !== formatInvoiceNumber(setup.invoiceSeries, local.year, row.sequence)) {
      throw new Error(`invoice number ${row.number} is not sequence ${row.sequence} of ${key}`);
    }
    if (recordFields && record) checkChainedRecord(this.verifactu.qrEnvironment, recordFields, row.number, record);
    // The series' counter row is locked by the statement above until commit: the signature chain follows the numbers.
    if (setup.entity.country === 'PT') row = await this.portugal.sign(tx, row, setup.entity);
    return row;
  }

  /** The order's invoice, locked for the caller's transaction (refunds reserve their amount under this lock). */
  async lockInvoiceOfOrder(tx: Tx, orderId: number): Promise<InvoiceRow | undefined> {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
      .for('update');
    return row;
  }

  /**
   * Issues a credit note (factura rectificativa) for `amount` of an invoice, in the store's credit-note series:
   * negative amounts, the VAT breakdown of what is refunded, and the corrected invoice's number and date.
   */
  async issueCreditNote(
    tx: Tx,
    invoice: InvoiceRow,
    amount: Cents,
    reason: string,
    now = new Date(),
    /** A refund with a penalty: the amount cancelled and the penalty kept, printed on the note. */
    withPenalty?: { cancelledAmount: Cents; penalty: Cents },
  ): Promise<InvoiceRow> {
    const previous = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.correctsInvoiceId, invoice.id), eq(invoices.kind, 'credit_note')));
    const refunded = refundBreakdown(remainingBuckets(bucketsOf(invoice), previous.map(bucketsOf)), amount);
    const breakdown = negateBuckets(refunded);
    const totals = totalsOf(breakdown);
    const lines: StoredInvoiceLine[] = breakdown.map((b) => ({
      kind: 'refund',
      itemId: null,
      description: invoice.number,
      qty: 1,
      rateBp: b.rateBp,
      base: b.base,
      tax: b.tax,
      total: sum([b.base, b.tax]),
    }));
    const setup = this.entities.forStore(invoice.storeId);
    const local = zonedDateTime(now, setup.entity.time_zone);
    const numbering = await nextInSeries(tx, setup.creditNoteSeries, local.year);
    const [row] = await tx
      .insert(invoices)
      .values({
        kind: 'credit_note',
        number: numbering.number,
        seriesKey: numbering.key,
        sequence: numbering.sequence,
        entityId: invoice.entityId,
        orderId: invoice.orderId,
        storeId: invoice.storeId,
        customerId: invoice.customerId,
        invoiceType: creditNoteTypeFor(invoice.invoiceType as VerifactuInvoiceType),
        language: invoice.language,
        currency: invoice.currency,
        issueDate: isoDate(local),
        issuedAt: now,
        issuer: invoice.issuer,
        recipient: invoice.recipient,
        lines,
        breakdown,
        ...totals,
        correctsInvoiceId: invoice.id,
        reason,
        cancelledAmount: withPenalty?.cancelledAmount ?? null,
        penalty: withPenalty?.penalty ?? null,
      })
      .returning();
    if (!row) throw new Error('credit note insert returned nothing');
    if (setup.entity.country === 'PT') return this.portugal.sign(tx, row, setup.entity);
    if (setup.entity.verifactu) await this.verifactu.register(tx, row, setup.entity, now);
    return row;
  }

  private async withCorrected(db: DbOrTx, rows: InvoiceRow[]) {
    const ids = [...new Set(rows.map((r) => r.correctsInvoiceId).filter((id): id is number => id !== null))];
    const corrected = new Map<number, InvoiceRow>();
    for (const id of ids) {
      const [c] = await db.select().from(invoices).where(eq(invoices.id, id));
      if (c) corrected.set(id, c);
    }
    return rows.map((r) =>
      invoiceOut(r, r.correctsInvoiceId !== null ? (corrected.get(r.correctsInvoiceId) ?? null) : null),
    );
  }

  /** The customer's invoices or credit notes ("facturas" / "abonos"), newest first. */
  async listForCustomer(
    customerId: number,
    kind: InvoiceKind | undefined,
    orderId: number | undefined,
    page: number,
    perPage: number,
  ) {
    const where = and(
      eq(invoices.customerId, customerId),
      kind ? eq(invoices.kind, kind) : undefined,
      orderId ? eq(invoices.orderId, orderId) : undefined,
    );
    const [total] = await this.db.select({ n: count() }).from(invoices).where(where);
    const rows = await this.db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    return { items: await this.withCorrected(this.db, rows), total: total?.n ?? 0, page, per_page: perPage };
  }

  /** Every invoice and credit note of an order (back office), oldest first. */
  async listForOrder(orderId: number) {
    const rows = await this.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
    return this.withCorrected(this.db, rows);
  }

  /** A document of the customer: someone else's is "not found". */
  async ownedBy(customerId: number, invoiceId: number): Promise<InvoiceRow> {
    const [row] = await this.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.customerId, customerId)));
    if (!row) throw new AppError('NOT_FOUND', `invoice ${invoiceId} of customer ${customerId}`);
    return row;
  }

  /** The invoice of one of the customer's orders (spec: invoice/?order_id=); 404 when not theirs or not invoiced yet. */
  async invoiceOfOwnedOrder(customerId: number, orderId: number): Promise<InvoiceRow> {
    const [row] = await this.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.customerId, customerId), eq(invoices.kind, 'invoice')));
    if (!row) throw new AppError('NOT_FOUND', `invoice of order ${orderId} for customer ${customerId}`);
    return row;
  }

  async byId(invoiceId: number): Promise<InvoiceRow> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!row) throw new AppError('NOT_FOUND', `invoice ${invoiceId}`);
    return row;
  }

  /** The PDF of a stored invoice or credit note, with its Veri*Factu QR when it has a record. */
  async pdf(row: InvoiceRow): Promise<{ filename: string; bytes: Uint8Array }> {
    const record = await this.verifactu.forInvoice(this.db, row.id);
    const corrected = row.correctsInvoiceId !== null ? await this.byId(row.correctsInvoiceId) : null;
    const setup = this.entities.forStore(row.storeId);
    // pdf-lib and qrcode load on the first download, not at boot (about 0.2 s of start time).
    const { renderInvoicePdf } = await import('./invoice-pdf.js');
    const bytes = await renderInvoicePdf({
      invoice: row,
      corrected,
      entity: setup.entity,
      storeName: this.storeName(row.storeId),
      verifactu: record ?? null,
      portugal: row.ptHash ? { certificateNumber: this.portugal.certificateNumber } : null,
    });
    return { filename: `${row.kind === 'invoice' ? 'factura' : 'abono'}-${row.number}.pdf`, bytes };
  }

  /** The SAF-T (PT) file of a Portuguese entity's signed documents issued in a month ("2026-11"). */
  async saftPt(entityId: string, month: string): Promise<{ filename: string; xml: string }> {
    const entity = this.entities.entity(entityId);
    if (!entity || entity.country !== 'PT') throw new AppError('NOT_FOUND', `Portuguese entity ${entityId}`);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const documents = await this.db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.entityId, entityId),
          isNotNull(invoices.ptHash),
          gte(invoices.issueDate, `${month}-01`),
          lt(invoices.issueDate, `${next}-01`),
        ),
      )
      .orderBy(asc(invoices.seriesKey), asc(invoices.sequence));
    const ids = [...new Set(documents.map((d) => d.correctsInvoiceId).filter((id): id is number => id !== null))];
    const corrected = ids.length ? await this.db.select().from(invoices).where(inArray(invoices.id, ids)) : [];
    const { buildSaftPt } = await import('./saft-pt.js');
    const xml = buildSaftPt({
      entity,
      month,
      documents,
      corrected: new Map(corrected.map((c) => [c.id, c])),
      certificateNumber: this.portugal.certificateNumber,
      productVersion: '1.0',
      createdAt: new Date().toISOString().slice(0, 10),
    });
    return { filename: `SAFT-PT_${entity.tax_id.replace(/^PT/, '')}_${month}.xml`, xml };
  }

  async billing(userId: number) {
    const [row] = await this.db.select().from(customerBilling).where(eq(customerBilling.userId, userId));
    return row
      ? { name: row.name, tax_id: row.taxId, address: row.address, country: row.country as BillingCountry }
      : null;
  }

  /** Saves the customer's billing data (used by invoices issued from now on); the tax id is checked by country. */
  async saveBilling(userId: number, input: BillingInput) {
    await upsertBilling(this.db, userId, checkBillingInput(input));
    return this.billing(userId);
  }
}

/** Billing data as checked and stored (name and address trimmed, tax id normalised). */
export interface CheckedBilling {
  name: string;
  taxId: string;
  address: string;
  country: BillingCountry;
}

/**
 * The billing page's rules, also used by a full invoice asked for at checkout: name and address required, the tax id
 * checked by the country's rules. Refused fields are named `{prefix}name`, `{prefix}tax_id`... (400 VALIDATION_ERROR).
 */
export function checkBillingInput(input: BillingInput, prefix = ''): CheckedBilling {
  const fields: FieldError[] = [];
  const name = input.name.trim();
  const address = input.address.trim();
  if (!name) fields.push({ field: `${prefix}name`, key: 'field.required' });
  if (!address) fields.push({ field: `${prefix}address`, key: 'field.required' });
  const taxId = validateBillingTaxId(input.country, input.tax_id);
  if (!taxId.ok) {
    const invalid = input.country === 'IE' ? 'billing.tax_id_invalid_ie' : 'billing.tax_id_invalid';
    fields.push({ field: `${prefix}tax_id`, key: taxId.reason === 'empty' ? 'field.required' : invalid });
  }
  if (fields.length || !taxId.ok) throw new AppError('VALIDATION_ERROR', 'billing data', { fields });
  return { name, taxId: taxId.normalised, address, country: input.country };
}

/** Saves a customer's billing data (the account's, used by the invoices issued from then on). */
export async function upsertBilling(db: DbOrTx, userId: number, billing: CheckedBilling): Promise<void> {
  const values = { ...billing, updatedAt: new Date() };
  await db
    .insert(customerBilling)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: customerBilling.userId, set: values });
}
