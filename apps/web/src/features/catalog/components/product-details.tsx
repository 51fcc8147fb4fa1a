import { useFormat, useLanguage, useT } from '../../../shared/i18n';
import { isPositive } from '../../../shared/lib/money';
import type { Category, Product } from '../../../shared/lib/api-contract';
import { useDocumentTitle, usePageDescription } from '../../../shared/lib/use-document-title';
import { BackLink, Link, PageHeading } from '../../../shared/ui';
import { CATALOGUE_PATH, categoryPagePath, productOrderPath } from '../lib/catalog-paths';

/**
 * Server-sanitised HTML (custom_text, tooltip). dangerouslySetInnerHTML is acceptable here ONLY because the server
 * reduces these texts to a small allow-list (headings, paragraphs, lists, emphasis, http/https/mailto/relative links)
 * when it builds the catalogue (apps/server/src/modules/catalog/sanitize-faq.ts). Never pass any other text to it.
 */
function SanitisedHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The product page: what the procedure is, what it costs, what you need, and the way to order it. */
export function ProductDetails({ product, category }: { product: Product; category: Category | undefined }) {
  const t = useT();
  const format = useFormat();
  const language = useLanguage();
  useDocumentTitle(product.meta_title || product.name);
  usePageDescription(product.meta_description || product.short_description);
  return (
    // The catalogue lacks this product's texts in the store's language (a linter error): they say which language they
    // are in, so assistive technology reads them right and nobody mistakes it for a translation.
    <article
      className="product-page"
      lang={product.content_language && product.content_language !== language ? product.content_language : undefined}
    >
      {/* The caption names the category and leads back to it; without one, the way back is the catalogue. */}
      {category ? null : <BackLink to={CATALOGUE_PATH}>{t('nav.backToCatalogue')}</BackLink>}
      <PageHeading
        caption={category ? <Link to={categoryPagePath(category.url_key)}>{category.name}</Link> : undefined}
      >
        {product.name}
      </PageHeading>
      {product.short_description ? <p className="lead">{product.short_description}</p> : null}

      <div className="product-page__price">
        <p className="product-page__total">
          <span className="product-page__amount">{format.money(product.price)}</span>{' '}
          <span>{t('catalog.vatIncluded')}</span>
        </p>
        <p className="secondary-text">{t('catalog.basePrice', { amount: format.money(product.base_price) })}</p>
        {isPositive(product.official_fee) ? (
          <p className="secondary-text">
            {t('catalog.feesIncluded', { amount: format.money(product.official_fee ?? '0') })}
          </p>
        ) : null}
        <Link className="button button--primary product-page__order" to={productOrderPath(product.url_key)}>
          {t('catalog.order')}
        </Link>
      </div>

      {product.image ? <img className="product-page__image" src={product.image} alt="" /> : null}
      {product.description ? <p>{product.description}</p> : null}
      {product.tooltip ? <SanitisedHtml className="inset-text product-page__tooltip" html={product.tooltip} /> : null}

      {product.custom_text ? (
        <section className="product-page__faq" aria-labelledby="product-faq">
          <h2 id="product-faq">{t('catalog.faqTitle')}</h2>
          <SanitisedHtml html={product.custom_text} />
        </section>
      ) : null}
    </article>
  );
}
