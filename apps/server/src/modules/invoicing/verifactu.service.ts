import { createHash } from 'node:crypto';
import {
  aeatDate,
  verifactuAmount,
  verifactuHashInput,
  verifactuQrUrl,
  zonedDateTime,
  zonedTimestamp,
  type VerifactuEnvironment,
  type VerifactuInvoiceType,
} from '@ventanilla/domain';
import { asc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { reusableStatement } from '../../db/statements.js';
import { type invoices, verifactuChains, verifactuRecords } from '../../db/schema.js';
import type { LegalEntity } from './legal-entities.js';
import type { VerifactuRecordRow, VerifactuSubmitter } from './verifactu-submitter.js';

type InvoiceRow = typeof invoices.$inferSelect;

/** SHA-256 in uppercase hex, as the AEAT's fingerprint is written. */
export function sha256Upper(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();
}

export type VerifactuChainRow = typeof verifactuChains.$inferSelect;

/** The issuer's chain head, created if missing, locked until the caller's transaction commits (upsert-and-return). */
export function lockChainHeadQuery(db: DbOrTx, issuerTaxId: string | Placeholder) {
  return db
    .insert(verifactuChains)
    .values({ issuerTaxId })
    .onConflictDoUpdate({ target: verifactuChains.issuerTaxId, set: { issuerTaxId: sql`excluded.issuer_tax_id` } })
    .returning();
}

const lockChainHead = reusableStatement('verifactu_chain_head', (db) =>
  lockChainHeadQuery(db, sql.placeholder('issuerTaxId')),
);

/** A record and its issuer's chain head moved to it, in one statement. */
const insertRecordMovingHead = reusableStatement('verifactu_record_insert', (db) => {
  const inserted = db.$with('inserted').as(
    db
      .insert(verifactuRecords)
      .values({
        invoiceId: sql.placeholder('invoiceId'),
        issuerTaxId: sql.placeholder('issuerTaxId'),
        invoiceNumber: sql.placeholder('invoiceNumber'),
        issueDate: sql.placeholder('issueDate'),
        invoiceType: sql.placeholder('invoiceType'),
        taxTotal: sql.placeholder('taxTotal'),
        total: sql.placeholder('total'),
        previousHash: sql.placeholder('previousHash'),
        generatedAt: sql.placeholder('generatedAt'),
        previousRecordId: sql.placeholder('previousRecordId'),
        hash: sql.placeholder('hash'),
        qrUrl: sql.placeholder('qrUrl'),
      })
      .returning(),
  );
  const headMoved = db.$with('head_moved').as(
    db
      .update(verifactuChains)
      .set({
        lastRecordId: sql`(select ${sql.identifier('id')} from ${inserted})`,
        lastHash: sql`${sql.placeholder('hash')}::text`,
      })
      .where(eq(verifactuChains.issuerTaxId, sql.placeholder('issuerTaxId')))
      .returning({ issuerTaxId: verifactuChains.issuerTaxId }),
  );
  return db.with(inserted, headMoved).select().from(inserted);
});

/** Result of checking an issuer's chain from its first record. */
export interface ChainCheck {
  records: number;
  ok: boolean;
  /** The first record whose link or fingerprint is wrong. */
  brokenAt: number | null;
}

/**
 * Veri*Factu records of the Spanish issuers. Each record is chained to the previous record of the same issuer:
 * the chain head (one row per issuer) is locked by the issuing transaction, so concurrent invoices and credit notes
 * of one issuer are chained one after the other, never both to the same predecessor.
 */
export class VerifactuService {
  constructor(
    private readonly db: Db,
    private readonly environment: VerifactuEnvironment,
    private readonly submitter: VerifactuSubmitter,
  ) {}

  /** Adds the registration record of an invoice or credit note to its issuer's chain, inside the issuing transaction. */
  async register(tx: Tx, invoice: InvoiceRow, entity: LegalEntity, now: Date): Promise<VerifactuRecordRow> {
    // Upsert-and-return locks the head row until commit (a concurrent issuer waits here and then sees our record).
    const [head] = await lockChainHead(tx, { issuerTaxId: entity.tax_id });
    if (!head) throw new Error('Veri*Factu chain head returned nothing');
    return this.chain(tx, invoice, entity, now, head);
  }

  /** register(), with the issuer's chain head already locked by this transaction (as read then). */
  async chain(
    tx: Tx,
    invoice: InvoiceRow,
    entity: LegalEntity,
    now: Date,
    head: VerifactuChainRow,
  ): Promise<VerifactuRecordRow> {
    const issuerTaxId = entity.tax_id;
    if (head.issuerTaxId !== issuerTaxId) throw new Error('Veri*Factu chain head of another issuer');

    const fields = {
      issuerTaxId,
      invoiceNumber: invoice.number,
      issueDate: aeatDate(invoice.issueDate),
      invoiceType: invoice.invoiceType as VerifactuInvoiceType,
      taxTotal: verifactuAmount(invoice.taxTotal),
      total: verifactuAmount(invoice.total),
      previousHash: head.lastHash,
      generatedAt: zonedTimestamp(zonedDateTime(now, entity.time_zone)),
    };
    const hash = sha256Upper(verifactuHashInput(fields));
    // The record and the chain head's move to it in one statement (the head stays locked until commit).
    const [record] = await insertRecordMovingHead(tx, {
      invoiceId: invoice.id,
      ...fields,
      previousRecordId: head.lastRecordId,
      hash,
      qrUrl: verifactuQrUrl(this.environment, fields),
    });
    if (!record) throw new Error('Veri*Factu record insert returned nothing');
    return record;
  }

  async forInvoice(db: DbOrTx, invoiceId: number): Promise<VerifactuRecordRow | undefined> {
    const [row] = await db.select().from(verifactuRecords).where(eq(verifactuRecords.invoiceId, invoiceId));
    return row;
  }

  /** Recomputes every fingerprint of an issuer's chain and checks each record names the one before it. */
  async checkChain(issuerTaxId: string): Promise<ChainCheck> {
    const rows = await this.db
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.issuerTaxId, issuerTaxId))
      .orderBy(asc(verifactuRecords.id));
    let previous: VerifactuRecordRow | null = null;
    for (const r of rows) {
      const linked = previous
        ? r.previousRecordId === previous.id && r.previousHash === previous.hash
        : r.previousRecordId === null && r.previousHash === '';
      const hashed =
        sha256Upper(verifactuHashInput({ ...r, invoiceType: r.invoiceType as VerifactuInvoiceType })) === r.hash;
      if (!linked || !hashed) return { records: rows.length, ok: false, brokenAt: r.id };
      previous = r;
    }
    return { records: rows.length, ok: true, brokenAt: null };
  }

  /** Offers pending records, oldest first, to the configured submitter and stores its answers. */
  async submitPending(limit = 100): Promise<number> {
    const pending = await this.db
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.submissionStatus, 'pending'))
      .orderBy(asc(verifactuRecords.id))
      .limit(limit);
    if (pending.length === 0) return 0;
    const outcomes = await this.submitter.submit(pending);
    for (const status of ['accepted', 'rejected'] as const) {
      const ids = outcomes.filter((o) => o.status === status).map((o) => o.recordId);
      if (ids.length === 0) continue;
      await this.db
        .update(verifactuRecords)
        .set({ submissionStatus: status, submittedAt: new Date() })
        .where(inArray(verifactuRecords.id, ids));
    }
    for (const o of outcomes.filter((x) => x.detail)) {
      await this.db
        .update(verifactuRecords)
        .set({ submissionDetail: o.detail })
        .where(eq(verifactuRecords.id, o.recordId));
    }
    return outcomes.length;
  }
}
