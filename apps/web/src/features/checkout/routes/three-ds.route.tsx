import { Navigate, useParams, useSearchParams } from 'react-router';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, PageHeading, Spinner } from '../../../shared/ui';
import { paymentEnded, useOrderPayment } from '../api/order-payment';
import { lastFailedOrder } from '../lib/payment-flags';

function ThreeDsResult({ orderId }: { orderId: string }) {
  const t = useT();
  const payment = useOrderPayment(orderId, 1000);
  useDocumentTitle(t('threeDs.title'));
  if (payment.data?.paid) return <Navigate to={`/checkout/success/${encodeURIComponent(orderId)}`} replace />;
  if (paymentEnded(payment.data)) {
    const error = payment.data?.failure_code ?? 'authentication_failed';
    return (
      <Navigate
        to={`/customer/payment?order_id=${encodeURIComponent(orderId)}&error=${encodeURIComponent(error)}`}
        replace
      />
    );
  }
  return (
    <>
      <PageHeading>{t('threeDs.title')}</PageHeading>
      {payment.isError ? <Alert>{t('threeDs.unknown')}</Alert> : <Spinner label={t('threeDs.checking')} />}
    </>
  );
}

/**
 * `/checkout/3ds?order_id=`, `/payment/3ds/order/{order_id}` and `/payment/3ds`: where the bank's 3-D Secure
 * challenge returns; the result comes from the provider's signed notification, so the page waits for it.
 */
export function ThreeDsRoute() {
  const t = useT();
  const { orderId: fromPath } = useParams();
  const [params] = useSearchParams();
  const orderId = fromPath ?? params.get('order_id') ?? lastFailedOrder()?.orderId;
  useDocumentTitle(orderId ? undefined : t('threeDs.title'));
  if (!orderId) return <Navigate to="/orders" replace />;
  return <ThreeDsResult orderId={orderId} />;
}
