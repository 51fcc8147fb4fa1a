import { Outlet, useLocation, useParams } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Link, PageHeading, Spinner } from '../../../shared/ui';
import { payLinkKey, usePayByLink, usePayLinkStatus, type PayLinkStatus } from '../api/pay-link';
import { LinkPaymentForm, PaymentInstructions } from '../components/link-payment';

/**
 * `/payment/order/{order_id}`: with the signed key of an agent-created order's e-mailed link (`#k=`), anyone holding
 * the link pays it here without signing in; without a key, the signed-in customer's page (the child route).
 */
export function PayOrderEntry() {
  const { orderId = '' } = useParams();
  const { hash } = useLocation();
  const key = payLinkKey(orderId, hash);
  return key ? <PayByLinkRoute orderId={orderId} linkKey={key} /> : <Outlet />;
}

function PayByLinkRoute({ orderId, linkKey }: { orderId: string; linkKey: string }) {
  const t = useT();
  const status = usePayLinkStatus(orderId, linkKey);
  useDocumentTitle(t('payOrder.title', { order: orderId }));
  if (status.isPending) return <Spinner />;
  if (status.isError) {
    return (
      <>
        <PageHeading>{t('payOrder.title', { order: orderId })}</PageHeading>
        <Alert>{errorText(status.error, t)}</Alert>
        <p>
          <Link to="/orders">{t('checkout.seeOrders')}</Link>
        </p>
      </>
    );
  }
  const data = status.data;
  if (data.paid) {
    return (
      <>
        <PageHeading>{t('payOrder.title', { order: orderId })}</PageHeading>
        <Alert tone="success">{t('payLink.paid')}</Alert>
        <p>
          <Link to="/orders">{t('checkout.seeOrders')}</Link>
        </p>
      </>
    );
  }
  return <PayByLinkForm orderId={orderId} linkKey={linkKey} data={data} />;
}

function PayByLinkForm({ orderId, linkKey, data }: { orderId: string; linkKey: string; data: PayLinkStatus }) {
  const t = useT();
  const format = useFormat();
  const pay = usePayByLink(orderId, linkKey);

  return (
    <>
      <PageHeading>{t('payOrder.title', { order: orderId })}</PageHeading>
      <p className="lead">{t('payOrder.text', { amount: format.money(data.amount) })}</p>
      <p>{t('payLink.intro')}</p>
      <PaymentInstructions instructions={data.instructions} />
      <LinkPaymentForm pay={pay} storeId={data.store_id} lastMethod={data.method} amount={data.amount} />
    </>
  );
}
