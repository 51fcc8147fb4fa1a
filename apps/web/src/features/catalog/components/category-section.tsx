import { Link } from '../../../shared/ui';
import type { Category } from '../../../shared/lib/api-contract';
import { categoryPagePath } from '../lib/catalog-paths';
import { ProductGrid } from './product-grid';

/** A category heading (linking to its page) and its product cards; empty categories say so instead of showing nothing. */
export function CategorySection({ category, emptyText }: { category: Category; emptyText: string }) {
  const headingId = `category-${category.url_key}`;
  return (
    <section className="category" aria-labelledby={headingId}>
      <h2 id={headingId} className="category__heading">
        {/* Decorative: the heading says what the category is. */}
        {category.image ? <img className="category__icon" src={category.image} alt="" width={32} height={32} /> : null}
        <Link to={categoryPagePath(category.url_key)}>{category.name}</Link>
      </h2>
      {category.description ? <p className="secondary-text">{category.description}</p> : null}
      <ProductGrid products={category.products} emptyText={emptyText} />
    </section>
  );
}
