import { errorText, useSession } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { useDocumentTitle, usePageDescription } from '../../../shared/lib/use-document-title';
import { Alert, Link, PageHeading, Spinner } from '../../../shared/ui';
import { useCategories } from '../api/get-categories';
import { usePopular } from '../api/get-popular';
import { SearchForm } from '../components/search-form';
import { CATALOGUE_PATH, categoryPagePath, productPagePath } from '../lib/catalog-paths';
import '../components/catalog.css';

/**
 * `/`: the start page, as GOV.UK services have one: the search, the most ordered services, then the categories; every
 * service is one link away (`/tienda/servicios`).
 */
export function HomeRoute() {
  const t = useT();
  const format = useFormat();
  const { store_id } = useSession();
  const categories = useCategories(store_id);
  const popular = usePopular(store_id);
  useDocumentTitle(t('seo.homeTitle'));
  usePageDescription(t('seo.homeDescription'));
  const total = categories.data?.reduce((n, c) => n + c.products.length, 0) ?? 0;

  return (
    <>
      <PageHeading>{t('home.title')}</PageHeading>
      <p className="lead">{t('home.intro')}</p>
      <SearchForm />

      {popular.data && popular.data.items.length > 0 ? (
        <section className="home-section" aria-labelledby="home-popular">
          <h2 id="home-popular">{t('home.popularTitle')}</h2>
          <ul className="popular-list">
            {popular.data.items.map((product) => (
              <li key={product.product_id} className="popular-list__item">
                <Link to={productPagePath(product.url_key)}>{product.name}</Link>{' '}
                <span className="secondary-text">
                  {format.money(product.price)} {t('catalog.vatIncluded')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="home-section" aria-labelledby="home-categories">
        <h2 id="home-categories">{t('home.categoriesTitle')}</h2>
        {categories.isPending ? <Spinner /> : null}
        {categories.isError ? <Alert>{errorText(categories.error, t)}</Alert> : null}
        {categories.data?.length === 0 ? <p>{t('catalog.empty')}</p> : null}
        <ul className="category-list">
          {categories.data?.map((category) => (
            <li key={category.id} className="category-list__item">
              <h3 className="category-list__name">
                <Link to={categoryPagePath(category.url_key)}>{category.name}</Link>
              </h3>
              {category.description ? <p className="category-list__description">{category.description}</p> : null}
              <p className="secondary-text">{t('home.categoryCount', { count: category.products.length })}</p>
            </li>
          ))}
        </ul>
        {total > 0 ? (
          <p className="home-all">
            <Link to={CATALOGUE_PATH}>{t('home.allServices', { count: total })}</Link>
          </p>
        ) : null}
      </section>
    </>
  );
}
