import type { CompanyReport, CompanyReportKind } from '@ventanilla/domain';

/**
 * Where company reports come from (docs/integrations.md, "Company reports"): the sandbox (made-up, deterministic data,
 * the default) or a credit bureau's API (COMPANY_REPORTS_ADAPTER=provider).
 */
export interface CompanyReportAdapter {
  /** "sandbox" or the provider's name, shown on the report and kept in the order's history. */
  readonly name: string;
  /** The report of a valid, normalised CIF; null when the source has no such company ("Registro no encontrado"). */
  fetchReport(cif: string, kind: CompanyReportKind, asOf: Date): Promise<CompanyReport | null>;
}

/** The source could not answer now (down, slow, refused our key, sent something we cannot read): try again later. */
export class CompanyReportUnavailable extends Error {
  constructor(
    message: string,
    readonly retryable = true,
  ) {
    super(message);
    this.name = 'CompanyReportUnavailable';
  }
}
