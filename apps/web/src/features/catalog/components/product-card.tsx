import { Link } from 'react-router';
import { useFormat, useT } from '../../../shared/i18n';
import type { ProductSummary } from '../../../shared/lib/api-types';
import { VisuallyHidden } from '../../../shared/ui';

/** One product: name, short description, price with VAT and a single link whose name includes the product. */
export function ProductCard({ product }: { product: ProductSummary }) {
  const t = useT();
  const format = useFormat();
  return (
    <li className="product-card">
      <h3 className="product-card__name">{product.name}</h3>
      {product.short_description ? <p className="product-card__description">{product.short_description}</p> : null}
      <p className="product-card__price">
        <span className="product-card__amount">{format.money(product.price)}</span>{' '}
        <span className="secondary-text">{t('catalog.vatIncluded')}</span>
      </p>
      <Link className="product-card__link" to={`/tienda/${encodeURIComponent(product.url_key)}/step1`}>
        {t('catalog.order')}
        <VisuallyHidden> {product.name}</VisuallyHidden>
      </Link>
    </li>
  );
}
