/**
 * Portuguese invoicing rules of the Autoridade Tributária: the document signature chain (Portaria 363/2010,
 * Despacho 8632/2014), the ATCUD (Decreto-Lei 28/2019, Portaria 195/2020) and the QR code (Portaria 195/2020 and
 * the AT's technical specification). Pure: signing itself (RSA-SHA1) is done by the server with the key it holds.
 */
import type { ZonedDateTime } from './invoice-numbering.js';

/** The AT's document types used here: invoice (fatura) and credit note (nota de crédito). */
export type PtDocumentType = 'FT' | 'NC';

/** The customer tax id the AT asks for when the buyer gave none (final consumer). */
export const PT_FINAL_CONSUMER_NIF = '999999990';

const two = (n: number) => String(n).padStart(2, '0');

/** The document's number as the AT reads it (SAF-T InvoiceNo, QR field G): "FT F16-2026/7". */
export function ptDocumentNo(type: PtDocumentType, series: string, sequence: number): string {
  if (!/^[^ /]+$/.test(series)) throw new RangeError(`Not a series identifier: "${series}"`);
  if (!Number.isSafeInteger(sequence) || sequence <= 0) throw new RangeError(`Not a sequence: ${sequence}`);
  return `${type} ${series}/${sequence}`;
}

/** "2026-11-28T10:15:02": SystemEntryDate, the local wall-clock time the document was recorded (no offset). */
export function ptSystemEntryDate(z: Omit<ZonedDateTime, 'offsetMinutes'>): string {
  return `${z.year}-${two(z.month)}-${two(z.day)}T${two(z.hour)}:${two(z.minute)}:${two(z.second)}`;
}

/** Cents as the AT writes amounts: two decimals and a dot, no grouping ("25.12", "-3.00"). */
export function ptAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an amount in cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${two(abs % 100)}`;
}

/** The fields a document's signature covers. */
export interface PtSignatureInput {
  /** YYYY-MM-DD */
  invoiceDate: string;
  /** YYYY-MM-DDTHH:MM:SS */
  systemEntryDate: string;
  invoiceNo: string;
  /** In cents; written with two decimals. Credit notes sign their gross total as a positive amount. */
  grossTotal: number;
  /** The previous document's signature in the series (base64), empty for the first. */
  previousHash: string;
}

/** The message signed with RSA-SHA1: `InvoiceDate;SystemEntryDate;InvoiceNo;GrossTotal;PreviousHash`. */
export function ptSignatureMessage(input: PtSignatureInput): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.invoiceDate)) throw new RangeError(`Not a date: "${input.invoiceDate}"`);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(input.systemEntryDate)) {
    throw new RangeError(`Not a SystemEntryDate: "${input.systemEntryDate}"`);
  }
  return [
    input.invoiceDate,
    input.systemEntryDate,
    input.invoiceNo,
    ptAmount(input.grossTotal),
    input.previousHash,
  ].join(';');
}

/** Characters 1, 11, 21 and 31 of a signature: the four printed on the document and put in the QR (field Q). */
export function ptHashExtract(hash: string): string {
  if (hash.length < 31) throw new RangeError('A signature has at least 31 characters');
  return `${hash[0]}${hash[10]}${hash[20]}${hash[30]}`;
}

/** The line printed under the totals: "A1b2-Processado por programa certificado n.º 1234/AT". */
export function ptCertificationText(hash: string, certificateNumber: string): string {
  return `${ptHashExtract(hash)}-Processado por programa certificado n.º ${certificateNumber}/AT`;
}

/** Whether a series validation code from the AT is usable: at least 8 characters, letters and digits. */
export function isPtValidationCode(code: string): boolean {
  return /^[A-Z0-9]{8,}$/.test(code);
}

/** The ATCUD value: the series' validation code, a dash, the sequence number ("AAJFJMVNTN-7"). */
export function ptAtcud(validationCode: string, sequence: number): string {
  if (!isPtValidationCode(validationCode)) throw new RangeError(`Not a validation code: "${validationCode}"`);
  if (!Number.isSafeInteger(sequence) || sequence <= 0) throw new RangeError(`Not a sequence: ${sequence}`);
  return `${validationCode}-${sequence}`;
}

/** As printed on the document: "ATCUD: AAJFJMVNTN-7". */
export function ptAtcudText(atcud: string): string {
  return `ATCUD: ${atcud}`;
}

/** What the QR code of Portaria 195/2020 says about a document. */
export interface PtQrInput {
  issuerNif: string;
  /** Empty or null: a final consumer (999999990). */
  buyerTaxId: string | null;
  /** ISO country code of the buyer (PT, ES, ...). */
  buyerCountry: string;
  documentType: PtDocumentType;
  /** N normal, A cancelled. */
  status: 'N' | 'A';
  /** YYYY-MM-DD */
  date: string;
  documentNo: string;
  atcud: string;
  /** VAT by rate in cents, of the mainland region (PT). Rate null: exempt / not subject. */
  buckets: ReadonlyArray<{ rateBp: number | null; base: number; tax: number }>;
  /** Gross total in cents. */
  grossTotal: number;
  hash: string;
  certificateNumber: string;
  /** Field S, optional other information. */
  other?: string;
}

// Mainland Portugal's rates (Código do IVA art. 18): reduced 6 %, intermediate 13 %, normal 23 %.
const PT_RATE_FIELDS: Record<number, { base: string; tax: string }> = {
  600: { base: 'I3', tax: 'I4' },
  1300: { base: 'I5', tax: 'I6' },
  2300: { base: 'I7', tax: 'I8' },
};

/**
 * The QR code's text (Portaria 195/2020): `A:...*B:...*...`, fields in the specification's order, amounts with two
 * decimals and a dot (absolute values: the document type says which way they go), I1 the tax region "PT", I2 the
 * exempt or not-subject base, I3-I8 base and VAT by rate (only the rates used), N total VAT, O gross total.
 */
export function ptQrString(q: PtQrInput): string {
  const abs = (c: number) => ptAmount(Math.abs(c));
  const buyer = q.buyerTaxId ? q.buyerTaxId.replace(/^PT/, '') : PT_FINAL_CONSUMER_NIF;
  const fields: Array<[string, string]> = [
    ['A', q.issuerNif.replace(/^PT/, '')],
    ['B', buyer],
    ['C', q.buyerTaxId ? q.buyerCountry : 'PT'],
    ['D', q.documentType],
    ['E', q.status],
    ['F', q.date.replaceAll('-', '')],
    ['G', q.documentNo],
    ['H', q.atcud],
    ['I1', 'PT'],
  ];
  const exempt = q.buckets.filter((b) => b.rateBp === null || b.rateBp === 0).reduce((s, b) => s + b.base, 0);
  if (q.buckets.some((b) => b.rateBp === null || b.rateBp === 0)) fields.push(['I2', abs(exempt)]);
  for (const rate of [600, 1300, 2300]) {
    const of = q.buckets.filter((b) => b.rateBp === rate);
    if (!of.length) continue;
    const names = PT_RATE_FIELDS[rate]!;
    fields.push([names.base, abs(of.reduce((s, b) => s + b.base, 0))]);
    fields.push([names.tax, abs(of.reduce((s, b) => s + b.tax, 0))]);
  }
  const other = q.buckets.filter((b) => b.rateBp !== null && b.rateBp !== 0 && !PT_RATE_FIELDS[b.rateBp]);
  if (other.length) throw new RangeError(`VAT rate not of mainland Portugal: ${other[0]!.rateBp! / 100} %`);
  fields.push(['N', abs(q.buckets.reduce((s, b) => s + b.tax, 0))]);
  fields.push(['O', abs(q.grossTotal)]);
  fields.push(['Q', ptHashExtract(q.hash)]);
  fields.push(['R', q.certificateNumber]);
  if (q.other) fields.push(['S', q.other]);
  return fields.map(([k, v]) => `${k}:${v}`).join('*');
}
