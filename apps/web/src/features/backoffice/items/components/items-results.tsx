import { panelStatusTone } from '@ventanilla/domain';
import { useFormat, useT } from '../../../../shared/i18n';
import type { BackofficeListItem, ItemSearchPage } from '../../../../shared/lib/api-contract';
import { type Column, Link, StatusTag, Table, VisuallyHidden } from '../../../../shared/ui';
import { ItemFlagBadges } from './item-flag-badges';

function hrefFor(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  const query = next.toString();
  return query ? `/agentes?${query}` : '/agentes';
}

/** Who works on the order and when: lock holder, priority, deadline, standby and provider (those set). */
function WorkFacts({ row }: { row: BackofficeListItem }) {
  const t = useT();
  const format = useFormat();
  const facts = [
    row.lock ? { key: 'lock', term: t('search.lockedBy'), value: row.lock.locked_by_name } : null,
    row.priority !== 0 ? { key: 'priority', term: t('search.priority'), value: row.priority } : null,
    row.deadline_at ? { key: 'deadline', term: t('search.deadline'), value: format.dateTime(row.deadline_at) } : null,
    row.standby_until ? { key: 'standby', term: t('search.standby'), value: format.dateTime(row.standby_until) } : null,
    row.provider_id ? { key: 'provider', term: t('search.provider'), value: row.provider_id } : null,
  ];
  return (
    <dl className="search-list__facts">
      {facts.map((fact) =>
        fact ? (
          <div key={fact.key}>
            <dt>{fact.term}</dt>
            <dd>{fact.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

function useItemColumns(): Column<BackofficeListItem>[] {
  const t = useT();
  const format = useFormat();
  return [
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
    { key: 'work', header: t('search.colWork'), cell: (row) => <WorkFacts row={row} /> },
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
}

/** One page of the order search: how many were found, the list, and links to the pages before and after. */
export function ItemsResults({ data, params }: { data: ItemSearchPage; params: URLSearchParams }) {
  const t = useT();
  const columns = useItemColumns();
  return (
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
  );
}
