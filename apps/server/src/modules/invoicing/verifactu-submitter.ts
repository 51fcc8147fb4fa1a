import type { VerifactuRecordXmlInput } from '@ventanilla/domain';
import type { verifactuRecords } from '../../db/schema.js';

export type VerifactuRecordRow = typeof verifactuRecords.$inferSelect;

/** A pending record with what its XML needs beyond the row (the invoice's parties, breakdown, chain link). */
export interface PendingVerifactuRecord extends VerifactuRecordRow {
  issuerName: string;
  xml: VerifactuRecordXmlInput;
}

/** The AEAT's answer for one record (EstadoRegistro). */
export type AeatRecordStatus = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';

export interface SubmissionOutcome {
  recordId: number;
  /** accepted: Correcto or AceptadoConErrores (registered; errors to correct); rejected: Incorrecto. */
  status: 'accepted' | 'rejected';
  aeatStatus?: AeatRecordStatus;
  /** CodigoErrorRegistro. */
  code?: string;
  detail?: string;
}

/**
 * The request never got an answer the records could take: the service was unreachable, timed out or failed (5xx,
 * after the submitter's own retries), or refused the whole request (a SOAP Fault, another HTTP status). The records
 * stay pending and are offered again later; none is marked rejected.
 */
export class VerifactuSubmissionError extends Error {
  constructor(
    message: string,
    readonly kind: 'transport' | 'refused',
  ) {
    super(message);
    this.name = 'VerifactuSubmissionError';
  }
}

/**
 * Sends Veri*Factu records to the AEAT (the SOAP "RegFactuSistemaFacturacion" service, with the issuer's certificate).
 * Records are generated and chained when the invoice is issued; sending them is this adapter's job, run after
 * commit from the pending records (oldest first, as the chain requires, one issuer per call). Records it does not
 * answer for stay pending and are offered again.
 */
export interface VerifactuSubmitter {
  readonly name: string;
  submit(records: readonly PendingVerifactuRecord[]): Promise<SubmissionOutcome[]>;
  /** Milliseconds to wait before the next request (the AEAT's TiempoEsperaEnvio); 0: may send now. */
  waitMs?(): number;
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
