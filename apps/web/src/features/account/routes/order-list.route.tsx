import { clientStatusText } from '@ventanilla/domain';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useFormat, useLanguage, useT } from '../../../shared/i18n';
import type { CustomerItem, CustomerOrder } from '../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import {
  Alert,
  Button,
  type Column,
  Link,
  PageHeading,
  Pagination,
  Select,
  Spinner,
  Table,
  TextInput,
  VisuallyHidden,
} from '../../../shared/ui';
import { ORDERS_PER_PAGE, useMyOrders, type OrderFilters } from '../api/get-my-orders';
import { AccountLinks } from '../components/account-links';
import { OrderStatus } from '../components/order-status';
import { UnfinishedOrders } from '../components/unfinished-orders';
import '../components/account.css';

interface OrderRow {
  order: CustomerOrder;
  item: CustomerItem;
}

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

const STATUSES = ['pending', 'processing', 'incidence', 'ready'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters in the page's address (`estado`, `desde`, `hasta`, `q`): shareable, and Back returns to them. */
function filtersFrom(params: URLSearchParams): OrderFilters {
  const status = STATUSES.find((s) => s === params.get('estado'));
  const from = params.get('desde') ?? '';
  const to = params.get('hasta') ?? '';
  const q = (params.get('q') ?? '').trim();
  return {
    ...(status ? { status } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
    ...(q ? { q: q.slice(0, 200) } : {}),
  };
}

/** Status, placed between two days, and text (order number, product or reference). */
function OrderFiltersForm({ filters }: { filters: OrderFilters }) {
  const t = useT();
  const language = useLanguage();
  const [, setParams] = useSearchParams();
  const [status, setStatus] = useState<string>(filters.status ?? '');
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const [q, setQ] = useState(filters.q ?? '');

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams();
    if (status) next.set('estado', status);
    if (from) next.set('desde', from);
    if (to) next.set('hasta', to);
    if (q.trim()) next.set('q', q.trim());
    setParams(next);
  }

  // Folded until used (the list stays in sight on a phone); open while filters apply.
  return (
    <details className="order-filters" open={Object.keys(filters).length > 0}>
      <summary>{t('orderFilters.title')}</summary>
      <form role="search" aria-label={t('orderFilters.title')} noValidate onSubmit={apply}>
        <Select
          id="orders-status"
          name="estado"
          label={t('orderFilters.status')}
          emptyLabel={t('orderFilters.anyStatus')}
          items={STATUSES.map((s) => ({ value: s, label: clientStatusText(s, language) }))}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        />
        <TextInput
          id="orders-from"
          name="desde"
          type="date"
          label={t('orderFilters.from')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextInput
          id="orders-to"
          name="hasta"
          type="date"
          label={t('orderFilters.to')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <TextInput
          id="orders-q"
          name="q"
          type="search"
          label={t('orderFilters.text')}
          hint={t('orderFilters.textHint')}
          maxLength={200}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <Button variant="secondary">{t('orderFilters.apply')}</Button>
        {Object.keys(filters).length > 0 ? (
          <p>
            <Link to="/orders">{t('orderFilters.clear')}</Link>
          </p>
        ) : null}
      </form>
    </details>
  );
}

/** `/orders`: one row per order line, newest orders first, 10 orders per page. */
export function OrderListRoute() {
  const t = useT();
  const format = useFormat();
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const filters = filtersFrom(params);
  const filtered = Object.keys(filters).length > 0;
  const orders = useMyOrders(page, filters);
  useDocumentTitle(t('orders.title'));

  const rows: OrderRow[] = orders.data?.items.flatMap((order) => order.items.map((item) => ({ order, item }))) ?? [];
  const columns: Column<OrderRow>[] = [
    {
      key: 'order',
      header: t('orders.colOrder'),
      cell: ({ order }) => (
        <Link to={`/orders/detail/${encodeURIComponent(String(order.order_id))}`}>{String(order.order_id)}</Link>
      ),
    },
    { key: 'date', header: t('orders.colDate'), cell: ({ order }) => format.date(order.created_at) },
    { key: 'product', header: t('orders.colProduct'), cell: ({ item }) => item.product_name },
    { key: 'summary', header: t('orders.colSummary'), cell: ({ item }) => item.summary },
    { key: 'status', header: t('orders.colStatus'), cell: ({ item }) => <OrderStatus item={item} /> },
    { key: 'total', header: t('orders.colTotal'), numeric: true, cell: ({ order }) => format.money(order.total) },
    {
      key: 'invoice',
      header: t('invoices.invoiceColumn'),
      // Paid orders always have their invoice (issued in the paying transaction); the spec's invoice/?order_id=.
      cell: ({ order }) =>
        order.paid ? (
          <a href={`/api/invoice?order_id=${encodeURIComponent(String(order.order_id))}`} download>
            {t('invoices.invoiceColumn')} <VisuallyHidden>{String(order.order_id)}</VisuallyHidden>
          </a>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeading>{t('orders.title')}</PageHeading>
      <AccountLinks />
      {filtered ? null : <UnfinishedOrders orders={orders.data?.items} />}
      {orders.data && (orders.data.total > 0 || filtered) ? (
        <OrderFiltersForm filters={filters} key={params.toString()} />
      ) : null}
      {orders.isPending ? <Spinner /> : null}
      {orders.isError ? <Alert>{errorText(orders.error, t)}</Alert> : null}
      {orders.data && filtered ? <p role="status">{t('orderFilters.found', { count: orders.data.total })}</p> : null}
      {orders.data && rows.length === 0 && filtered ? <p>{t('orderFilters.none')}</p> : null}
      {orders.data && rows.length === 0 && !filtered ? (
        <>
          <p>{t('orders.empty')}</p>
          <p>
            <Link to="/tienda/servicios">{t('cart.browseCatalogue')}</Link>
          </p>
        </>
      ) : null}
      {orders.data && rows.length > 0 ? (
        <>
          <Table
            caption={t('orders.tableCaption')}
            captionHidden
            columns={columns}
            rows={rows}
            rowKey={({ item }) => item.id}
          />
          <Pagination
            page={orders.data.page}
            perPage={orders.data.per_page || ORDERS_PER_PAGE}
            total={orders.data.total}
            hrefFor={(n) => {
              const next = new URLSearchParams(params);
              if (n === 1) next.delete('page');
              else next.set('page', String(n));
              const query = next.toString();
              return query ? `/orders?${query}` : '/orders';
            }}
          />
        </>
      ) : null}
    </>
  );
}
