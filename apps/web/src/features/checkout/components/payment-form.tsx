import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText, refreshAfterAuthChange } from '../../../shared/auth';
import { useFormat, useT, type MessageKey } from '../../../shared/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import type { Cart } from '../../../shared/lib/api-types';
import { cartLineTotal } from '../../../shared/lib/api-types';
import { queryKeys } from '../../../shared/lib/query-keys';
import { Alert, Button, ErrorSummary, RadioGroup } from '../../../shared/ui';
import type { PaymentMethod } from '../api/payment-methods';
import { useCheckout } from '../api/start-payment';
import { idempotencyKeyFor } from '../lib/idempotency-key';

const METHOD_NAMES: Record<string, MessageKey> = { cc: 'payment.method.cc' };

/** Payment method and the "Pagar 25,12 €" button; on success the browser goes to the provider's hosted page. */
export function PaymentForm({ cart, methods, onErrorsChange }: { cart: Cart; methods: PaymentMethod[]; onErrorsChange: (has: boolean) => void }) {
  const t = useT();
  const format = useFormat();
  const queryClient = useQueryClient();
  const checkout = useCheckout();
  const [method, setMethod] = useState(methods.length === 1 ? methods[0]!.code : '');
  const [methodError, setMethodError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(null);
  const [redirecting, setRedirecting] = useState(false);

  function methodName(m: PaymentMethod): string {
    const key = METHOD_NAMES[m.code];
    return key ? t(key) : (m.title ?? m.code);
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
    const signature = [cart.quote_id, method, cart.totals.total, ...cart.items.map((l) => `${l.id}:${cartLineTotal(l)}`)].join('|');
    checkout.mutate(
      { paymentMethod: method, idempotencyKey: idempotencyKeyFor(signature) },
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
      {failure ? <Alert>{errorText(failure, t)}</Alert> : null}
      <RadioGroup
        id="payment-method"
        name="payment_method"
        legend={t('checkout.paymentMethod')}
        items={methods.map((m) => ({ value: m.code, label: methodName(m) }))}
        value={method}
        onChange={setMethod}
        error={methodError}
      />
      <p className="secondary-text">{t('checkout.redirectNotice')}</p>
      <Button pending={checkout.isPending || redirecting}>{t('checkout.pay', { amount: format.money(cart.totals.total) })}</Button>
      {redirecting ? <p role="status">{t('checkout.redirecting')}</p> : null}
    </form>
  );
}
