import type { Cents } from '../money/money.js';

/** A fee product's line (related_product), priced with its own tax rule. */
export interface RelatedFeeLine {
  product_id: number;
  name: string;
  /** Whether the fee carries VAT. */
  vat: boolean;
  /** Before VAT (the whole fee when it carries no VAT). */
  price: Cents;
  tax: Cents;
  total: Cents;
}

/** The price of one unit of a product for a set of answers, as the form engine computes it. */
export interface PriceBreakdown {
  base: Cents;
  /** Supplements of answered options and chosen values. */
  options: Cents;
  /** base + options, before VAT. */
  subtotal: Cents;
  tax: Cents;
  /** Official fees without VAT. */
  fees: Cents;
  /** Fee products added with the main line (trademark fees), each with its own tax rule. */
  related: RelatedFeeLine[];
  /** subtotal + tax + fees + every related line's total. */
  total: Cents;
}
