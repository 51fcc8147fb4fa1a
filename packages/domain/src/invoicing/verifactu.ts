import { formatMoneyString, type Cents } from '../money/money.js';

/**
 * Veri*Factu (RD 1007/2023, Orden HAC/1177/2024): every invoice record of a Spanish issuer is chained to the previous
 * record of the same issuer by a SHA-256 fingerprint ("huella") over fixed fields, and the invoice carries a QR code
 * with the AEAT's validation URL. This module builds the exact text that is hashed and the QR URL; the hashing itself
 * (SHA-256, uppercase hex) is done by the caller, so the domain stays free of I/O and platform crypto.
 */

/** F1 full invoice, F2 simplified invoice, R1 corrective of a full invoice (art. 80 LIVA), R5 corrective of a simplified one. */
export type VerifactuInvoiceType = 'F1' | 'F2' | 'R1' | 'R5';

/** Simplified invoices are allowed up to 400 euros, VAT included (RD 1619/2012, art. 4.1). */
export const SIMPLIFIED_INVOICE_LIMIT = 40_000 as Cents;

/**
 * The invoice type: a full invoice (F1) when the customer gave a tax id; otherwise a simplified invoice (F2) up to the
 * 400 euro limit, and above it a full invoice naming the customer without tax id. Credit notes: R1 corrects an F1,
 * R5 corrects an F2.
 */
export function invoiceTypeFor(input: { recipientTaxId: string | null; total: Cents }): 'F1' | 'F2' {
  if (input.recipientTaxId) return 'F1';
  return input.total <= SIMPLIFIED_INVOICE_LIMIT ? 'F2' : 'F1';
}

/** The type of a credit note that corrects an invoice of type `corrected`. */
export function creditNoteTypeFor(corrected: VerifactuInvoiceType): 'R1' | 'R5' {
  return corrected === 'F2' || corrected === 'R5' ? 'R5' : 'R1';
}

/** An amount as the AEAT records carry it: "123.45", "-12.35" (dot, two decimals). */
export function verifactuAmount(amount: Cents): string {
  return formatMoneyString(amount);
}

/** The fields of a registration record ("RegistroAlta") that enter its fingerprint. */
export interface VerifactuRegistration {
  /** IDEmisorFactura: the issuer's NIF (no country prefix). */
  issuerTaxId: string;
  /** NumSerieFactura. */
  invoiceNumber: string;
  /** FechaExpedicionFactura, dd-mm-yyyy. */
  issueDate: string;
  invoiceType: VerifactuInvoiceType;
  /** CuotaTotal and ImporteTotal as they appear in the record ("12.35"). */
  taxTotal: string;
  total: string;
  /** The previous record's fingerprint of the same issuer; empty for the first record. */
  previousHash: string;
  /** FechaHoraHusoGenRegistro: "2024-01-01T19:20:30+01:00". */
  generatedAt: string;
}

/** The text whose SHA-256 (uppercase hex) is the registration record's fingerprint. Values are trimmed. */
export function verifactuHashInput(r: VerifactuRegistration): string {
  const fields: Array<[string, string]> = [
    ['IDEmisorFactura', r.issuerTaxId],
    ['NumSerieFactura', r.invoiceNumber],
    ['FechaExpedicionFactura', r.issueDate],
    ['TipoFactura', r.invoiceType],
    ['CuotaTotal', r.taxTotal],
    ['ImporteTotal', r.total],
    ['Huella', r.previousHash],
    ['FechaHoraHusoGenRegistro', r.generatedAt],
  ];
  return fields.map(([k, v]) => `${k}=${v.trim()}`).join('&');
}

/** The fields of a cancellation record ("RegistroAnulacion") that enter its fingerprint. */
export interface VerifactuCancellation {
  issuerTaxId: string;
  invoiceNumber: string;
  issueDate: string;
  previousHash: string;
  generatedAt: string;
}

/** The text hashed for a cancellation record. */
export function verifactuCancellationHashInput(r: VerifactuCancellation): string {
  const fields: Array<[string, string]> = [
    ['IDEmisorFacturaAnulada', r.issuerTaxId],
    ['NumSerieFacturaAnulada', r.invoiceNumber],
    ['FechaExpedicionFacturaAnulada', r.issueDate],
    ['Huella', r.previousHash],
    ['FechaHoraHusoGenRegistro', r.generatedAt],
  ];
  return fields.map(([k, v]) => `${k}=${v.trim()}`).join('&');
}

/** The AEAT's QR validation service: production and the test (pre-production) host. */
export const VERIFACTU_QR_BASE_URLS = {
  production: 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR',
  test: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
} as const;

export type VerifactuEnvironment = keyof typeof VERIFACTU_QR_BASE_URLS;

/** The URL the invoice's QR code holds: nif, numserie, fecha (dd-mm-yyyy) and importe, URL-encoded. */
export function verifactuQrUrl(
  environment: VerifactuEnvironment,
  r: { issuerTaxId: string; invoiceNumber: string; issueDate: string; total: string },
): string {
  const query = [
    ['nif', r.issuerTaxId],
    ['numserie', r.invoiceNumber],
    ['fecha', r.issueDate],
    ['importe', r.total],
  ]
    .map(([k, v]) => `${k}=${encodeURIComponent(v!.trim())}`)
    .join('&');
  return `${VERIFACTU_QR_BASE_URLS[environment]}?${query}`;
}
