import { useFormat, useT } from '../../../shared/i18n';
import type { ProductSummary } from '../../../shared/lib/api-contract';
import { Link, VisuallyHidden } from '../../../shared/ui';
import { productOrderPath, productPagePath } from '../lib/catalog-paths';

/**
 * One product: name, short description, price with VAT, the "Solicitar" link to its form and a "Más información"
 * link to its page. Its name is an <h3> under a category's <h2>, or an <h2> on a category's own page. Both links' names include the product, so each card's links are told apart.
 */
export function ProductCard({ product, headingLevel = 3 }: { product: ProductSummary; headingLevel?: 2 | 3 }) {
  const t = useT();
  const format = useFormat();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="product-card">
      <Heading className="product-card__name">{product.name}</Heading>
      {product.short_description ? <p className="product-card__description">{product.short_description}</p> : null}
      <p className="product-card__price">
        <span className="product-card__amount">{format.money(product.price)}</span>{' '}
        <span className="secondary-text">{t('catalog.vatIncluded')}</span>
      </p>
      <div className="product-card__links">
        <Link className="product-card__link" to={productOrderPath(product.url_key)}>
          {t('catalog.order')}
          <VisuallyHidden> {product.name}</VisuallyHidden>
        </Link>
        <Link className="product-card__more" to={productPagePath(product.url_key)}>
          {t('catalog.moreInfo')}
          <VisuallyHidden> {t('catalog.moreInfoAbout', { name: product.name })}</VisuallyHidden>
        </Link>
      </div>
    </li>
  );
}
