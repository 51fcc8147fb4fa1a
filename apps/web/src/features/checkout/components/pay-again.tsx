import { useState, type FormEvent, type ReactNode } from 'react';
import { errorText } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { Alert, Button } from '../../../shared/ui';
import { useRetryPayment } from '../api/start-payment';
import { rememberSelectedMethod } from '../lib/payment-flags';

/** Opens a new payment of an unpaid order with a method and follows the provider's redirect. */
export function PayAgainForm({
  orderId,
  method,
  label,
  before,
}: {
  orderId: string;
  method: string;
  label: string;
  before?: ReactNode;
}) {
  const t = useT();
  const retry = useRetryPayment();
  const [redirecting, setRedirecting] = useState(false);
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (redirecting || retry.isPending) return;
    if (!method) {
      setMissing(true);
      return;
    }
    setMissing(false);
    rememberSelectedMethod(method);
    retry.mutate(
      { orderId, paymentMethod: method },
      {
        onSuccess: ({ redirect_url }) => {
          setRedirecting(true);
          window.location.assign(redirect_url);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      {retry.isError ? <Alert>{errorText(retry.error, t)}</Alert> : null}
      {missing ? <Alert>{t('validation.selectOption')}</Alert> : null}
      {before}
      <Button pending={retry.isPending || redirecting}>{label}</Button>
      {redirecting ? <p role="status">{t('checkout.redirecting')}</p> : null}
    </form>
  );
}
