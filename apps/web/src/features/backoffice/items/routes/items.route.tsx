import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { panelStatusTone, SEARCH_FILTER_PARAMS, type SearchFilterParam } from '@ventanilla/domain';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { isApiError } from '../../../../shared/lib/api-client';
import type { BackofficeListItem } from '../../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import {
  Alert,
  type Column,
  ErrorSummary,
  type ErrorSummaryItem,
  Link,
  PageHeading,
  Spinner,
  StatusTag,
  Table,
  VisuallyHidden,
} from '../../../../shared/ui';
import { useItems, useStatuses } from '../../shared';
import { ItemFlagBadges } from '../components/item-flag-badges';
import { ActiveFilterChips } from '../components/active-filter-chips';
import { ItemsFilterForm } from '../components/items-filter-form';
import { formValuesFrom, SEARCH_FORM_TITLE_ID, searchFieldId } from '../lib/search-query';
import '../components/items-search.css';

const KNOWN = new Set<string>(SEARCH_FILTER_PARAMS);

/** Where this browser keeps whether the search form is folded. */
const SEARCH_FORM_OPEN_STORAGE = 'ventanilla.agent.searchFormOpen';

/** An open/closed choice kept in this browser (open unless the agent folded it). */
function useRememberedOpen(key: string): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => {
    try {
      return window.localStorage.getItem(key) !== 'closed';
    } catch {
      return true;
    }
  });
  return [
    open,
    (next: boolean) => {
      setOpen(next);
      try {
        window.localStorage.setItem(key, next ? 'open' : 'closed');
      } catch {
        // Private mode: the choice lasts until the page is left.
      }
    },
  ];
}

function hrefFor(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  const query = next.toString();
  return query ? `/agentes?${query}` : '/agentes';
}

/**
 * `/agentes` (the workspace's `search` tab): the order search with every filter of the spec, carried by the address
 * (shareable); the list shows status, counts, flags, lock holder, standby, deadline, priority and pinned notes.
 */
export function ItemsRoute() {
  const t = useT();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const statuses = useStatuses();
  const items = useItems(query);
  useDocumentTitle(t('backoffice.itemsTitle'));
  const [formOpen, setFormOpen] = useRememberedOpen(SEARCH_FORM_OPEN_STORAGE);

  // A refused search: the server's message for each parameter, shown by its field and in the summary.
  const refused = items.isError && isApiError(items.error, 400) ? (items.error.fields ?? []) : [];
  const fieldErrors: Partial<Record<SearchFilterParam, string>> = {};
  const summary: ErrorSummaryItem[] = refused.map((f) => {
    if (KNOWN.has(f.field)) fieldErrors[f.field as SearchFilterParam] ??= f.message;
    const linkable = KNOWN.has(f.field) && f.field !== 'page';
    return { href: `#${linkable ? searchFieldId(f.field) : SEARCH_FORM_TITLE_ID}`, text: f.message };
  });

  const columns: Column<BackofficeListItem>[] = [
    {
      key: 'item',
      header: t('backoffice.colItem'),
      cell: (row) => <Link to={`/agentes/pedido/${row.item_id}`}>{row.item_id}</Link>,
    },
    {
      key: 'order',
      header: t('backoffice.colOrder'),
      cell: (row) => (
        <>
          {row.order_id}
          {row.referencia ? <span className="search-list__secondary">{row.referencia}</span> : null}
        </>
      ),
    },
    { key: 'product', header: t('backoffice.colProduct'), cell: (row) => row.product_name },
    {
      key: 'customer',
      header: t('backoffice.colCustomer'),
      cell: (row) => (
        <>
          {row.email}
          {row.customer_name ? <span className="search-list__secondary">{row.customer_name}</span> : null}
        </>
      ),
    },
    {
      key: 'status',
      header: t('backoffice.colStatus'),
      cell: (row) => <StatusTag text={row.status_text} tone={panelStatusTone(row.panel_status_id)} />,
    },
    { key: 'flags', header: t('search.colFlags'), cell: (row) => <ItemFlagBadges row={row} /> },
    {
      key: 'work',
      header: t('search.colWork'),
      cell: (row) => (
        <dl className="search-list__facts">
          {row.lock ? (
            <div>
              <dt>{t('search.lockedBy')}</dt>
              <dd>{row.lock.locked_by_name}</dd>
            </div>
          ) : null}
          {row.priority !== 0 ? (
            <div>
              <dt>{t('search.priority')}</dt>
              <dd>{row.priority}</dd>
            </div>
          ) : null}
          {row.deadline_at ? (
            <div>
              <dt>{t('search.deadline')}</dt>
              <dd>{format.dateTime(row.deadline_at)}</dd>
            </div>
          ) : null}
          {row.standby_until ? (
            <div>
              <dt>{t('search.standby')}</dt>
              <dd>{format.dateTime(row.standby_until)}</dd>
            </div>
          ) : null}
          {row.provider_id ? (
            <div>
              <dt>{t('search.provider')}</dt>
              <dd>{row.provider_id}</dd>
            </div>
          ) : null}
        </dl>
      ),
    },
    { key: 'created', header: t('backoffice.colCreated'), cell: (row) => format.dateTime(row.created_at) },
    { key: 'notes', header: t('backoffice.colNotes'), numeric: true, cell: (row) => row.notes_count },
    { key: 'files', header: t('backoffice.colFiles'), numeric: true, cell: (row) => row.files_count },
    {
      key: 'pinned',
      header: t('search.colPinned'),
      cell: (row) =>
        row.pinned_notes.length > 0 ? (
          <ul className="search-list__pinned">
            {row.pinned_notes.map((note) => (
              <li key={note.id} title={note.text}>
                {note.text}
              </li>
            ))}
          </ul>
        ) : null,
    },
  ];

  const data = items.data;
  return (
    <>
      <ErrorSummary errors={summary} />
      <PageHeading>{t('backoffice.itemsTitle')}</PageHeading>
      <ActiveFilterChips params={params} statuses={statuses.data ?? []} />
      {/* The form folds away (the choice kept in this browser); the chips above keep saying what filters the list. */}
      <details
        className="search-fold"
        open={formOpen || refused.length > 0}
        onToggle={(event) => setFormOpen(event.currentTarget.open)}
      >
        <summary>{t('backoffice.filtersTitle')}</summary>
        <ItemsFilterForm
          key={query}
          values={formValuesFrom(params)}
          statuses={statuses.data ?? []}
          errors={fieldErrors}
          onApply={(next) => setParams(next)}
        />
      </details>
      {items.isPending || items.isFetching ? <Spinner /> : null}
      {items.isError && refused.length === 0 ? <Alert>{errorText(items.error, t)}</Alert> : null}
      {data && !items.isError ? (
        <>
          <p role="status">
            {data.total_exact
              ? t('backoffice.resultCount', { count: data.total })
              : t('search.resultCountAtLeast', { count: data.total })}
          </p>
          {data.items.length > 0 ? (
            <Table
              caption={t('backoffice.itemsCaption')}
              captionHidden
              columns={columns}
              rows={data.items}
              rowKey={(row) => row.item_id}
            />
          ) : null}
          {data.page > 1 || data.has_more ? (
            <nav className="pagination" aria-label={t('pagination.label')}>
              {data.page > 1 ? (
                <Link className="pagination__prev" to={hrefFor(params, data.page - 1)} rel="prev">
                  {t('pagination.previous')}
                  <VisuallyHidden> {t('pagination.pageWord')}</VisuallyHidden>
                </Link>
              ) : null}
              <span className="search-list__page">{t('pagination.page', { n: data.page })}</span>
              {data.has_more ? (
                <Link className="pagination__next" to={hrefFor(params, data.page + 1)} rel="next">
                  {t('pagination.next')}
                  <VisuallyHidden> {t('pagination.pageWord')}</VisuallyHidden>
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      ) : null}
    </>
  );
}
