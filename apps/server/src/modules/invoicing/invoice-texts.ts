import '@ventanilla/domain/icu';
import type { Language } from '@ventanilla/domain';
import { formatMessage } from '@ventanilla/domain';

/**
 * Texts printed on invoice and credit-note PDFs, per store language (the PDF is a document, not an API message, so
 * its labels live here with the renderer; API errors stay in invoicing.errors.ts and i18n/server-messages.ts).
 */
const es = {
  invoice: 'Factura',
  simplifiedInvoice: 'Factura simplificada',
  creditNote: 'Factura rectificativa (abono)',
  number: 'Número',
  issueDate: 'Fecha de expedición',
  supplyDate: 'Fecha de la operación (pago recibido)',
  unitPrice: '{qty} × {price} sin IVA',
  order: 'Pedido',
  issuer: 'Emisor',
  customer: 'Cliente',
  taxId: 'NIF',
  corrects: 'Rectifica la factura {number} de {date}',
  reason: 'Motivo',
  penaltyLine: 'Importe anulado {amount}; penalización retenida {penalty}; importe devuelto {returned}',
  rectificationKind: 'Rectificación por diferencias (art. 80 LIVA)',
  description: 'Concepto',
  qty: 'Cant.',
  base: 'Base imponible',
  vatRate: 'IVA %',
  vat: 'Cuota IVA',
  total: 'Total',
  officialFee: 'Tasas oficiales (suplido, no sujeto a IVA): {product}',
  refundLine: 'Devolución sobre la factura {number}',
  breakdown: 'Desglose de IVA',
  notSubject: 'No sujeto (suplidos)',
  totalBase: 'Total base imponible',
  totalVat: 'Total IVA',
  totalNotSubject: 'Total suplidos',
  totalDue: 'Total factura',
  vatIncluded: 'IVA incluido',
  qrCaption: 'QR tributario:',
  verifactu: 'VERI*FACTU',
  verifactuNote: 'Factura verificable en la sede electrónica de la AEAT',
  footer: 'Documento emitido electrónicamente.',
} as const;

export type InvoiceTextKey = keyof typeof es;

const en: Record<InvoiceTextKey, string> = {
  invoice: 'Invoice',
  simplifiedInvoice: 'Simplified invoice',
  creditNote: 'Credit note (corrective invoice)',
  number: 'Number',
  issueDate: 'Issue date',
  supplyDate: 'Date of supply (payment received)',
  unitPrice: '{qty} × {price} excl. VAT',
  order: 'Order',
  issuer: 'Issuer',
  customer: 'Customer',
  taxId: 'VAT no.',
  corrects: 'Corrects invoice {number} of {date}',
  reason: 'Reason',
  penaltyLine: 'Amount cancelled {amount}; penalty kept {penalty}; amount returned {returned}',
  rectificationKind: 'Correction by difference',
  description: 'Description',
  qty: 'Qty',
  base: 'Taxable amount',
  vatRate: 'VAT %',
  vat: 'VAT',
  total: 'Total',
  officialFee: 'Official fees (disbursement, outside the scope of VAT): {product}',
  refundLine: 'Refund on invoice {number}',
  breakdown: 'VAT breakdown',
  notSubject: 'Outside the scope of VAT (disbursements)',
  totalBase: 'Total taxable amount',
  totalVat: 'Total VAT',
  totalNotSubject: 'Total disbursements',
  totalDue: 'Invoice total',
  vatIncluded: 'VAT included',
  qrCaption: 'QR tributario:',
  verifactu: 'VERI*FACTU',
  verifactuNote: 'Invoice verifiable at the Spanish Tax Agency (AEAT) website',
  footer: 'Electronically issued document.',
};

const pt: Record<InvoiceTextKey, string> = {
  invoice: 'Fatura',
  simplifiedInvoice: 'Fatura simplificada',
  creditNote: 'Nota de crédito',
  number: 'Número',
  issueDate: 'Data de emissão',
  supplyDate: 'Data da operação (pagamento recebido)',
  unitPrice: '{qty} × {price} sem IVA',
  order: 'Pedido',
  issuer: 'Emitente',
  customer: 'Cliente',
  taxId: 'NIF',
  corrects: 'Retifica a fatura {number} de {date}',
  reason: 'Motivo',
  penaltyLine: 'Montante anulado {amount}; penalização retida {penalty}; montante devolvido {returned}',
  rectificationKind: 'Retificação por diferenças',
  description: 'Descrição',
  qty: 'Qtd.',
  base: 'Base tributável',
  vatRate: 'IVA %',
  vat: 'IVA',
  total: 'Total',
  officialFee: 'Taxas oficiais (reembolso de despesas, não sujeito a IVA): {product}',
  refundLine: 'Devolução sobre a fatura {number}',
  breakdown: 'Resumo do IVA',
  notSubject: 'Não sujeito (despesas)',
  totalBase: 'Total base tributável',
  totalVat: 'Total IVA',
  totalNotSubject: 'Total despesas',
  totalDue: 'Total da fatura',
  vatIncluded: 'IVA incluído',
  qrCaption: 'QR tributario:',
  verifactu: 'VERI*FACTU',
  verifactuNote: 'Fatura verificável no sítio da AEAT',
  footer: 'Documento emitido eletronicamente.',
};

const CATALOGUES: Record<Language, Record<InvoiceTextKey, string>> = { es, en, pt };

/** A PDF label in a language, with {placeholders} filled in. */
export function invoiceText(language: Language, key: InvoiceTextKey, params: Record<string, string> = {}): string {
  return formatMessage(language, CATALOGUES[language][key], params);
}
