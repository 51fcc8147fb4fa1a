import { useSearchParams } from 'react-router';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, type Column, Link, PageHeading, Spinner, StatusTag, Table } from '../../../../shared/ui';
import { useCatalogProducts, useCatalogStores, type CatalogFilters, type CatalogListItem } from '../api/catalog-admin';
import { CatalogFilterForm } from '../components/catalog-filter-form';

function filtersFrom(params: URLSearchParams): CatalogFilters {
  return { store: params.get('store') ?? '', q: params.get('q') ?? '', status: params.get('status') ?? '' };
}

function paramsOf(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params;
}

/** `/agentes/catalogo`: every product with its status and price, filtered by store, text and status (admins). */
export function CatalogProductsRoute() {
  const t = useT();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const stores = useCatalogStores();
  const products = useCatalogProducts(filters);
  useDocumentTitle(t('catalogAdmin.listTitle'));

  const columns: Column<CatalogListItem>[] = [
    {
      key: 'name',
      header: t('catalogAdmin.colName'),
      cell: (row) => (
        <>
          <Link to={`/agentes/catalogo/${row.product_id}`}>{row.name}</Link>
          <span className="secondary-text"> ({row.product_id})</span>
          {row.kind === 'fee' ? <span className="secondary-text"> · {t('catalogAdmin.kind.fee')}</span> : null}
        </>
      ),
    },
    { key: 'category', header: t('catalogAdmin.colCategory'), cell: (row) => row.category },
    {
      key: 'status',
      header: t('catalogAdmin.colStatus'),
      cell: (row) => (
        <StatusTag text={t(`catalogAdmin.status.${row.status}`)} tone={row.status === 'enabled' ? 'success' : 'gray'} />
      ),
    },
    { key: 'base', header: t('catalogAdmin.colBasePrice'), numeric: true, cell: (row) => format.money(row.base_price) },
    {
      key: 'price',
      header: t('catalogAdmin.colPrice'),
      numeric: true,
      cell: (row) => (row.price ? format.money(row.price) : '—'),
    },
    { key: 'stores', header: t('catalogAdmin.colStores'), cell: (row) => row.stores.join(', ') },
    {
      key: 'source',
      header: t('catalogAdmin.colSource'),
      cell: (row) => (
        <>
          {row.edited ? t('catalogAdmin.editedHere') : t('catalogAdmin.fromFiles')}
          {row.file_pending ? <StatusTag text={t('catalogAdmin.filePending')} tone="warning" /> : null}
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeading>{t('catalogAdmin.listTitle')}</PageHeading>
      <CatalogFilterForm
        key={params.toString()}
        filters={filters}
        stores={stores.data ?? []}
        onApply={(applied) => setParams(paramsOf(applied))}
      />
      {products.isPending ? <Spinner /> : null}
      {products.isError ? <Alert>{errorText(products.error, t)}</Alert> : null}
      {products.data ? (
        <>
          <p role="status">{t('catalogAdmin.resultCount', { count: products.data.total })}</p>
          {products.data.items.length > 0 ? (
            <Table
              caption={t('catalogAdmin.listCaption')}
              captionHidden
              columns={columns}
              rows={products.data.items}
              rowKey={(row) => row.product_id}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
