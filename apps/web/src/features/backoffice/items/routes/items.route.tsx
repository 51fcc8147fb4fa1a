import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, ErrorSummary, PageHeading, Spinner } from '../../../../shared/ui';
import { ActiveFilterChips } from '../components/active-filter-chips';
import { ItemsFilterForm } from '../components/items-filter-form';
import { ItemsResults } from '../components/items-results';
import { useItemsSearch } from '../components/use-items-search';
import { formValuesFrom } from '../lib/search-query';
import '../components/items-search.css';

/**
 * `/agentes` (the workspace's `search` tab): the order search with every filter of the spec, carried by the address
 * (shareable); the list shows status, counts, flags, lock holder, standby, deadline, priority and pinned notes.
 * The state is the hook's (use-items-search.ts); this is its view.
 */
export function ItemsRoute() {
  const t = useT();
  const { params, query, search, statuses, items, refused, fieldErrors, summary, formOpen, setFormOpen } =
    useItemsSearch();
  useDocumentTitle(t('backoffice.itemsTitle'));

  const data = items.data;
  return (
    <>
      <ErrorSummary errors={summary} />
      <PageHeading>{t('backoffice.itemsTitle')}</PageHeading>
      <ActiveFilterChips params={params} statuses={statuses} />
      {/* The form folds away (the choice kept in this browser); the chips above keep saying what filters the list. */}
      <details
        className="search-fold"
        open={formOpen || refused}
        onToggle={(event) => setFormOpen(event.currentTarget.open)}
      >
        <summary>{t('backoffice.filtersTitle')}</summary>
        <ItemsFilterForm
          key={query}
          values={formValuesFrom(params)}
          statuses={statuses}
          errors={fieldErrors}
          onApply={search}
        />
      </details>
      {items.isPending || items.isFetching ? <Spinner /> : null}
      {items.isError && !refused ? <Alert>{errorText(items.error, t)}</Alert> : null}
      {data && !items.isError ? <ItemsResults data={data} params={params} /> : null}
    </>
  );
}
