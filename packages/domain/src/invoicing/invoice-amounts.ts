import { cents, sum, type Cents } from '../money/money.js';

/**
 * What an invoice says about money: its lines and the VAT breakdown by rate. An order item carries its taxable
 * amount (`subtotal`, the service plus taxed supplements and fee lines), the VAT charged on it (`tax`, at the store's
 * rate: 21 % ES, 23 % PT, 23 % IE) and the official fees collected for third parties (`fees`: trademark office
 * fees, residence-card fees). Those fees are "suplidos" (art. 78.Tres.3º LIVA): outside the taxable base, shown
 * as lines not subject to VAT (rate null) and included in the invoice total.
 */

/** A VAT bucket: the taxable base and VAT at one rate (basis points), or the not-subject amounts (rate null). */
export interface VatBucket {
  rateBp: number | null;
  base: Cents;
  tax: Cents;
}

export type InvoiceLineKind = 'service' | 'official_fee';

export interface InvoiceLine {
  kind: InvoiceLineKind;
  /** The order item the line comes from (null on credit-note lines). */
  itemId: number | null;
  description: string;
  qty: number;
  rateBp: number | null;
  base: Cents;
  tax: Cents;
  total: Cents;
}

export interface InvoiceTotals {
  /** Taxable base at every rate. */
  baseTotal: Cents;
  taxTotal: Cents;
  /** Amounts not subject to VAT (official fees). */
  notSubjectTotal: Cents;
  total: Cents;
}

export interface InvoiceAmounts extends InvoiceTotals {
  lines: InvoiceLine[];
  breakdown: VatBucket[];
}

/** An order item as the invoice reads it (amounts in cents, as stored in order_items). */
export interface InvoiceableItem {
  itemId: number;
  productName: string;
  qty: number;
  subtotal: Cents;
  tax: Cents;
  fees: Cents;
  total: Cents;
}

/** Groups amounts by rate: highest rate first, the not-subject bucket last; empty buckets dropped. */
export function vatBreakdown(lines: ReadonlyArray<{ rateBp: number | null; base: Cents; tax: Cents }>): VatBucket[] {
  const byRate = new Map<number | null, { base: number; tax: number }>();
  for (const l of lines) {
    const b = byRate.get(l.rateBp) ?? { base: 0, tax: 0 };
    b.base += l.base;
    b.tax += l.tax;
    byRate.set(l.rateBp, b);
  }
  return [...byRate.entries()]
    .filter(([, b]) => b.base !== 0 || b.tax !== 0)
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : b - a))
    .map(([rateBp, b]) => ({ rateBp, base: cents(b.base), tax: cents(b.tax) }));
}

/** Totals of a breakdown. */
export function totalsOf(breakdown: readonly VatBucket[]): InvoiceTotals {
  const taxed = breakdown.filter((b) => b.rateBp !== null);
  const baseTotal = sum(taxed.map((b) => b.base));
  const taxTotal = sum(breakdown.map((b) => b.tax));
  const notSubjectTotal = sum(breakdown.filter((b) => b.rateBp === null).map((b) => b.base));
  return { baseTotal, taxTotal, notSubjectTotal, total: cents(baseTotal + taxTotal + notSubjectTotal) };
}

/**
 * The lines and VAT breakdown of the invoice of a paid order: one service line per item at the order's rate, plus a
 * not-subject line for its official fees. Throws when an item's amounts do not add up (a bug upstream).
 */
export function invoiceAmounts(items: readonly InvoiceableItem[], rateBp: number): InvoiceAmounts {
  const lines: InvoiceLine[] = [];
  for (const item of items) {
    if (item.subtotal + item.tax + item.fees !== item.total) {
      throw new RangeError(`Item ${item.itemId}: ${item.subtotal} + ${item.tax} + ${item.fees} != ${item.total}`);
    }
    lines.push({
      kind: 'service',
      itemId: item.itemId,
      description: item.productName,
      qty: item.qty,
      rateBp,
      base: item.subtotal,
      tax: item.tax,
      total: cents(item.subtotal + item.tax),
    });
    if (item.fees !== 0) {
      lines.push({
        kind: 'official_fee',
        itemId: item.itemId,
        description: item.productName,
        qty: 1,
        rateBp: null,
        base: item.fees,
        tax: cents(0),
        total: item.fees,
      });
    }
  }
  const breakdown = vatBreakdown(lines);
  return { lines, breakdown, ...totalsOf(breakdown) };
}

/** What is left to refund of an invoice, per bucket: its breakdown plus the (negative) breakdowns of its credit notes. */
export function remainingBuckets(
  invoice: readonly VatBucket[],
  creditNotes: ReadonlyArray<readonly VatBucket[]>,
): VatBucket[] {
  const left = invoice.map((b) => ({ rateBp: b.rateBp, base: b.base as number, tax: b.tax as number }));
  for (const note of creditNotes) {
    for (const c of note) {
      const target = left.find((b) => b.rateBp === c.rateBp);
      if (!target) throw new RangeError(`Credit note bucket at rate ${c.rateBp} is not on the invoice`);
      target.base += c.base;
      target.tax += c.tax;
    }
  }
  return left.map((b) => ({ rateBp: b.rateBp, base: cents(b.base), tax: cents(b.tax) }));
}

/** Gross (base + VAT) of a bucket. */
const gross = (b: VatBucket) => b.base + b.tax;

/** Half-up integer division of non-negative integers. */
function divHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * Splits a refund of `amount` (gross, VAT included) over what is left of an invoice, as a credit note's breakdown
 * (positive amounts; the credit note stores them negated). A refund of everything left returns exactly what is
 * left, so an invoice and all its credit notes always add up to zero. A partial refund is shared between buckets in
 * proportion to their gross (largest remainder, to the cent), and each share is split into base and VAT at its rate.
 */
export function refundBreakdown(remaining: readonly VatBucket[], amount: Cents): VatBucket[] {
  const totalLeft = remaining.reduce((acc, b) => acc + gross(b), 0);
  if (amount <= 0 || amount > totalLeft) throw new RangeError(`Refund ${amount} outside 1..${totalLeft}`);
  const open = remaining.filter((b) => gross(b) > 0);
  if (amount === totalLeft) return open.map((b) => ({ ...b }));

  const shares = open.map((b) => Math.floor((amount * gross(b)) / totalLeft));
  const order = open
    .map((b, i) => ({ i, rest: (amount * gross(b)) % totalLeft }))
    // Array.prototype.sort is stable: equal remainders keep the buckets' order.
    .sort((a, b) => b.rest - a.rest);
  let missing = amount - shares.reduce((a, s) => a + s, 0);
  for (const { i } of order) {
    if (missing === 0) break;
    shares[i]! += 1;
    missing -= 1;
  }

  return open
    .map((b, i) => {
      const share = shares[i]!;
      if (b.rateBp === null) return { rateBp: null, base: cents(share), tax: cents(0) };
      let base = divHalfUp(share * 10_000, 10_000 + b.rateBp);
      // Never refund more VAT (or base) than the bucket has left (so a share of the whole bucket is the bucket).
      base = Math.min(Math.max(base, share - b.tax), b.base);
      return { rateBp: b.rateBp, base: cents(base), tax: cents(share - base) };
    })
    .filter((b) => b.base !== 0 || b.tax !== 0);
}

/** The same amounts with the opposite sign (a credit note's lines and breakdown). */
export function negateBuckets(buckets: readonly VatBucket[]): VatBucket[] {
  return buckets.map((b) => ({ rateBp: b.rateBp, base: cents(-b.base || 0), tax: cents(-b.tax || 0) }));
}

export type RefundCheck = { ok: true } | { ok: false; reason: 'not_positive' | 'exceeds_refundable' };

/** A refund must be positive and at most what is left to refund of the invoice. */
export function checkRefundAmount(amount: Cents, refundable: Cents): RefundCheck {
  if (amount <= 0) return { ok: false, reason: 'not_positive' };
  if (amount > refundable) return { ok: false, reason: 'exceeds_refundable' };
  return { ok: true };
}
