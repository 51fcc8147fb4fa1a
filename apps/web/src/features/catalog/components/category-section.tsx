import type { Category } from '../../../shared/lib/api-types';
import { ProductCard } from './product-card';

/** A category heading and its product cards; empty categories say so instead of showing nothing. */
export function CategorySection({ category, emptyText }: { category: Category; emptyText: string }) {
  const headingId = `category-${category.url_key}`;
  return (
    <section className="category" aria-labelledby={headingId}>
      <h2 id={headingId}>{category.name}</h2>
      {category.description ? <p className="secondary-text">{category.description}</p> : null}
      {category.products.length === 0 ? (
        <p>{emptyText}</p>
      ) : (
        <ul className="product-grid">
          {category.products.map((product) => (
            <ProductCard key={product.product_id} product={product} />
          ))}
        </ul>
      )}
    </section>
  );
}
