import { applyRate, cents, sum, type Cents, type RateBp } from '../money/money.js';
import type { RelatedProduct } from '../forms/product-form.js';
import type { RelatedFeeLine } from './price-breakdown.js';

/** What a list price is made of: the product's own prices and its fee lines. */
export interface PricedProduct {
  base_price: Cents;
  /** Official fees collected for third parties: no VAT. */
  official_fee: Cents;
  related_product?: readonly RelatedProduct[];
  /** Fee lines named here are charged only on some answers: not part of the list price. */
  related_conditions?: ReadonlyArray<{ product_id: number }>;
}

/** The catalogue price of a product with no supplements and no fee lines: base + VAT (half-up) + official fee. */
export function catalogPrice(basePrice: Cents, officialFee: Cents, vatRate: RateBp): Cents {
  return cents(basePrice + applyRate(basePrice, vatRate) + officialFee);
}

/** A product's fee lines, each priced with its own tax rule: VAT at the store's rate when `vat`, none otherwise. */
export function feeLines(related: readonly RelatedProduct[] | undefined, vatRate: RateBp): RelatedFeeLine[] {
  return (related ?? []).map((r) => {
    const tax = r.vat ? applyRate(r.price, vatRate) : cents(0);
    return { product_id: r.product_id, name: r.name, vat: r.vat, price: r.price, tax, total: cents(r.price + tax) };
  });
}

/**
 * The price a product is listed at in a store (docs/catalogue.md, "Price model"): base + VAT + official fee + its fee
 * lines, each with its own tax rule. It is what the form engine charges when no answer adds a supplement. A fee line
 * with related_conditions is charged only on some answers, like a supplement, so it is left out.
 */
export function listPrice(product: PricedProduct, vatRate: RateBp): Cents {
  const conditional = new Set((product.related_conditions ?? []).map((c) => c.product_id));
  const lines = feeLines(
    product.related_product?.filter((r) => !conditional.has(r.product_id)),
    vatRate,
  );
  return cents(catalogPrice(product.base_price, product.official_fee, vatRate) + sum(lines.map((l) => l.total)));
}

/**
 * Fee lines at their fee products' current prices (and names): a fee line costs what its fee product costs now, even
 * when the form still names an older price. `feeProduct` gives the fee product of an id, or undefined when there is
 * none (the line keeps its own price).
 */
export function atFeeProductPrices(
  related: readonly RelatedProduct[] | undefined,
  feeProduct: (productId: number) => { name: string; price: Cents } | undefined,
): RelatedProduct[] {
  return (related ?? []).map((r) => {
    const fee = feeProduct(r.product_id);
    return fee ? { ...r, name: fee.name, price: fee.price } : { ...r };
  });
}
