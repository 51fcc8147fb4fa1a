import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import type { MoneyString } from '../../../shared/lib/api-contract';
import { Alert, Button } from '../../../shared/ui';
import { usePaymentMethods } from '../api/payment-methods';
import { initialMethod, MethodChoice } from './method-choice';

/** Paying by a link's key (usePayByLink, usePayQuoteLink): the method's code in, the provider's page out. */
export type LinkPayment = UseMutationResult<{ order_id: number; redirect_url: string }, Error, string>;

/** A pending payment's instructions (a transfer's IBAN, concept...), each under the name the server gives it. */
export function PaymentInstructions({
  instructions,
}: {
  instructions: Readonly<Record<string, string>> | null | undefined;
}) {
  if (!instructions) return null;
  return (
    <dl>
      {Object.entries(instructions).map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The method choice and "Pagar {amount}" of a page paid by link (the agent's order link, the quote link), signed in
 * or not: the store's methods, the last one tried first; on success the browser goes to the provider's page.
 */
export function LinkPaymentForm({
  pay,
  storeId,
  lastMethod,
  amount,
}: {
  pay: LinkPayment;
  storeId: number;
  lastMethod: string | null;
  amount: MoneyString;
}) {
  const t = useT();
  const format = useFormat();
  const methods = usePaymentMethods(storeId);
  const [method, setMethod] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const list = methods.data ?? [];
  const chosen = method ?? initialMethod(list, null, lastMethod);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen || redirecting || pay.isPending) return;
    pay.mutate(chosen, {
      onSuccess: ({ redirect_url }) => {
        setRedirecting(true);
        window.location.assign(redirect_url);
      },
    });
  }

  return (
    <form noValidate onSubmit={submit}>
      {pay.isError ? <Alert>{errorText(pay.error, t)}</Alert> : null}
      <MethodChoice methods={list} value={chosen} onChange={setMethod} />
      <Button type="submit" pending={pay.isPending || redirecting}>
        {t('checkout.pay', { amount: format.money(amount) })}
      </Button>
    </form>
  );
}
