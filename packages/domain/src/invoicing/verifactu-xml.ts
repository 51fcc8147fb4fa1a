import type { Cents } from '../money/money.js';
import { verifactuAmount, type VerifactuInvoiceType } from './verifactu.js';

/**
 * The XML the AEAT's Veri*Factu web service takes (Orden HAC/1177/2024, art. 16; the AEAT's "Diseño de registro" and
 * its schemas SuministroLR.xsd / SuministroInformacion.xsd, vendored in apps/server/src/modules/invoicing/aeat-schemas):
 * one RegFactuSistemaFacturacion request with the issuer's header and up to 1,000 records, each a RegistroAlta
 * (invoice or credit note) or a RegistroAnulacion (a cancelled record). Pure text building: no I/O.
 */

export const VERIFACTU_NS = {
  soapenv: 'http://schemas.xmlsoap.org/soap/envelope/',
  sum: 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd',
  sum1: 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd',
} as const;

/** At most this many records in one request (SuministroLR.xsd: RegistroFactura maxOccurs="1000"). */
export const VERIFACTU_MAX_RECORDS_PER_REQUEST = 1000;

/** EU member states: a foreign customer's VAT number goes as IDOtro type 02 (NIF-IVA); elsewhere type 04. */
const EU_COUNTRIES = new Set(
  'AT BE BG CY CZ DE DK EE EL GR ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/** A party as the record names it: legal name, tax id (or none) and ISO country. */
export interface VerifactuParty {
  name: string;
  taxId: string | null;
  country: string;
}

/** A record's link to the previous record of the same issuer (absent for the first one). */
export interface VerifactuPreviousLink {
  invoiceNumber: string;
  /** dd-mm-yyyy */
  issueDate: string;
  hash: string;
}

export interface VerifactuVatBucket {
  /** Basis points (2100 = 21 %); null: not subject (e.g. official fees paid on the customer's behalf). */
  rateBp: number | null;
  base: Cents;
  tax: Cents;
}

/** A registration record (RegistroAlta) of an invoice (F1, F2) or credit note (R1, R5). */
export interface VerifactuAltaRecord {
  kind: 'alta';
  /** RefExterna: our record id, echoed in the answer's line so each answer finds its record. */
  ref: string;
  issuerTaxId: string;
  issuerName: string;
  invoiceNumber: string;
  issueDate: string;
  invoiceType: VerifactuInvoiceType;
  description: string;
  recipient: VerifactuParty | null;
  /** Credit notes: the invoice corrected. */
  corrected: { invoiceNumber: string; issueDate: string } | null;
  breakdown: readonly VerifactuVatBucket[];
  /** Not-subject amount not already in the breakdown as a bucket without rate. */
  notSubjectTotal: Cents;
  /** CuotaTotal and ImporteTotal exactly as hashed. */
  taxTotal: string;
  total: string;
  previous: VerifactuPreviousLink | null;
  generatedAt: string;
  hash: string;
}

/** A cancellation record (RegistroAnulacion) of an invoice already registered. */
export interface VerifactuAnulacionRecord {
  kind: 'anulacion';
  ref: string;
  issuerTaxId: string;
  invoiceNumber: string;
  issueDate: string;
  previous: VerifactuPreviousLink | null;
  generatedAt: string;
  hash: string;
}

export type VerifactuRecordXmlInput = VerifactuAltaRecord | VerifactuAnulacionRecord;

/** The invoicing software (SistemaInformatico) as declared in each record. */
export interface VerifactuSoftware {
  producerName: string;
  producerTaxId: string;
  name: string;
  /** Two characters. */
  id: string;
  version: string;
  installation: string;
  /** The software keeps the records of more than one issuer (IndicadorMultiplesOT). */
  multipleIssuers: boolean;
}

/** XML text escaping (element content and attribute values). */
export function xmlText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

function cut(value: string, max: number): string {
  return value.trim().slice(0, max);
}

function el(name: string, content: string): string {
  return `<sum1:${name}>${content}</sum1:${name}>`;
}

function val(name: string, value: string): string {
  return el(name, xmlText(value));
}

/** A Spanish NIF as the schema takes it: nine characters, without the "ES" VAT prefix. */
export function spanishNif(taxId: string): string | null {
  const id = taxId.replace(/[\s.-]/g, '').toUpperCase();
  const nif = id.startsWith('ES') && id.length === 11 ? id.slice(2) : id;
  return /^[0-9A-Z]{9}$/.test(nif) ? nif : null;
}

/**
 * The recipient's identification (IDDestinatario): a Spanish NIF as NIF; any other tax id as IDOtro with its country,
 * type 02 (NIF-IVA) inside the EU and 04 (id of the country of residence) outside.
 */
export function recipientIdXml(party: VerifactuParty & { taxId: string }): string {
  const country = party.country.toUpperCase();
  const nif = country === 'ES' ? spanishNif(party.taxId) : null;
  const id = nif
    ? val('NIF', nif)
    : el(
        'IDOtro',
        val('CodigoPais', country) +
          val('IDType', EU_COUNTRIES.has(country) ? '02' : '04') +
          val('ID', cut(party.taxId.replace(/\s/g, ''), 20)),
      );
  return el('IDDestinatario', val('NombreRazon', cut(party.name, 120)) + id);
}

/** "21.00" from 2100 basis points. */
function rateText(rateBp: number): string {
  return (rateBp / 100).toFixed(2);
}

/** Desglose: one line per VAT rate (S1, VAT, general regime) and the not-subject amount (N1). */
function breakdownXml(r: VerifactuAltaRecord): string {
  const lines: string[] = [];
  let notSubject = 0;
  for (const b of r.breakdown) {
    if (b.rateBp === null) {
      notSubject += b.base + b.tax;
      continue;
    }
    lines.push(
      el(
        'DetalleDesglose',
        val('Impuesto', '01') +
          val('ClaveRegimen', '01') +
          val('CalificacionOperacion', 'S1') +
          val('TipoImpositivo', rateText(b.rateBp)) +
          val('BaseImponibleOimporteNoSujeto', verifactuAmount(b.base)) +
          val('CuotaRepercutida', verifactuAmount(b.tax)),
      ),
    );
  }
  notSubject += r.notSubjectTotal;
  if (notSubject !== 0 || lines.length === 0) {
    lines.push(
      el(
        'DetalleDesglose',
        val('Impuesto', '01') +
          val('ClaveRegimen', '01') +
          val('CalificacionOperacion', 'N1') +
          val('BaseImponibleOimporteNoSujeto', verifactuAmount(notSubject as Cents)),
      ),
    );
  }
  if (lines.length > 12) throw new Error(`Veri*Factu record ${r.invoiceNumber}: more than 12 breakdown lines`);
  return el('Desglose', lines.join(''));
}

function chainXml(issuerTaxId: string, previous: VerifactuPreviousLink | null): string {
  return el(
    'Encadenamiento',
    previous
      ? el(
          'RegistroAnterior',
          val('IDEmisorFactura', issuerTaxId) +
            val('NumSerieFactura', previous.invoiceNumber) +
            val('FechaExpedicionFactura', previous.issueDate) +
            val('Huella', previous.hash),
        )
      : val('PrimerRegistro', 'S'),
  );
}

function softwareXml(s: VerifactuSoftware): string {
  return el(
    'SistemaInformatico',
    val('NombreRazon', cut(s.producerName, 120)) +
      val('NIF', s.producerTaxId) +
      val('NombreSistemaInformatico', cut(s.name, 30)) +
      val('IdSistemaInformatico', cut(s.id, 2)) +
      val('Version', cut(s.version, 50)) +
      val('NumeroInstalacion', cut(s.installation, 100)) +
      val('TipoUsoPosibleSoloVerifactu', 'S') +
      val('TipoUsoPosibleMultiOT', 'S') +
      val('IndicadorMultiplesOT', s.multipleIssuers ? 'S' : 'N'),
  );
}

/** One RegistroAlta. Credit notes are "por diferencias" (TipoRectificativa I) and name the invoice they correct. */
export function registroAltaXml(r: VerifactuAltaRecord, software: VerifactuSoftware): string {
  const corrective = r.invoiceType.startsWith('R');
  const simplified = r.invoiceType === 'F2' || r.invoiceType === 'R5';
  const recipient = !simplified && r.recipient?.taxId ? { ...r.recipient, taxId: r.recipient.taxId } : null;
  return el(
    'RegistroAlta',
    val('IDVersion', '1.0') +
      el(
        'IDFactura',
        val('IDEmisorFactura', r.issuerTaxId) +
          val('NumSerieFactura', r.invoiceNumber) +
          val('FechaExpedicionFactura', r.issueDate),
      ) +
      val('RefExterna', cut(r.ref, 60)) +
      val('NombreRazonEmisor', cut(r.issuerName, 120)) +
      val('TipoFactura', r.invoiceType) +
      (corrective ? val('TipoRectificativa', 'I') : '') +
      (corrective && r.corrected
        ? el(
            'FacturasRectificadas',
            el(
              'IDFacturaRectificada',
              val('IDEmisorFactura', r.issuerTaxId) +
                val('NumSerieFactura', r.corrected.invoiceNumber) +
                val('FechaExpedicionFactura', r.corrected.issueDate),
            ),
          )
        : '') +
      val('DescripcionOperacion', cut(r.description, 500) || r.invoiceNumber) +
      // A full invoice without the customer's tax id (art. 6.1.d RD 1619/2012: above the simplified limit).
      (!simplified && !recipient ? val('FacturaSinIdentifDestinatarioArt61d', 'S') : '') +
      (recipient ? el('Destinatarios', recipientIdXml(recipient)) : '') +
      breakdownXml(r) +
      val('CuotaTotal', r.taxTotal) +
      val('ImporteTotal', r.total) +
      chainXml(r.issuerTaxId, r.previous) +
      softwareXml(software) +
      val('FechaHoraHusoGenRegistro', r.generatedAt) +
      val('TipoHuella', '01') +
      val('Huella', r.hash),
  );
}

/** One RegistroAnulacion of an invoice registered before. */
export function registroAnulacionXml(r: VerifactuAnulacionRecord, software: VerifactuSoftware): string {
  return el(
    'RegistroAnulacion',
    val('IDVersion', '1.0') +
      el(
        'IDFactura',
        val('IDEmisorFacturaAnulada', r.issuerTaxId) +
          val('NumSerieFacturaAnulada', r.invoiceNumber) +
          val('FechaExpedicionFacturaAnulada', r.issueDate),
      ) +
      val('RefExterna', cut(r.ref, 60)) +
      chainXml(r.issuerTaxId, r.previous) +
      softwareXml(software) +
      val('FechaHoraHusoGenRegistro', r.generatedAt) +
      val('TipoHuella', '01') +
      val('Huella', r.hash),
  );
}

/**
 * The RegFactuSistemaFacturacion element (the SOAP body's content) for one issuer's records, oldest first; it
 * declares its own namespaces, so it validates on its own against SuministroLR.xsd.
 */
export function regFactuXml(
  issuer: { name: string; taxId: string },
  software: VerifactuSoftware,
  records: readonly VerifactuRecordXmlInput[],
): string {
  if (records.length === 0 || records.length > VERIFACTU_MAX_RECORDS_PER_REQUEST) {
    throw new Error(
      `a Veri*Factu request takes 1 to ${VERIFACTU_MAX_RECORDS_PER_REQUEST} records, not ${records.length}`,
    );
  }
  const items = records.map((r) => {
    if (r.issuerTaxId !== issuer.taxId) throw new Error(`record ${r.ref} is not of issuer ${issuer.taxId}`);
    const body = r.kind === 'alta' ? registroAltaXml(r, software) : registroAnulacionXml(r, software);
    return `<sum:RegistroFactura>${body}</sum:RegistroFactura>`;
  });
  return (
    `<sum:RegFactuSistemaFacturacion xmlns:sum="${VERIFACTU_NS.sum}" xmlns:sum1="${VERIFACTU_NS.sum1}">` +
    `<sum:Cabecera>${el('ObligadoEmision', val('NombreRazon', cut(issuer.name, 120)) + val('NIF', issuer.taxId))}</sum:Cabecera>` +
    items.join('') +
    `</sum:RegFactuSistemaFacturacion>`
  );
}

/** The whole SOAP 1.1 request. */
export function verifactuSoapRequest(
  issuer: { name: string; taxId: string },
  software: VerifactuSoftware,
  records: readonly VerifactuRecordXmlInput[],
): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${VERIFACTU_NS.soapenv}"><soapenv:Header/><soapenv:Body>` +
    regFactuXml(issuer, software, records) +
    `</soapenv:Body></soapenv:Envelope>`
  );
}
