import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { queryKeys } from '../../../shared/lib/query-keys';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Link, PageHeading, Panel, Spinner } from '../../../shared/ui';
import { usePaymentStatus } from '../api/payment-status';
import { clearCheckoutAttempt } from '../lib/idempotency-key';
import { clearPaymentFailure } from '../lib/payment-flags';

function PaymentConfirmation({ orderId }: { orderId: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const payment = usePaymentStatus(orderId);
  const paid = payment.data?.paid === true;
  useDocumentTitle(paid ? t('success.title') : t('success.waitingTitle'));

  useEffect(() => {
    if (!paid) return;
    clearCheckoutAttempt();
    clearPaymentFailure(orderId);
    void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
    void queryClient.invalidateQueries({ queryKey: queryKeys.myOrders });
  }, [paid, queryClient, orderId]);

  if (paid) {
    return (
      <>
        <Panel title={t('success.title')}>
          {t('success.orderNumber')}
          <br />
          <strong>{orderId}</strong>
        </Panel>
        <p>{t('success.emailNotice')}</p>
        <p>
          <Link to={`/orders/detail/${encodeURIComponent(orderId)}`}>{t('success.viewOrder')}</Link>
        </p>
        <p>
          <Link to="/tienda/servicios">{t('cart.continueShopping')}</Link>
        </p>
      </>
    );
  }
  if (payment.isError) {
    return (
      <>
        <PageHeading>{t('success.waitingTitle')}</PageHeading>
        <Alert>{errorText(payment.error, t)}</Alert>
        <p>
          <Link to="/orders">{t('checkout.seeOrders')}</Link>
        </p>
      </>
    );
  }
  if (payment.timedOut) {
    return (
      <>
        <PageHeading>{t('success.waitingTitle')}</PageHeading>
        <p role="status">{t('success.stillWaiting', { order: orderId })}</p>
        <p>
          <Link to={`/orders/detail/${encodeURIComponent(orderId)}`}>{t('success.viewOrder')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeading>{t('success.waitingTitle')}</PageHeading>
      <Spinner label={t('success.confirming')} />
    </>
  );
}

/** `/checkout/success/:orderId` (waits for the payment confirmation) and `/checkout/success` (a plain thank you). */
export function CheckoutSuccessRoute() {
  const t = useT();
  const { orderId } = useParams();
  useDocumentTitle(orderId ? undefined : t('success.genericTitle'));
  if (orderId) return <PaymentConfirmation orderId={orderId} />;
  return (
    <>
      <PageHeading>{t('success.genericTitle')}</PageHeading>
      <p>{t('success.genericBody')}</p>
      <p>
        <Link to="/orders">{t('checkout.seeOrders')}</Link>
      </p>
    </>
  );
}
