import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useT, type MessageKey } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Button, PageHeading } from '../../../shared/ui';
import { useRetryPayment } from '../api/start-payment';

// The failure codes payment providers send back (the sandbox: card_declined, insufficient_funds,
// authentication_failed, canceled).
const REASONS: Record<string, MessageKey> = {
  card_declined: 'paymentFailed.declined',
  declined: 'paymentFailed.declined',
  insufficient_funds: 'paymentFailed.insufficientFunds',
  authentication_failed: 'paymentFailed.authenticationFailed',
  canceled: 'paymentFailed.canceled',
  cancelled: 'paymentFailed.canceled',
};

/** `/customer/payment?order_id=..&error=..`: the provider sent the customer back without a payment. */
export function PaymentFailedRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  const reason = REASONS[params.get('error') ?? ''] ?? 'paymentFailed.generic';
  const retry = useRetryPayment();
  const [redirecting, setRedirecting] = useState(false);
  useDocumentTitle(t('paymentFailed.title'));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!orderId || redirecting) return;
    retry.mutate(
      { orderId, paymentMethod: 'cc' },
      {
        onSuccess: ({ redirect_url }) => {
          setRedirecting(true);
          window.location.assign(redirect_url);
        },
      },
    );
  }

  return (
    <>
      <PageHeading>{t('paymentFailed.title')}</PageHeading>
      <p className="lead">{t(reason)}</p>
      {orderId ? <p>{t('paymentFailed.orderKept', { order: orderId })}</p> : null}
      {retry.isError ? <Alert>{errorText(retry.error, t)}</Alert> : null}
      {orderId ? (
        <form noValidate onSubmit={submit}>
          <Button pending={retry.isPending || redirecting}>{t('paymentFailed.retry')}</Button>
        </form>
      ) : null}
      <p>
        <Link to="/orders">{t('checkout.seeOrders')}</Link>
      </p>
    </>
  );
}
