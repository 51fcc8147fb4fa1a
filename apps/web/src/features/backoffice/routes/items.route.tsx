import { Link, useSearchParams } from 'react-router';
import { panelStatusTone } from '@ventanilla/domain';
import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import type { BackofficeListItem } from '../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, PageHeading, Pagination, Spinner, StatusTag, Table, type Column } from '../../../shared/ui';
import { ITEMS_PER_PAGE, useItems, useStatuses, type ItemFilters } from '../api/backoffice-queries';
import { ItemsFilterForm } from '../components/items-filter-form';

function filtersFrom(params: URLSearchParams): ItemFilters {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    status: params.get('status') ?? '',
    email: params.get('email') ?? '',
    order_id: params.get('order_id') ?? '',
  };
}

function searchOf(filters: ItemFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.email) params.set('email', filters.email);
  if (filters.order_id) params.set('order_id', filters.order_id);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `/agentes?${query}` : '/agentes';
}

/** `/agentes`: the order lines to work, newest first, filtered by status, customer email or order number. */
export function ItemsRoute() {
  const t = useT();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const statuses = useStatuses();
  const items = useItems(filters);
  useDocumentTitle(t('backoffice.itemsTitle'));

  const columns: Column<BackofficeListItem>[] = [
    {
      key: 'item',
      header: t('backoffice.colItem'),
      cell: (row) => <Link to={`/agentes/pedido/${row.item_id}`}>{row.item_id}</Link>,
    },
    { key: 'order', header: t('backoffice.colOrder'), cell: (row) => String(row.order_id) },
    { key: 'product', header: t('backoffice.colProduct'), cell: (row) => row.product_name },
    {
      key: 'customer',
      header: t('backoffice.colCustomer'),
      cell: (row) => (
        <>
          {row.email}
          {row.customer_name ? <span className="secondary-text"> ({row.customer_name})</span> : null}
        </>
      ),
    },
    {
      key: 'status',
      header: t('backoffice.colStatus'),
      cell: (row) => <StatusTag text={row.status_text} tone={panelStatusTone(row.panel_status_id)} />,
    },
    { key: 'created', header: t('backoffice.colCreated'), cell: (row) => format.dateTime(row.created_at) },
    { key: 'notes', header: t('backoffice.colNotes'), numeric: true, cell: (row) => row.notes_count },
    { key: 'files', header: t('backoffice.colFiles'), numeric: true, cell: (row) => row.files_count },
  ];

  return (
    <>
      <PageHeading>{t('backoffice.itemsTitle')}</PageHeading>
      <ItemsFilterForm
        key={params.toString()}
        filters={filters}
        statuses={statuses.data ?? []}
        onApply={(applied) => setParams(new URLSearchParams(searchOf({ ...applied, page: 1 }).split('?')[1] ?? ''))}
      />
      {items.isPending ? <Spinner /> : null}
      {items.isError ? <Alert>{errorText(items.error, t)}</Alert> : null}
      {items.data ? (
        <>
          <p role="status">{t('backoffice.resultCount', { count: items.data.total })}</p>
          {items.data.items.length > 0 ? (
            <Table
              caption={t('backoffice.itemsCaption')}
              captionHidden
              columns={columns}
              rows={items.data.items}
              rowKey={(row) => row.item_id}
            />
          ) : null}
          <Pagination
            page={items.data.page}
            perPage={items.data.size || ITEMS_PER_PAGE}
            total={items.data.total}
            hrefFor={(page) => searchOf({ ...filters, page })}
          />
        </>
      ) : null}
    </>
  );
}
