import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText, refreshAfterAuthChange } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import type { Cart } from '../../../shared/lib/api-contract';
import { cartLineTotal } from '../../../shared/lib/api-contract';
import { queryKeys } from '../../../shared/lib/query-keys';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import { Alert, Button, ErrorSummary } from '../../../shared/ui';
import { usePreferredPayment } from '../api/customer-payment';
import type { PaymentMethod } from '../api/payment-methods';
import { useCheckout } from '../api/start-payment';
import { idempotencyKeyFor } from '../lib/idempotency-key';
import { invalidPayment, justSelectedMethod, rememberSelectedMethod } from '../lib/payment-flags';
import { reasonKey } from '../lib/payment-reasons';
import { initialMethod, MethodChoice } from './method-choice';

/** Payment method and the "Pagar 25,12 €" button; on success the browser goes to the provider's hosted page. */
export function PaymentForm({
  cart,
  methods,
  onErrorsChange,
  quoteId,
}: {
  cart: Cart;
  methods: PaymentMethod[];
  onErrorsChange: (has: boolean) => void;
  quoteId?: number;
}) {
  const t = useT();
  const format = useFormat();
  const queryClient = useQueryClient();
  const checkout = useCheckout();
  const preferred = usePreferredPayment();
  const [chosen, setChosen] = useState<string | null>(null);
  // The payment flags live in this browser's storage: read once the server's markup is hydrated (a customer's
  // checkout is rendered on the server, which cannot know them).
  const hydrated = useHydrated();
  const justSelected = hydrated ? justSelectedMethod() : null;
  const method = chosen ?? initialMethod(methods, justSelected, preferred.data?.preferred_payment?.method);
  const [methodError, setMethodError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(null);
  const [redirecting, setRedirecting] = useState(false);
  const invalid = hydrated ? invalidPayment() : null;

  function choose(code: string) {
    setChosen(code);
    rememberSelectedMethod(code);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (redirecting || checkout.isPending) return;
    setFailure(null);
    if (!method) {
      setMethodError(t('validation.selectOption'));
      onErrorsChange(true);
      return;
    }
    setMethodError(undefined);
    onErrorsChange(false);
    rememberSelectedMethod(method);
    const signature = [
      cart.quote_id,
      method,
      cart.totals.total,
      ...cart.items.map((l) => `${l.id}:${cartLineTotal(l)}`),
    ].join('|');
    checkout.mutate(
      {
        paymentMethod: method,
        idempotencyKey: idempotencyKeyFor(signature),
        ...(quoteId !== undefined ? { quoteId } : {}),
      },
      {
        onSuccess: ({ redirect_url }) => {
          setRedirecting(true);
          window.location.assign(redirect_url);
        },
        onError: (error) => {
          setFailure(error);
          if (isApiError(error, 401)) void refreshAfterAuthChange(queryClient);
          if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary errors={methodError ? [{ href: '#payment-method', text: methodError }] : []} />
      {invalid ? <Alert title={t('payment.invalidTitle')}>{t(reasonKey(invalid.reason))}</Alert> : null}
      {failure ? <Alert>{errorText(failure, t)}</Alert> : null}
      <MethodChoice methods={methods} value={method} onChange={choose} error={methodError} />
      <p className="secondary-text">{t('checkout.redirectNotice')}</p>
      <Button pending={checkout.isPending || redirecting}>
        {t('checkout.pay', { amount: format.money(cart.totals.total) })}
      </Button>
      {redirecting ? <p role="status">{t('checkout.redirecting')}</p> : null}
    </form>
  );
}
