import { useSearchParams } from 'react-router';
import { errorText, useSession } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, BackLink, Link, PageHeading, Spinner } from '../../../shared/ui';
import { useCatalogueSearch } from '../api/search-catalogue';
import { ProductGrid } from '../components/product-grid';
import { SearchForm } from '../components/search-form';
import { CATALOGUE_PATH } from '../lib/catalog-paths';
import '../components/catalog.css';

/**
 * `/tienda/buscar?q=`: the catalogue search's results, rendered by the server for the query (the search form is a
 * GET form, so it works without JavaScript) and hydrated from the same answer.
 */
export function SearchRoute() {
  const t = useT();
  const { store_id } = useSession();
  const query = (useSearchParams()[0].get('q') ?? '').trim().slice(0, 100);
  const search = useCatalogueSearch(store_id, query);
  useDocumentTitle(query ? t('search.resultsTitle', { query }) : t('search.title'));
  const items = search.data?.items;

  return (
    <>
      <BackLink to="/" />
      <PageHeading>{query ? t('search.resultsTitle', { query }) : t('search.title')}</PageHeading>
      {/* A new query resets the field (the browser's back button included). */}
      <SearchForm key={query} defaultQuery={query} />
      {!query ? <p>{t('search.empty')}</p> : null}
      {query && search.isPending ? <Spinner /> : null}
      {search.isError ? <Alert>{errorText(search.error, t)}</Alert> : null}
      {query && items ? (
        <>
          <p role="status" className="search-count">
            {t('search.resultCount', { count: items.length, query })}
          </p>
          {items.length > 0 ? (
            <ProductGrid products={items} emptyText="" headingLevel={2} />
          ) : (
            <p>
              {t('search.noResultsHelp')} <Link to={CATALOGUE_PATH}>{t('cart.browseCatalogue')}</Link>
            </p>
          )}
        </>
      ) : null}
    </>
  );
}
