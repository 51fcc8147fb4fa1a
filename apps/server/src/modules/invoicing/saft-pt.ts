import { createHash } from 'node:crypto';
import { ptAmount, PT_FINAL_CONSUMER_NIF } from '@ventanilla/domain';
import type { invoices } from '../../db/schema.js';
import { escapeHtml as escapeXml } from '../../shared/html.js';
import type { LegalEntity } from './legal-entities.js';

type InvoiceRow = typeof invoices.$inferSelect;

/** What a monthly SAF-T (PT) file covers and who made it. */
export interface SaftPtInput {
  entity: LegalEntity;
  /** "2026-11" */
  month: string;
  /** The entity's signed documents issued in the month, in series and number order. */
  documents: InvoiceRow[];
  /** The AT numbers of the invoices the month's credit notes correct, by invoice id. */
  corrected: ReadonlyMap<number, InvoiceRow>;
  certificateNumber: string;
  productVersion: string;
  createdAt: string;
}

const TAX_CODES: Record<number, { code: string; description: string }> = {
  600: { code: 'RED', description: 'Taxa reduzida' },
  1300: { code: 'INT', description: 'Taxa intermédia' },
  2300: { code: 'NOR', description: 'Taxa normal' },
};
// Official fees paid in the customer's name and on their behalf (CIVA art. 16.º n.º 6 c)): not in the taxable base.
const EXEMPTION = { code: 'M01', reason: 'Artigo 16.º, n.º 6 do CIVA' };

const digits = (taxId: string | null) => (taxId ?? '').replace(/^[A-Z]{2}/, '');
const el = (name: string, value: string | number) => `<${name}>${escapeXml(String(value))}</${name}>`;
const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text) || 'Desconhecido';

/** An address printed on one line ("Street 1, 1250-146 Lisboa, Portugal") split as SAF-T wants it. */
function addressOf(address: string | null, country: string | null) {
  const text = address ?? '';
  const postal = /(\d{4}-\d{3})\s+([^,]+)/.exec(text);
  return [
    el('AddressDetail', cut(text, 210)),
    el('City', cut(postal?.[2]?.trim() ?? '', 50)),
    el('PostalCode', postal?.[1] ?? 'Desconhecido'),
    el('Country', country && /^[A-Z]{2}$/.test(country) ? country : 'Desconhecido'),
  ].join('');
}

function productCode(description: string): string {
  return `S-${createHash('sha1').update(description).digest('hex').slice(0, 12).toUpperCase()}`;
}

function customerId(row: InvoiceRow): string {
  return row.recipient.taxId ? `C${row.customerId}` : 'CF';
}

/**
 * The SAF-T (PT) 1.04_01 audit file of one month of a Portuguese entity's invoicing (Portaria 321-A/2007 as amended,
 * structure of Portaria 302/2016): Header, MasterFiles (Customer, Product, TaxTable) and SourceDocuments/SalesInvoices
 * with each document's ATCUD, signature (Hash) and lines. Amounts are positive; invoices credit and credit notes debit.
 */
export function buildSaftPt(input: SaftPtInput): string {
  const { entity, documents } = input;
  const [year, month] = input.month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const nif = digits(entity.tax_id);

  const customers = new Map<string, string>();
  const products = new Map<string, string>();
  const rates = new Set<number | null>();
  let totalDebit = 0;
  let totalCredit = 0;
  const invoicesXml: string[] = [];

  for (const doc of documents) {
    const credit = doc.kind === 'credit_note';
    const id = customerId(doc);
    if (!customers.has(id)) {
      const r = doc.recipient;
      customers.set(
        id,
        `<Customer>${el('CustomerID', id)}${el('AccountID', 'Desconhecido')}${el(
          'CustomerTaxID',
          r.taxId ? digits(r.taxId) || r.taxId : PT_FINAL_CONSUMER_NIF,
        )}${el('CompanyName', r.taxId ? cut(r.name, 100) : 'Consumidor final')}<BillingAddress>${
          r.taxId ? addressOf(r.address, r.country) : addressOf(null, null)
        }</BillingAddress>${el('SelfBillingIndicator', 0)}</Customer>`,
      );
    }
    const lines = doc.lines.map((line, i) => {
      const description = line.kind === 'refund' ? `Devolução da fatura ${line.description}` : line.description;
      const code = productCode(description);
      if (!products.has(code))
        products.set(
          code,
          `<Product>${el('ProductType', 'S')}${el('ProductCode', code)}${el('ProductDescription', cut(description, 200))}${el('ProductNumberCode', code)}</Product>`,
        );
      rates.add(line.rateBp);
      const base = Math.abs(line.base);
      const qty = Math.max(1, line.qty);
      const tax = line.rateBp === null ? null : TAX_CODES[line.rateBp];
      if (line.rateBp !== null && !tax) throw new Error(`${doc.number}: VAT rate ${line.rateBp} not of mainland PT`);
      const reference =
        credit && doc.correctsInvoiceId !== null
          ? `<References>${el('Reference', input.corrected.get(doc.correctsInvoiceId)?.ptDocumentNo ?? line.description)}${el('Reason', cut(doc.reason ?? 'Devolução', 50))}</References>`
          : '';
      return `<Line>${el('LineNumber', i + 1)}${el('ProductCode', code)}${el('ProductDescription', cut(description, 200))}${el('Quantity', qty)}${el('UnitOfMeasure', 'UN')}${el('UnitPrice', (base / qty / 100).toFixed(2))}${el('TaxPointDate', doc.issueDate)}${reference}${el('Description', cut(description, 200))}${el(credit ? 'DebitAmount' : 'CreditAmount', ptAmount(base))}<Tax>${el('TaxType', 'IVA')}${el('TaxCountryRegion', 'PT')}${el('TaxCode', tax ? tax.code : 'ISE')}${el('TaxPercentage', line.rateBp === null ? 0 : line.rateBp / 100)}</Tax>${
        tax ? '' : el('TaxExemptionReason', EXEMPTION.reason) + el('TaxExemptionCode', EXEMPTION.code)
      }</Line>`;
    });
    const net = Math.abs(doc.baseTotal) + Math.abs(doc.notSubjectTotal);
    if (credit) totalDebit += net;
    else totalCredit += net;
    invoicesXml.push(
      `<Invoice>${el('InvoiceNo', doc.ptDocumentNo ?? '')}${el('ATCUD', doc.ptAtcud ?? '')}<DocumentStatus>${el('InvoiceStatus', 'N')}${el('InvoiceStatusDate', doc.ptSystemEntry ?? '')}${el('SourceID', 'Ventanilla')}${el('SourceBilling', 'P')}</DocumentStatus>${el('Hash', doc.ptHash ?? '')}${el('HashControl', '1')}${el('Period', month)}${el('InvoiceDate', doc.issueDate)}${el('InvoiceType', credit ? 'NC' : 'FT')}<SpecialRegimes>${el('SelfBillingIndicator', 0)}${el('CashVATSchemeIndicator', 0)}${el('ThirdPartiesBillingIndicator', 0)}</SpecialRegimes>${el('SourceID', 'Ventanilla')}${el('SystemEntryDate', doc.ptSystemEntry ?? '')}${el('CustomerID', id)}${lines.join('')}<DocumentTotals>${el('TaxPayable', ptAmount(Math.abs(doc.taxTotal)))}${el('NetTotal', ptAmount(net))}${el('GrossTotal', ptAmount(Math.abs(doc.total)))}</DocumentTotals></Invoice>`,
    );
  }

  const taxTable = [...rates]
    .sort((a, b) => (a ?? 0) - (b ?? 0))
    .map((rate) => {
      const tax = rate === null ? { code: 'ISE', description: 'Isento' } : TAX_CODES[rate]!;
      return `<TaxTableEntry>${el('TaxType', 'IVA')}${el('TaxCountryRegion', 'PT')}${el('TaxCode', tax.code)}${el('Description', tax.description)}${el('TaxPercentage', rate === null ? 0 : rate / 100)}</TaxTableEntry>`;
    });

  const header = `<Header>${el('AuditFileVersion', '1.04_01')}${el('CompanyID', nif)}${el('TaxRegistrationNumber', nif)}${el('TaxAccountingBasis', 'F')}${el('CompanyName', entity.legal_name)}<CompanyAddress>${addressOf(entity.address, entity.country)}</CompanyAddress>${el('FiscalYear', year)}${el('StartDate', `${input.month}-01`)}${el('EndDate', `${input.month}-${String(lastDay).padStart(2, '0')}`)}${el('CurrencyCode', 'EUR')}${el('DateCreated', input.createdAt)}${el('TaxEntity', 'Global')}${el('ProductCompanyTaxID', nif)}${el('SoftwareCertificateNumber', Number(input.certificateNumber))}${el('ProductID', 'Ventanilla/Ventanilla')}${el('ProductVersion', input.productVersion)}${entity.email ? el('Email', entity.email) : ''}</Header>`;

  return `<?xml version="1.0" encoding="UTF-8"?>\n<AuditFile xmlns="urn:OECD:StandardAuditFile-Tax:PT_1.04_01">${header}<MasterFiles>${[...customers.values()].join('')}${[...products.values()].join('')}${taxTable.length ? `<TaxTable>${taxTable.join('')}</TaxTable>` : ''}</MasterFiles><SourceDocuments><SalesInvoices>${el('NumberOfEntries', documents.length)}${el('TotalDebit', ptAmount(totalDebit))}${el('TotalCredit', ptAmount(totalCredit))}${invoicesXml.join('')}</SalesInvoices></SourceDocuments></AuditFile>\n`;
}
