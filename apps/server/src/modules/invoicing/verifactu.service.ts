import { createHash } from 'node:crypto';
import {
  aeatDate,
  VERIFACTU_MAX_RECORDS_PER_REQUEST,
  verifactuAmount,
  verifactuCancellationHashInput,
  verifactuHashInput,
  verifactuQrUrl,
  zonedDateTime,
  zonedTimestamp,
  type VerifactuEnvironment,
  type VerifactuInvoiceType,
  type VerifactuRegistration,
} from '@ventanilla/domain';
import { and, asc, desc, eq, inArray, sql, type WithSubquery } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { reusableStatement } from '../../db/statements.js';
import { invoices, verifactuChains, verifactuRecords } from '../../db/schema.js';
import type { LegalEntity } from './legal-entities.js';
import {
  VerifactuSubmissionError,
  type PendingVerifactuRecord,
  type SubmissionOutcome,
  type VerifactuRecordRow,
  type VerifactuSubmitter,
} from './verifactu-submitter.js';

type InvoiceRow = typeof invoices.$inferSelect;

/** SHA-256 in uppercase hex, as the AEAT's fingerprint is written. */
export function sha256Upper(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();
}

/** The issuer's chain head, created if missing, locked until the caller's transaction commits (upsert-and-return). */
const lockChainHead = reusableStatement('verifactu_chain_head', (db) =>
  db
    .insert(verifactuChains)
    .values({ issuerTaxId: sql.placeholder('issuerTaxId') })
    .onConflictDoUpdate({ target: verifactuChains.issuerTaxId, set: { issuerTaxId: sql`excluded.issuer_tax_id` } })
    .returning(),
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

/** Stand-ins for what only the database knows when an invoice is issued in one statement (see recordCtes). */
const NUMBER_MARK = 'VTNUMBERMARK';
const HASH_MARK = 'VTHASHMARK';

/** An invoice's fields that enter its record, as the record stores them (AEAT's formats). */
export type RecordFields = Omit<VerifactuRegistration, 'invoiceNumber' | 'previousHash'>;

/**
 * The record fields of an invoice or credit note: its date and amounts in the AEAT's formats, and the moment of
 * generation in the issuer's time zone. One place for both ways a record is made (register, recordCtes).
 */
export function recordFieldsOf(
  invoice: Pick<InvoiceRow, 'issueDate' | 'invoiceType' | 'taxTotal' | 'total'>,
  entity: Pick<LegalEntity, 'tax_id' | 'time_zone'>,
  now: Date,
): RecordFields {
  return {
    issuerTaxId: entity.tax_id,
    issueDate: aeatDate(invoice.issueDate),
    invoiceType: invoice.invoiceType as VerifactuInvoiceType,
    taxTotal: verifactuAmount(invoice.taxTotal),
    total: verifactuAmount(invoice.total),
    generatedAt: zonedTimestamp(zonedDateTime(now, entity.time_zone)),
  };
}

/**
 * The record of an invoice inserted by the same statement (its CTE `inserted`), chained to its issuer's head, and the
 * head moved to it: the CTEs `head` (the head locked), `record` and `moved`. The fingerprint and the QR address need
 * the invoice's number (made by that statement from its series counter) and the previous fingerprint (read under the
 * head's lock): the domain's own functions write them with stand-ins (recordPlaceholders), and SQL puts the two
 * values in their place and hashes (sha256). chainedIssueChecked then checks the result against the domain's
 * functions. All of an issuer's payments need the head's lock, held until commit: with the counter and the invoice in
 * the same statement, one round trip.
 */
export function recordCtes(db: DbOrTx, inserted: WithSubquery) {
  const p = (name: string) => sql.placeholder(name);
  const head = db.$with('head', { lastRecordId: verifactuChains.lastRecordId, lastHash: verifactuChains.lastHash }).as(
    sql`select last_record_id, last_hash from ${verifactuChains} where issuer_tax_id = ${p('vfIssuerTaxId')}::text
        for update`,
  );
  const record = db
    .$with('record', {
      id: verifactuRecords.id,
      hash: verifactuRecords.hash,
      previousHash: verifactuRecords.previousHash,
      qrUrl: verifactuRecords.qrUrl,
    })
    .as(
      sql`insert into ${verifactuRecords} (invoice_id, issuer_tax_id, invoice_number, issue_date, invoice_type, tax_total,
          total, previous_record_id, previous_hash, generated_at, hash, qr_url)
        select i.id, ${p('vfIssuerTaxId')}::text, i.number, ${p('vfIssueDate')}::text, ${p('vfInvoiceType')}::text,
          ${p('vfTaxTotal')}::text, ${p('vfTotal')}::text, h.last_record_id, h.last_hash, ${p('vfGeneratedAt')}::text,
          upper(encode(sha256(convert_to(${p('vfHashBeforeNumber')}::text || i.number || ${p('vfHashBeforePrevious')}::text
            || h.last_hash || ${p('vfHashAfterPrevious')}::text, 'UTF8')), 'hex')),
          ${p('vfQrBeforeNumber')}::text || i.number || ${p('vfQrAfterNumber')}::text
        from ${inserted} i cross join ${head} h
        returning id, hash, previous_hash, qr_url`,
    );
  const moved = db.$with('moved', { issuerTaxId: verifactuChains.issuerTaxId }).as(
    sql`update ${verifactuChains} c set last_record_id = r.id, last_hash = r.hash from ${record} r
        where c.issuer_tax_id = ${p('vfIssuerTaxId')}::text returning c.issuer_tax_id`,
  );
  return { head, record, moved };
}

/** The placeholders' values of recordCtes for an invoice's record fields. */
export function recordPlaceholders(environment: VerifactuEnvironment, fields: RecordFields): Record<string, string> {
  const hashInput = verifactuHashInput({ ...fields, invoiceNumber: NUMBER_MARK, previousHash: HASH_MARK });
  const [hashBeforeNumber, hashRest] = splitOnce(hashInput, NUMBER_MARK);
  const [hashBeforePrevious, hashAfterPrevious] = splitOnce(hashRest, HASH_MARK);
  const [qrBeforeNumber, qrAfterNumber] = splitOnce(
    verifactuQrUrl(environment, { ...fields, invoiceNumber: NUMBER_MARK }),
    NUMBER_MARK,
  );
  return {
    vfIssuerTaxId: fields.issuerTaxId,
    vfIssueDate: fields.issueDate,
    vfInvoiceType: fields.invoiceType,
    vfTaxTotal: fields.taxTotal,
    vfTotal: fields.total,
    vfGeneratedAt: fields.generatedAt,
    vfHashBeforeNumber: hashBeforeNumber,
    vfHashBeforePrevious: hashBeforePrevious,
    vfHashAfterPrevious: hashAfterPrevious,
    vfQrBeforeNumber: qrBeforeNumber,
    vfQrAfterNumber: qrAfterNumber,
  };
}

function splitOnce(text: string, mark: string): [string, string] {
  const at = text.indexOf(mark);
  if (at < 0 || text.indexOf(mark, at + mark.length) >= 0) throw new Error(`${mark} not exactly once in ${text}`);
  return [text.slice(0, at), text.slice(at + mark.length)];
}

/**
 * Checks the record the statement of recordCtes made against the domain's own fingerprint and QR address for the
 * invoice's number and the previous fingerprint (a mismatch throws: the transaction rolls back, nothing is issued).
 */
export function checkChainedRecord(
  environment: VerifactuEnvironment,
  fields: RecordFields,
  invoiceNumber: string,
  record: { hash: string; previousHash: string; qrUrl: string },
): void {
  const full = { ...fields, invoiceNumber, previousHash: record.previousHash };
  if (record.hash !== sha256Upper(verifactuHashInput(full))) {
    throw new Error(`Veri*Factu fingerprint of ${invoiceNumber} does not match the domain's`);
  }
  if (record.qrUrl !== verifactuQrUrl(environment, full)) {
    throw new Error(`Veri*Factu QR address of ${invoiceNumber} does not match the domain's`);
  }
}

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

  /**
   * Makes sure these issuers' chain heads exist (recordCtes locks the head, and needs it there): at boot, and again
   * if an issue found one missing (a database restored without it), in a statement of its own.
   */
  async ensureChainHeads(issuerTaxIds: readonly string[]): Promise<void> {
    if (issuerTaxIds.length === 0) return;
    // A missing head of an issuer with records continues from its latest record, never from an empty link.
    await this.db.execute(sql`
      INSERT INTO ${verifactuChains} (issuer_tax_id, last_record_id, last_hash)
      SELECT i.tax_id, r.id, coalesce(r.hash, '')
      FROM unnest(array[${sql.join(
        issuerTaxIds.map((id) => sql`${id}::text`),
        sql`, `,
      )}]) AS i(tax_id)
      LEFT JOIN LATERAL (
        SELECT id, hash FROM ${verifactuRecords} WHERE issuer_tax_id = i.tax_id ORDER BY id DESC LIMIT 1
      ) r ON true
      ON CONFLICT (issuer_tax_id) DO NOTHING`);
  }

  /** The environment whose QR addresses records carry. */
  get qrEnvironment(): VerifactuEnvironment {
    return this.environment;
  }

  /** Adds the registration record of an invoice or credit note to its issuer's chain, inside the issuing transaction. */
  async register(tx: Tx, invoice: InvoiceRow, entity: LegalEntity, now: Date): Promise<VerifactuRecordRow> {
    // Upsert-and-return locks the head row until commit (a concurrent issuer waits here and then sees our record).
    const [head] = await lockChainHead(tx, { issuerTaxId: entity.tax_id });
    if (!head) throw new Error('Veri*Factu chain head returned nothing');
    const fields = {
      ...recordFieldsOf(invoice, entity, now),
      invoiceNumber: invoice.number,
      previousHash: head.lastHash,
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
    const [row] = await db
      .select()
      .from(verifactuRecords)
      .where(and(eq(verifactuRecords.invoiceId, invoiceId), eq(verifactuRecords.kind, 'alta')));
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
      const hashed = sha256Upper(recordHashInput(r)) === r.hash;
      if (!linked || !hashed) return { records: rows.length, ok: false, brokenAt: r.id };
      previous = r;
    }
    return { records: rows.length, ok: true, brokenAt: null };
  }

  /**
   * Adds the cancellation record (RegistroAnulacion) of an invoice registered before to its issuer's chain, inside
   * the transaction that cancels it. Its fingerprint covers the cancelled invoice's id, the previous fingerprint and
   * the moment of generation.
   */
  async registerCancellation(tx: Tx, invoice: InvoiceRow, entity: LegalEntity, now: Date): Promise<VerifactuRecordRow> {
    const [head] = await lockChainHead(tx, { issuerTaxId: entity.tax_id });
    if (!head) throw new Error('Veri*Factu chain head returned nothing');
    const fields = {
      ...recordFieldsOf(invoice, entity, now),
      invoiceNumber: invoice.number,
      previousHash: head.lastHash,
    };
    const hash = sha256Upper(verifactuCancellationHashInput(fields));
    const [record] = await tx
      .insert(verifactuRecords)
      .values({
        kind: 'anulacion',
        invoiceId: invoice.id,
        ...fields,
        previousRecordId: head.lastRecordId,
        hash,
        qrUrl: '',
      })
      .returning();
    if (!record) throw new Error('Veri*Factu cancellation insert returned nothing');
    await tx
      .update(verifactuChains)
      .set({ lastRecordId: record.id, lastHash: hash })
      .where(eq(verifactuChains.issuerTaxId, entity.tax_id));
    return record;
  }

  /** No request before this moment (ms): the AEAT was unreachable or refused the last request. */
  private holdUntil = 0;
  private failures = 0;

  /**
   * Offers the pending records of one issuer (the issuer of the oldest one), oldest first and at most one request's
   * worth, to the configured submitter, and stores its answers. Nothing is offered while the submitter asks to wait
   * (the AEAT's TiempoEsperaEnvio) or after a failed request (doubling from 30 s to 30 min): those records stay
   * pending. Returns how many records got an answer.
   */
  async submitPending(
    limit = VERIFACTU_MAX_RECORDS_PER_REQUEST,
    log: { warn(obj: object, msg: string): void } = { warn: () => {} },
  ): Promise<number> {
    const now = Date.now();
    if (now < this.holdUntil || (this.submitter.waitMs?.() ?? 0) > 0) return 0;
    const pending = await this.pendingOfOneIssuer(Math.min(limit, VERIFACTU_MAX_RECORDS_PER_REQUEST));
    if (pending.length === 0) return 0;
    let outcomes: SubmissionOutcome[];
    try {
      outcomes = await this.submitter.submit(pending);
      this.failures = 0;
    } catch (err) {
      if (!(err instanceof VerifactuSubmissionError)) throw err;
      this.failures += 1;
      const waitMs = Math.min(30_000 * 2 ** (this.failures - 1), 30 * 60_000);
      this.holdUntil = Date.now() + waitMs;
      log.warn(
        { err, records: pending.length, retryInMs: waitMs },
        `Veri*Factu: request not answered (${err.kind}); records stay pending`,
      );
      return 0;
    }
    await this.storeOutcomes(outcomes);
    return outcomes.length;
  }

  /** The answers, all in one statement. */
  private async storeOutcomes(outcomes: readonly SubmissionOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    const rows = JSON.stringify(
      outcomes.map((o) => ({
        id: o.recordId,
        status: o.status,
        aeat_status: o.aeatStatus ?? null,
        code: o.code ?? null,
        detail: o.detail ?? null,
      })),
    );
    await this.db.execute(sql`
      UPDATE ${verifactuRecords} r SET
        submission_status = x.status, aeat_status = x.aeat_status, aeat_error_code = x.code,
        submission_detail = coalesce(x.detail, r.submission_detail), submitted_at = now(),
        submission_attempts = r.submission_attempts + 1
      FROM jsonb_to_recordset(${rows}::jsonb) AS x(id int, status text, aeat_status text, code text, detail text)
      WHERE r.id = x.id AND r.submission_status = 'pending'`);
  }

  /** The oldest pending records of the issuer whose record waits longest, with what their XML needs. */
  private async pendingOfOneIssuer(limit: number): Promise<PendingVerifactuRecord[]> {
    const [oldest] = await this.db
      .select({ issuerTaxId: verifactuRecords.issuerTaxId })
      .from(verifactuRecords)
      .where(eq(verifactuRecords.submissionStatus, 'pending'))
      .orderBy(asc(verifactuRecords.id))
      .limit(1);
    if (!oldest) return [];
    const previous = alias(verifactuRecords, 'previous');
    const corrected = alias(invoices, 'corrected');
    const rows = await this.db
      .select({
        record: verifactuRecords,
        invoice: invoices,
        previous: {
          invoiceNumber: previous.invoiceNumber,
          issueDate: previous.issueDate,
          hash: previous.hash,
        },
        corrected: { number: corrected.number, issueDate: corrected.issueDate },
      })
      .from(verifactuRecords)
      .innerJoin(invoices, eq(invoices.id, verifactuRecords.invoiceId))
      .leftJoin(previous, eq(previous.id, verifactuRecords.previousRecordId))
      .leftJoin(corrected, eq(corrected.id, invoices.correctsInvoiceId))
      .where(
        and(eq(verifactuRecords.submissionStatus, 'pending'), eq(verifactuRecords.issuerTaxId, oldest.issuerTaxId)),
      )
      .orderBy(asc(verifactuRecords.id))
      .limit(limit);
    return rows.map(({ record, invoice, previous: prev, corrected: corr }) => {
      const link = prev?.hash
        ? { invoiceNumber: prev.invoiceNumber, issueDate: prev.issueDate, hash: prev.hash }
        : null;
      const common = {
        ref: String(record.id),
        issuerTaxId: record.issuerTaxId,
        invoiceNumber: record.invoiceNumber,
        issueDate: record.issueDate,
        previous: link,
        generatedAt: record.generatedAt,
        hash: record.hash,
      };
      return {
        ...record,
        issuerName: invoice.issuer.name,
        xml:
          record.kind === 'anulacion'
            ? { kind: 'anulacion' as const, ...common }
            : {
                kind: 'alta' as const,
                ...common,
                issuerName: invoice.issuer.name,
                invoiceType: record.invoiceType as VerifactuInvoiceType,
                description: invoice.lines.map((l) => l.description).join('; '),
                recipient: invoice.recipient,
                corrected: corr?.number ? { invoiceNumber: corr.number, issueDate: aeatDate(corr.issueDate) } : null,
                breakdown: invoice.breakdown,
                notSubjectTotal: invoice.breakdown.some((b) => b.rateBp === null) ? 0 : invoice.notSubjectTotal,
                taxTotal: record.taxTotal,
                total: record.total,
              },
      } as PendingVerifactuRecord;
    });
  }

  /** Records the AEAT refused (Incorrecto) or accepted with errors, newest first: for the back office. */
  async answeredWithErrors(limit = 200) {
    return this.db
      .select({
        id: verifactuRecords.id,
        kind: verifactuRecords.kind,
        invoiceId: verifactuRecords.invoiceId,
        issuerTaxId: verifactuRecords.issuerTaxId,
        invoiceNumber: verifactuRecords.invoiceNumber,
        issueDate: verifactuRecords.issueDate,
        aeatStatus: verifactuRecords.aeatStatus,
        code: verifactuRecords.aeatErrorCode,
        description: verifactuRecords.submissionDetail,
        submittedAt: verifactuRecords.submittedAt,
      })
      .from(verifactuRecords)
      .where(inArray(verifactuRecords.aeatStatus, ['Incorrecto', 'AceptadoConErrores']))
      .orderBy(desc(verifactuRecords.id))
      .limit(limit);
  }
}

/** The text a stored record's fingerprint covers (registration or cancellation). */
function recordHashInput(r: VerifactuRecordRow): string {
  return r.kind === 'anulacion'
    ? verifactuCancellationHashInput(r)
    : verifactuHashInput({ ...r, invoiceType: r.invoiceType as VerifactuInvoiceType });
}
