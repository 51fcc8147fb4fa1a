import { useSearchParams } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import type { CustomerItem, CustomerOrder } from '../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, type Column, Link, PageHeading, Pagination, Spinner, Table, VisuallyHidden } from '../../../shared/ui';
import { ORDERS_PER_PAGE, useMyOrders } from '../api/get-my-orders';
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

/** `/orders`: one row per order line, newest orders first, 10 orders per page. */
export function OrderListRoute() {
  const t = useT();
  const format = useFormat();
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const orders = useMyOrders(page);
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
      <UnfinishedOrders orders={orders.data?.items} />
      {orders.isPending ? <Spinner /> : null}
      {orders.isError ? <Alert>{errorText(orders.error, t)}</Alert> : null}
      {orders.data && rows.length === 0 ? (
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
            hrefFor={(n) => (n === 1 ? '/orders' : `/orders?page=${n}`)}
          />
        </>
      ) : null}
    </>
  );
}
