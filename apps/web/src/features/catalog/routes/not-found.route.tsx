import { useSession } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Link, PageHeading } from '../../../shared/ui';
import { useCategories } from '../api/get-categories';
import { CATALOGUE_PATH, categoryPagePath } from '../lib/catalog-paths';
import '../components/catalog.css';

/**
 * Any address the app does not know (the server answers it with a 404): says so, and offers the way on: the home,
 * the catalogue and the store's categories.
 */
export function NotFoundRoute() {
  const t = useT();
  const { store_id } = useSession();
  const categories = useCategories(store_id);
  useDocumentTitle(t('notFound.title'));
  return (
    <>
      <PageHeading>{t('notFound.title')}</PageHeading>
      <p className="lead">{t('notFound.body')}</p>
      <ul>
        <li>
          <Link to="/">{t('notFound.home')}</Link>
        </li>
        <li>
          <Link to={CATALOGUE_PATH}>{t('nav.backToCatalogue')}</Link>
        </li>
      </ul>
      {categories.data?.length ? (
        <nav aria-labelledby="not-found-categories">
          <h2 id="not-found-categories">{t('notFound.categories')}</h2>
          <ul>
            {categories.data.map((category) => (
              <li key={category.id}>
                <Link to={categoryPagePath(category.url_key)}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
