import { cents, sum, type Cents, type RateBp } from '../money/money.js';
import { vatBreakdown, type VatBucket } from '../invoicing/invoice-amounts.js';
import type { PriceBreakdown } from './price-breakdown.js';

/** A line's amounts as carts, orders and invoices keep them: subtotal + tax + fees = total. */
export interface LineAmounts {
  /** Taxable base: the service, its supplements and the fee lines that carry VAT. */
  subtotal: Cents;
  tax: Cents;
  /** Not subject to VAT: the official fee and the fee lines without VAT. */
  fees: Cents;
  total: Cents;
}

/**
 * A line's amounts with its related fee lines folded in (fees with VAT into subtotal and tax, fees without VAT into
 * fees), so that subtotal + tax + fees = total for carts and orders.
 */
export function lineAmounts(price: PriceBreakdown): LineAmounts {
  const taxed = price.related.filter((r) => r.vat);
  const untaxed = price.related.filter((r) => !r.vat);
  return {
    subtotal: sum([price.subtotal, ...taxed.map((r) => r.price)]),
    tax: sum([price.tax, ...taxed.map((r) => r.tax)]),
    fees: sum([price.fees, ...untaxed.map((r) => r.total)]),
    total: price.total,
  };
}

/** A cart or order line: the price of one unit and how many. */
export interface PricedQuantity {
  price: PriceBreakdown;
  qty: number;
}

export interface OrderTotals extends LineAmounts {
  /** Each line's amounts for one unit, in the lines' order (what an order item stores beside its qty). */
  lines: LineAmounts[];
  /** The VAT by rate: the taxable base and VAT at the store's rate, then the not-subject fees (rate null). */
  vat: VatBucket[];
}

/**
 * The totals of a cart or an order: every line's amounts times its quantity, summed, and the VAT by rate. All the
 * store's taxable amounts carry its one rate (a product's stores share a country); official fees are not subject.
 */
export function orderTotals(lines: readonly PricedQuantity[], vatRate: RateBp): OrderTotals {
  const units = lines.map((l) => lineAmounts(l.price));
  const total = (pick: (a: LineAmounts) => Cents) => sum(units.map((a, i) => cents(pick(a) * lines[i]!.qty)));
  const amounts = { subtotal: total((a) => a.subtotal), tax: total((a) => a.tax), fees: total((a) => a.fees) };
  return {
    ...amounts,
    total: total((a) => a.total),
    lines: units,
    vat: vatBreakdown([
      { rateBp: vatRate, base: amounts.subtotal, tax: amounts.tax },
      { rateBp: null, base: amounts.fees, tax: cents(0) },
    ]),
  };
}
