import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText, NO_ERRORS, toFormErrors, type FormErrors } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import type { MoneyString } from '../../../shared/lib/api-contract';
import { ApiError } from '../../../shared/lib/api-client';
import { Alert, Button, ErrorSummary } from '../../../shared/ui';
import {
  ConsentBoxes,
  consentBody,
  consentProblems,
  useStartNowWording,
  CONSENT_FIELDS,
  NO_CONSENTS,
  type Consents,
} from './checkout-consents';
import { usePaymentMethods } from '../api/payment-methods';
import { initialMethod, MethodChoice } from './method-choice';

/** What paying by a link sends: the method's code and the consents (the same boxes as at checkout). */
export interface LinkPaymentInput {
  method: string;
  consents: ReturnType<typeof consentBody>;
}

/** Paying by a link's key (usePayByLink, usePayQuoteLink): the method and consents in, the provider's page out. */
export type LinkPayment = UseMutationResult<{ order_id: number; redirect_url: string }, Error, LinkPaymentInput>;

const ID = 'link-payment';

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
  const startNowWording = useStartNowWording();
  const format = useFormat();
  const methods = usePaymentMethods(storeId);
  const [method, setMethod] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [consents, setConsents] = useState<Consents>(NO_CONSENTS);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const list = methods.data ?? [];
  const chosen = method ?? initialMethod(list, null, lastMethod);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen || redirecting || pay.isPending) return;
    // Every service starts at once: the link's payer asks for it like a customer at checkout.
    const problems = consentProblems(consents, true, ID, t, startNowWording);
    setErrors(problems.summary.length ? problems : NO_ERRORS);
    if (problems.summary.length) return;
    pay.mutate(
      { method: chosen, consents: consentBody(consents) },
      {
        onSuccess: ({ redirect_url }) => {
          setRedirecting(true);
          window.location.assign(redirect_url);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields?.length)
            setErrors(toFormErrors(error, ID, [...CONSENT_FIELDS], 'accept_terms', t));
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary errors={errors.summary} />
      {pay.isError && !(pay.error instanceof ApiError && pay.error.fields?.length) ? (
        <Alert>{errorText(pay.error, t)}</Alert>
      ) : null}
      <MethodChoice methods={list} value={chosen} onChange={setMethod} />
      <ConsentBoxes idPrefix={ID} value={consents} onChange={setConsents} needStartNow errors={errors.byField} />
      <Button type="submit" pending={pay.isPending || redirecting}>
        {t('checkout.pay', { amount: format.money(amount) })}
      </Button>
    </form>
  );
}
