import { useLocation } from 'react-router';
import { useSession } from '../../../shared/auth';
import { errorText } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle, usePageDescription } from '../../../shared/lib/use-document-title';
import { Alert, PageHeading, Spinner } from '../../../shared/ui';
import { useCategories } from '../api/get-categories';
import { CategorySection } from '../components/category-section';
import '../components/catalog.css';

/** `/`, `/tienda/servicios` and `/tienda/servicios/reset`: every category of the store with its products. */
export function CatalogRoute() {
  const t = useT();
  const { store_id } = useSession();
  const categories = useCategories(store_id);
  // The store's home is its front door in search results; the catalogue address says "Servicios".
  const home = useLocation().pathname === '/';
  useDocumentTitle(home ? t('seo.homeTitle') : t('catalog.title'));
  usePageDescription(t('seo.homeDescription'));

  return (
    <>
      <PageHeading>{t('catalog.title')}</PageHeading>
      <p className="lead">{t('catalog.intro')}</p>
      {categories.isPending ? <Spinner /> : null}
      {categories.isError ? <Alert>{errorText(categories.error, t)}</Alert> : null}
      {categories.data?.length === 0 ? <p>{t('catalog.empty')}</p> : null}
      {categories.data?.map((category) => (
        <CategorySection key={category.id} category={category} emptyText={t('catalog.emptyCategory')} />
      ))}
    </>
  );
}
