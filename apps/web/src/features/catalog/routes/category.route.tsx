import { groupsIn, productGroupOfSlug } from '@ventanilla/domain';
import { useParams, useSearchParams } from 'react-router';
import { errorText, useSession } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import { useDocumentTitle, usePageDescription } from '../../../shared/lib/use-document-title';
import { useServerNotFound } from '../../../shared/lib/use-server-not-found';
import { Alert, BackLink, PageHeading, Spinner } from '../../../shared/ui';
import { useCategory } from '../api/get-category';
import { CatalogNotFound } from '../components/catalog-not-found';
import { GroupChips } from '../components/group-chips';
import { CATALOGUE_PATH, categoryPagePath } from '../lib/catalog-paths';
import { ProductGrid } from '../components/product-grid';
import '../components/catalog.css';

/**
 * `/tienda/servicios/{catUrlKey}`: one category's summary (its description and how many services it has), the group
 * chips when its services are of more than one group (`?grupo=`), and its product cards.
 */
export function CategoryRoute() {
  const t = useT();
  const { catUrlKey } = useParams();
  const { store_id } = useSession();
  const category = useCategory(store_id, catUrlKey);
  const group = productGroupOfSlug(useSearchParams()[0].get('grupo'));
  useDocumentTitle(category.data ? category.data.meta_title || category.data.name : undefined);
  usePageDescription(category.data ? category.data.meta_description || category.data.description : undefined);
  const notFound = useServerNotFound();

  if (notFound || isApiError(category.error, 404)) return <CatalogNotFound kind="category" />;
  if (category.isPending) return <Spinner />;
  if (category.isError) return <Alert>{errorText(category.error, t)}</Alert>;
  const { products } = category.data;
  const groups = groupsIn(products);
  const shown = group ? products.filter((p) => p.group === group) : products;
  return (
    <>
      <BackLink to={CATALOGUE_PATH}>{t('nav.backToCatalogue')}</BackLink>
      <PageHeading caption={t('catalog.title')}>{category.data.name}</PageHeading>
      {category.data.description ? <p className="lead">{category.data.description}</p> : null}
      {products.length > 0 ? (
        <p className="secondary-text">{t('home.categoryCount', { count: products.length })}</p>
      ) : null}
      {groups.length > 1 ? (
        <GroupChips groups={groups} active={group} basePath={categoryPagePath(category.data.url_key)} />
      ) : null}
      <ProductGrid products={shown} emptyText={t('catalog.emptyCategory')} headingLevel={2} />
    </>
  );
}
