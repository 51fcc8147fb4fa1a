import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText, NO_ERRORS, refreshAfterAuthChange, toFormErrors, type FormErrors } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { ApiError, isApiError } from '../../../shared/lib/api-client';
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
import {
  ConsentBoxes,
  consentBody,
  consentProblems,
  useStartNowWording,
  CONSENT_FIELDS,
  NO_CONSENTS,
  type Consents,
} from './checkout-consents';
import {
  INVOICE_FIELDS,
  invoiceBody,
  invoiceProblems,
  InvoiceRequest,
  NO_INVOICE,
  type InvoiceChoice,
} from './invoice-request';

const ID = 'checkout';
/** The API's field names in the page's order (the error summary follows it). */
const FIELD_ORDER = ['payment-method', ...CONSENT_FIELDS, ...INVOICE_FIELDS.map((f) => `invoice.${f}`)];

/**
 * Payment method, the consents (terms accepted; immediate start asked for), an optional full invoice and the
 * "Pagar 25,12 €" button; on success the browser goes to the provider's hosted page. Nothing is pre-ticked.
 */
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
  const startNowWording = useStartNowWording();
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
  const [consents, setConsents] = useState<Consents>(NO_CONSENTS);
  const [invoice, setInvoice] = useState<InvoiceChoice>(NO_INVOICE);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [failure, setFailure] = useState<unknown>(null);
  const needStartNow = cart.required_consents.includes('start_now');
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
    const problems = consentProblems(consents, needStartNow, ID, t, startNowWording);
    const byField: Record<string, string> = {
      ...(method ? {} : { 'payment-method': t('validation.selectOption') }),
      ...problems.byField,
      ...invoiceProblems(invoice, t),
    };
    if (!method || Object.keys(byField).length > 0) {
      const summary = FIELD_ORDER.filter((f) => byField[f]).map((f) => ({
        href: f === 'payment-method' ? '#payment-method' : `#${ID}-${f}`,
        text: byField[f]!,
      }));
      setErrors({ byField, summary });
      onErrorsChange(true);
      return;
    }
    setErrors(NO_ERRORS);
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
        extra: { ...consentBody(consents), ...invoiceBody(invoice) },
        ...(quoteId !== undefined ? { quoteId } : {}),
      },
      {
        onSuccess: ({ redirect_url }) => {
          setRedirecting(true);
          window.location.assign(redirect_url);
        },
        onError: (error) => {
          // Refused fields (a consent, the invoice's tax id) go to their inputs; anything else is an alert.
          if (error instanceof ApiError && error.fields?.length) {
            setErrors(toFormErrors(error, ID, FIELD_ORDER, 'accept_terms', t));
            onErrorsChange(true);
            return;
          }
          setFailure(error);
          if (isApiError(error, 401)) void refreshAfterAuthChange(queryClient);
          if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary errors={errors.summary} />
      {invalid ? <Alert title={t('payment.invalidTitle')}>{t(reasonKey(invalid.reason))}</Alert> : null}
      {failure ? <Alert>{errorText(failure, t)}</Alert> : null}
      <MethodChoice methods={methods} value={method} onChange={choose} error={errors.byField['payment-method']} />
      <InvoiceRequest idPrefix={ID} value={invoice} onChange={setInvoice} errors={errors.byField} />
      <ConsentBoxes
        idPrefix={ID}
        value={consents}
        onChange={setConsents}
        needStartNow={needStartNow}
        errors={errors.byField}
      />
      <p className="secondary-text">{t('checkout.redirectNotice')}</p>
      <Button pending={checkout.isPending || redirecting}>
        {t('checkout.pay', { amount: format.money(cart.totals.total) })}
      </Button>
      {redirecting ? <p role="status">{t('checkout.redirecting')}</p> : null}
    </form>
  );
}
