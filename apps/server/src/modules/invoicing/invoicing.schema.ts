import { Type } from 'typebox';
import { MoneyString, Nullable } from '../../shared/http-schemas.js';

export const InvoiceOut = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('invoice'), Type.Literal('credit_note')]),
  number: Type.String({ examples: ['F01-2026-000001'] }),
  invoice_type: Type.String({ description: 'F1 full, F2 simplified, R1/R5 corrective (Veri*Factu types)' }),
  order_id: Type.Integer(),
  store_id: Type.Integer(),
  issue_date: Type.String({ format: 'date' }),
  currency: Type.String(),
  base_total: MoneyString,
  tax_total: MoneyString,
  not_subject_total: MoneyString,
  total: MoneyString,
  corrects: Nullable(Type.Object({ number: Type.String(), issue_date: Type.String({ format: 'date' }) })),
  reason: Nullable(Type.String()),
});

// Spelled out (not mapped from BILLING_COUNTRIES) so TypeBox infers the literal union; a test keeps both equal.
export const BillingCountry = Type.Union([
  Type.Literal('ES'),
  Type.Literal('PT'),
  Type.Literal('IE'),
  Type.Literal('GB'),
  Type.Literal('NL'),
  Type.Literal('FR'),
  Type.Literal('DE'),
  Type.Literal('IT'),
  Type.Literal('OTHER'),
]);

export const Billing = Type.Object({
  name: Type.String({ maxLength: 200 }),
  tax_id: Type.String({ maxLength: 30 }),
  address: Type.String({ maxLength: 500 }),
  country: BillingCountry,
});

export const RefundOut = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  /** What is returned to the customer. */
  amount: MoneyString,
  /** The penalty kept ("0.00": a refund without penalty). */
  penalty: MoneyString,
  reason: Type.String(),
  status: Type.Union([Type.Literal('requested'), Type.Literal('succeeded'), Type.Literal('failed')]),
  provider: Type.String(),
  provider_refund_ref: Nullable(Type.String()),
  failure_code: Nullable(Type.String()),
  credit_note_id: Nullable(Type.Integer()),
  agent_name: Nullable(Type.String()),
  created_at: Type.String(),
});

export const OrderRefunds = Type.Object({
  order_id: Type.Integer(),
  invoices: Type.Array(InvoiceOut),
  refunds: Type.Array(RefundOut),
  refundable: MoneyString,
});

/** A Veri*Factu record the AEAT refused (Incorrecto) or accepted with errors (AceptadoConErrores). */
export const VerifactuRecordWithErrors = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('alta'), Type.Literal('anulacion')]),
  invoice_id: Type.Integer(),
  issuer_tax_id: Type.String(),
  invoice_number: Type.String(),
  issue_date: Type.String({ description: 'dd-mm-yyyy, as sent' }),
  aeat_status: Type.Union([Type.Literal('Incorrecto'), Type.Literal('AceptadoConErrores')]),
  code: Nullable(Type.String({ description: "The AEAT's CodigoErrorRegistro" })),
  description: Nullable(Type.String({ description: "The AEAT's DescripcionErrorRegistro" })),
  submitted_at: Nullable(Type.String({ format: 'date-time' })),
});
