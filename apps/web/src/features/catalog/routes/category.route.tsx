import { useParams } from 'react-router';
import { errorText, useSession } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import { useDocumentTitle, usePageDescription } from '../../../shared/lib/use-document-title';
import { useServerNotFound } from '../../../shared/lib/server-render';
import { Alert, BackLink, PageHeading, Spinner } from '../../../shared/ui';
import { useCategory } from '../api/get-category';
import { CatalogNotFound } from '../components/catalog-not-found';
import { CATALOGUE_PATH } from '../lib/catalog-paths';
import { ProductGrid } from '../components/product-grid';
import '../components/catalog.css';

/** `/tienda/servicios/{catUrlKey}`: one category's description and product cards, as on the catalogue page. */
export function CategoryRoute() {
  const t = useT();
  const { catUrlKey } = useParams();
  const { store_id } = useSession();
  const category = useCategory(store_id, catUrlKey);
  useDocumentTitle(category.data ? category.data.meta_title || category.data.name : undefined);
  usePageDescription(category.data ? category.data.meta_description || category.data.description : undefined);
  const notFound = useServerNotFound();

  if (notFound || isApiError(category.error, 404)) return <CatalogNotFound kind="category" />;
  if (category.isPending) return <Spinner />;
  if (category.isError) return <Alert>{errorText(category.error, t)}</Alert>;
  return (
    <>
      <BackLink to={CATALOGUE_PATH}>{t('nav.backToCatalogue')}</BackLink>
      <PageHeading caption={t('catalog.title')}>{category.data.name}</PageHeading>
      {category.data.description ? <p className="lead">{category.data.description}</p> : null}
      <ProductGrid products={category.data.products} emptyText={t('catalog.emptyCategory')} headingLevel={2} />
    </>
  );
}
