import { useState, type FormEvent, type ReactNode } from 'react';
import { errorText, NO_ERRORS, toFormErrors, type FormErrors } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
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
import { useRetryPayment } from '../api/start-payment';
import { rememberSelectedMethod } from '../lib/payment-flags';

const ID = 'pay-again';

/**
 * Opens a new payment of an unpaid order with a method and follows the provider's redirect. An order whose customer
 * has not accepted the terms yet (one an agent made) asks for the same consents as checkout: shown at once with
 * `askConsents`, or when the server says they are missing.
 */
export function PayAgainForm({
  orderId,
  method,
  label,
  before,
  askConsents = false,
}: {
  orderId: string;
  method: string;
  label: string;
  before?: ReactNode;
  askConsents?: boolean;
}) {
  const t = useT();
  const startNowWording = useStartNowWording();
  const retry = useRetryPayment();
  const [redirecting, setRedirecting] = useState(false);
  const [missing, setMissing] = useState(false);
  const [consents, setConsents] = useState<Consents>(NO_CONSENTS);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [serverAsked, setServerAsked] = useState(false);
  const showConsents = askConsents || serverAsked;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (redirecting || retry.isPending) return;
    if (!method) {
      setMissing(true);
      return;
    }
    setMissing(false);
    if (showConsents) {
      const problems = consentProblems(consents, true, ID, t, startNowWording);
      setErrors(problems.summary.length ? problems : NO_ERRORS);
      if (problems.summary.length) return;
    }
    rememberSelectedMethod(method);
    retry.mutate(
      { orderId, paymentMethod: method, ...(showConsents ? { consents: consentBody(consents) } : {}) },
      {
        onSuccess: ({ redirect_url }) => {
          setRedirecting(true);
          window.location.assign(redirect_url);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields?.some((f) => f.field === 'accept_terms')) {
            setServerAsked(true);
            setErrors(toFormErrors(error, ID, [...CONSENT_FIELDS], 'accept_terms', t));
          }
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary errors={errors.summary} />
      {retry.isError && !(retry.error instanceof ApiError && retry.error.fields?.length) ? (
        <Alert>{errorText(retry.error, t)}</Alert>
      ) : null}
      {missing ? <Alert>{t('validation.selectOption')}</Alert> : null}
      {before}
      {showConsents ? (
        <ConsentBoxes idPrefix={ID} value={consents} onChange={setConsents} needStartNow errors={errors.byField} />
      ) : null}
      <Button pending={retry.isPending || redirecting}>{label}</Button>
      {redirecting ? <p role="status">{t('checkout.redirecting')}</p> : null}
    </form>
  );
}
