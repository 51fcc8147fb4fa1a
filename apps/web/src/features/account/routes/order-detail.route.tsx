import { canCorrectAnswers } from '@ventanilla/domain';
import { useLocation, useParams } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { answerText } from '../../../shared/lib/answered-options';
import { isApiError } from '../../../shared/lib/api-client';
import type { CustomerItem, CustomerOrder } from '../../../shared/lib/api-contract';
import { formatFileSize } from '../../../shared/lib/file-size';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, BackLink, Link, PageHeading, Spinner, SummaryList, VisuallyHidden } from '../../../shared/ui';
import { useMyOrder } from '../api/get-my-orders';
import { OrderInvoices } from '../components/order-invoices';
import { OrderStatus } from '../components/order-status';
import { OrderWithdrawal } from '../components/order-withdrawal';
import { IncidenceAnswer } from '../components/incidence-answer';
import { FastBuyOffer } from '../components/fast-buy-offer';
import { NotaSimpleRead } from '../components/nota-simple-read';
import { QpNames } from '../components/qp-names';
import '../components/account.css';

function OrderLine({ order, item }: { order: CustomerOrder; item: CustomerItem }) {
  const t = useT();
  const format = useFormat();
  const headingId = `line-${item.id}`;
  const files = item.files ?? [];
  return (
    <section className="order-line" aria-labelledby={headingId}>
      <h2 id={headingId}>{item.product_name}</h2>
      <p>
        <OrderStatus item={item} />
      </p>
      <SummaryList
        rows={[
          ...item.options.map((option) => ({
            key: String(option.option_id),
            label: option.label,
            value: answerText(option),
          })),
          ...(item.referencia ? [{ key: 'ref', label: t('orders.reference'), value: item.referencia }] : []),
          { key: 'price', label: t('orders.linePrice'), value: format.money(item.price) },
        ]}
      />
      <IncidenceAnswer orderId={String(order.order_id)} itemId={String(item.id)} />
      <QpNames itemId={item.id} productId={item.product_id} />
      {canCorrectAnswers(order.status, item.panel_status_id) ? (
        <p>
          <Link to={`/tienda/product/actualizar/${encodeURIComponent(String(order.order_id))}/${item.id}`}>
            {t('flows.correctLink')}
            <VisuallyHidden> {t('flows.correctLinkHidden', { product: item.product_name })}</VisuallyHidden>
          </Link>
        </p>
      ) : null}
      <h3>{t('orders.documents')}</h3>
      {files.length === 0 ? (
        <p>{t('orders.noDocuments')}</p>
      ) : (
        <ul className="document-list">
          {files.map((file) => (
            <li key={file.id}>
              <a
                href={`/api/me/orders/${encodeURIComponent(String(order.order_id))}/files/${file.id}`}
                download={file.filename}
              >
                {file.filename}
              </a>{' '}
              <span className="secondary-text">
                ({formatFileSize(file.size, format.language)}, {format.date(file.created_at)}
                {file.uploaded_by_customer ? `, ${t('files.byCustomer')}` : ''})
              </span>
            </li>
          ))}
        </ul>
      )}
      <NotaSimpleRead
        orderId={String(order.order_id)}
        itemId={item.id}
        productId={item.product_id}
        hasPdf={files.some((file) => file.content_type === 'application/pdf')}
      />
      <FastBuyOffer origin="pedido" id={item.id} headingLevel={3} />
    </section>
  );
}

/** `/orders/detail/:orderId`: number, date, lines with answers and status, documents and total. */
export function OrderDetailRoute() {
  const t = useT();
  const format = useFormat();
  const { orderId = '' } = useParams();
  const order = useMyOrder(orderId);
  // Back from /tienda/product/actualizar after saving corrected answers.
  const corrected = (useLocation().state as { corrected?: boolean } | null)?.corrected === true;
  useDocumentTitle(t('orders.detailTitle', { order: orderId }));

  if (order.isPending) return <Spinner />;
  if (isApiError(order.error, 404)) {
    return (
      <>
        <BackLink to="/orders" />
        <PageHeading>{t('orders.notFoundTitle')}</PageHeading>
        <p>{t('orders.notFoundBody')}</p>
      </>
    );
  }
  if (order.isError) return <Alert>{errorText(order.error, t)}</Alert>;

  const data = order.data;
  return (
    <>
      <BackLink to="/orders" />
      {corrected ? <Alert tone="success">{t('flows.correctSaved')}</Alert> : null}
      <PageHeading caption={t('orders.title')}>{t('orders.detailTitle', { order: String(data.order_id) })}</PageHeading>
      <SummaryList
        rows={[
          { key: 'number', label: t('orders.number'), value: String(data.order_id) },
          { key: 'date', label: t('orders.colDate'), value: format.dateTime(data.created_at) },
          { key: 'total', label: t('orders.colTotal'), value: format.money(data.total) },
        ]}
      />
      {data.items.map((item) => (
        <OrderLine key={item.id} order={data} item={item} />
      ))}
      {data.paid ? <OrderInvoices orderId={Number(data.order_id)} /> : null}
      <OrderWithdrawal order={data} />
      <p>
        <Link to={`/documentos?pedido=${encodeURIComponent(String(data.order_id))}`}>{t('docs.sendToOrder')}</Link>
      </p>
      <p>
        <Link to="/orders">{t('orders.backToList')}</Link>
      </p>
    </>
  );
}
