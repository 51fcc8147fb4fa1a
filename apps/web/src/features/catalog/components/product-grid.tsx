import type { ProductSummary } from '../../../shared/lib/api-contract';
import { ProductCard } from './product-card';

/** The cards of a list of products, or a line saying there are none. */
export function ProductGrid({
  products,
  emptyText,
  headingLevel,
}: {
  products: ProductSummary[];
  emptyText: string;
  /** Level of the cards' product names: one below the heading the grid sits under. */
  headingLevel?: 2 | 3;
}) {
  if (products.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <ProductCard key={product.product_id} product={product} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
