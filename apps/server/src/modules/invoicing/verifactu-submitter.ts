import type { verifactuRecords } from '../../db/schema.js';

export type VerifactuRecordRow = typeof verifactuRecords.$inferSelect;

export interface SubmissionOutcome {
  recordId: number;
  status: 'accepted' | 'rejected';
  detail?: string;
}

/**
 * Sends Veri*Factu records to the AEAT (the SOAP "RegFactuSistemaFacturacion" service, with the issuer's certificate).
 * Records are generated and chained when the invoice is issued; sending them is this adapter's job, run after
 * commit from the pending records (oldest first, as the chain requires). Records it does not answer for stay pending
 * and are offered again.
 */
export interface VerifactuSubmitter {
  readonly name: string;
  submit(records: readonly VerifactuRecordRow[]): Promise<SubmissionOutcome[]>;
}

/** The default: nothing is sent (records stay pending); it only says how many wait. */
export class LogOnlySubmitter implements VerifactuSubmitter {
  readonly name = 'log';

  constructor(private readonly log: (message: string) => void = () => {}) {}

  async submit(records: readonly VerifactuRecordRow[]): Promise<SubmissionOutcome[]> {
    if (records.length)
      this.log(
        `Veri*Factu: ${records.length} record(s) pending; AEAT submission is not configured (VERIFACTU_SUBMITTER=log)`,
      );
    return [];
  }
}
