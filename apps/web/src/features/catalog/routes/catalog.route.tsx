import { groupsIn, productGroupOfSlug } from '@ventanilla/domain';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../shared/auth';
import { errorText } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle, usePageDescription } from '../../../shared/lib/use-document-title';
import { Alert, PageHeading, Spinner } from '../../../shared/ui';
import { useCategories } from '../api/get-categories';
import { CategorySection } from '../components/category-section';
import { GroupChips } from '../components/group-chips';
import { SearchForm } from '../components/search-form';
import { CATALOGUE_PATH } from '../lib/catalog-paths';
import '../components/catalog.css';

/**
 * `/tienda/servicios` (and `/tienda/servicios/reset`): every service of the store by category, the start page's
 * "all services"; the group chips (`?grupo=`) narrow it to one kind of service.
 */
export function CatalogRoute() {
  const t = useT();
  const { store_id } = useSession();
  const categories = useCategories(store_id);
  const group = productGroupOfSlug(useSearchParams()[0].get('grupo'));
  useDocumentTitle(t('catalog.title'));
  usePageDescription(t('seo.homeDescription'));
  const all = categories.data?.flatMap((c) => c.products) ?? [];
  const shown = categories.data
    ?.map((category) => ({ ...category, products: category.products.filter((p) => !group || p.group === group) }))
    .filter((category) => category.products.length > 0);

  return (
    <>
      <PageHeading>{t('catalog.title')}</PageHeading>
      <p className="lead">{t('catalog.intro')}</p>
      <SearchForm />
      {categories.isPending ? <Spinner /> : null}
      {categories.isError ? <Alert>{errorText(categories.error, t)}</Alert> : null}
      {categories.data?.length === 0 ? <p>{t('catalog.empty')}</p> : null}
      {groupsIn(all).length > 1 ? <GroupChips groups={groupsIn(all)} active={group} basePath={CATALOGUE_PATH} /> : null}
      {group && shown ? (
        <p className="secondary-text">
          {t('groups.showing', {
            count: shown.reduce((n, c) => n + c.products.length, 0),
            group: t(`groups.${group}`),
          })}
        </p>
      ) : null}
      {shown?.map((category) => (
        <CategorySection key={category.id} category={category} emptyText={t('catalog.emptyCategory')} />
      ))}
    </>
  );
}
