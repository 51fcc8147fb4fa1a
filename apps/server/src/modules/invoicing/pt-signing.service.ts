import { createPrivateKey, createPublicKey, createSign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  isPtValidationCode,
  ptAtcud,
  ptDocumentNo,
  ptSignatureMessage,
  ptSystemEntryDate,
  zonedDateTime,
  type PtDocumentType,
} from '@ventanilla/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.js';
import { invoices, ptSeriesCodes } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { LegalEntity } from './legal-entities.js';

type InvoiceRow = typeof invoices.$inferSelect;

const DEV_KEY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dev-keys/pt-signing.DEV-ONLY.pem');

/** Outside production, a series without an AT code issues with this placeholder (clearly not an AT code). */
export const PT_PLACEHOLDER_CODE = 'DEVONLY0';

export interface PtSigningConfig {
  keyFile: string | null;
  certificateNumber: string;
  production: boolean;
}

/**
 * Portuguese documents (Portaria 363/2010, Decreto-Lei 28/2019): each invoice and credit note of a Portuguese issuer
 * is signed with RSA-SHA1 over its date, entry time, number, gross total and the previous signature of its series,
 * and gets its ATCUD. Called in the issuing transaction right after the number is taken: the series' counter row is
 * locked until commit, so the previous document of the series is committed (or ours) and read here under that lock.
 */
export class PtSigningService {
  private readonly key: KeyObject | null;
  readonly publicKeyPem: string | null;

  constructor(private readonly config: PtSigningConfig) {
    const file = config.keyFile ?? (config.production ? null : DEV_KEY);
    this.key = file ? createPrivateKey(readFileSync(file, 'utf8')) : null;
    this.publicKeyPem = this.key ? createPublicKey(this.key).export({ type: 'spki', format: 'pem' }).toString() : null;
  }

  get certificateNumber(): string {
    return this.config.certificateNumber;
  }

  /** The AT document type of a stored document. */
  static documentType(row: Pick<InvoiceRow, 'kind'>): PtDocumentType {
    return row.kind === 'credit_note' ? 'NC' : 'FT';
  }

  /** Signs a just-numbered document of a Portuguese issuer and stores its signature, ATCUD and AT number. */
  async sign(tx: Tx, row: InvoiceRow, entity: LegalEntity): Promise<InvoiceRow> {
    if (!this.key) throw new Error('Portuguese invoices need PT_SIGNING_KEY_FILE (docs/operations.md)');
    const code = await this.validationCode(tx, row.seriesKey);
    const local = zonedDateTime(row.issuedAt, entity.time_zone);
    const documentNo = ptDocumentNo(PtSigningService.documentType(row), row.seriesKey, row.sequence);
    const systemEntry = ptSystemEntryDate(local);
    let previousHash = '';
    if (row.sequence > 1) {
      const [prev] = await tx
        .select({ hash: invoices.ptHash })
        .from(invoices)
        .where(
          and(
            eq(invoices.entityId, row.entityId),
            eq(invoices.seriesKey, row.seriesKey),
            eq(invoices.sequence, row.sequence - 1),
          ),
        );
      if (!prev?.hash) throw new Error(`previous document of ${documentNo} has no signature: chain broken`);
      previousHash = prev.hash;
    }
    const message = ptSignatureMessage({
      invoiceDate: row.issueDate,
      systemEntryDate: systemEntry,
      invoiceNo: documentNo,
      grossTotal: Math.abs(row.total),
      previousHash,
    });
    const hash = createSign('RSA-SHA1').update(message, 'utf8').sign(this.key, 'base64');
    const [signed] = await tx
      .update(invoices)
      .set({ ptDocumentNo: documentNo, ptSystemEntry: systemEntry, ptHash: hash, ptAtcud: ptAtcud(code, row.sequence) })
      .where(eq(invoices.id, row.id))
      .returning();
    if (!signed) throw new Error(`document ${row.id} vanished while being signed`);
    return signed;
  }

  private async validationCode(db: DbOrTx, seriesKey: string): Promise<string> {
    const [row] = await db.select().from(ptSeriesCodes).where(eq(ptSeriesCodes.seriesKey, seriesKey));
    if (row) return row.validationCode;
    if (this.config.production) {
      throw new Error(
        `Portuguese series ${seriesKey} has no AT validation code: an admin must enter it (back office, PUT /api/backoffice/pt-series/${seriesKey}) before it can issue`,
      );
    }
    return PT_PLACEHOLDER_CODE;
  }

  /** Every series code entered, by series key. */
  async listCodes(db: DbOrTx) {
    const rows = await db.select().from(ptSeriesCodes).orderBy(asc(ptSeriesCodes.seriesKey));
    return rows.map((r) => ({
      series_key: r.seriesKey,
      validation_code: r.validationCode,
      updated_at: r.updatedAt.toISOString(),
    }));
  }

  /**
   * Records the AT's validation code of a series. A series that already issued documents keeps its code (the AT
   * ties the code to the series as communicated; its printed ATCUDs would no longer match).
   */
  async setCode(db: DbOrTx, seriesKey: string, code: string) {
    const normalised = code.trim().toUpperCase();
    if (!/^[A-Z][A-Z0-9]{0,9}-\d{4}$/.test(seriesKey)) {
      throw new AppError('VALIDATION_ERROR', 'series key', { fields: [{ field: 'series_key', key: 'field.invalid' }] });
    }
    if (!isPtValidationCode(normalised)) {
      throw new AppError('VALIDATION_ERROR', 'validation code', {
        fields: [{ field: 'validation_code', key: 'field.invalid' }],
      });
    }
    const [issued] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(and(eq(invoices.seriesKey, seriesKey), sql`${invoices.ptAtcud} is not null`));
    const [existing] = await db.select().from(ptSeriesCodes).where(eq(ptSeriesCodes.seriesKey, seriesKey));
    if (existing && existing.validationCode !== normalised && (issued?.n ?? 0) > 0) {
      throw new AppError('VERSION_CONFLICT', `series ${seriesKey} already issued with code ${existing.validationCode}`);
    }
    await db
      .insert(ptSeriesCodes)
      .values({ seriesKey, validationCode: normalised })
      .onConflictDoUpdate({
        target: ptSeriesCodes.seriesKey,
        set: { validationCode: normalised, updatedAt: new Date() },
      });
    return { series_key: seriesKey, validation_code: normalised };
  }
}
