import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { formatMultibancoReference } from '@ventanilla/domain';
import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { asMoney } from '../../../shared/lib/money';
import { queryKeys } from '../../../shared/lib/query-keys';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Link, PageHeading, Spinner, SummaryList } from '../../../shared/ui';
import { paymentEnded, useOrderPayment, type OrderPayment } from '../api/order-payment';
import { clearPaymentFailure } from '../lib/payment-flags';

/**
 * Watches an asynchronous payment: while it is open the page shows `children(payment)`; once paid it goes to the
 * success page, once failed or expired to the failure page (with the reason), both with a history replace.
 */
function WatchPayment({
  everyMs,
  title,
  children,
}: {
  everyMs: number;
  title: string;
  children: (p: OrderPayment) => ReactNode;
}) {
  const t = useT();
  const [params] = useSearchParams();
  const orderId = params.get('order_id') ?? '';
  const queryClient = useQueryClient();
  const payment = useOrderPayment(orderId, everyMs);
  useDocumentTitle(title);
  const paid = payment.data?.paid === true;
  useEffect(() => {
    if (!paid) return;
    clearPaymentFailure(orderId);
    void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
  }, [paid, orderId, queryClient]);

  if (!orderId) return <Navigate to="/orders" replace />;
  if (payment.isPending) return <Spinner />;
  if (payment.isError) {
    return (
      <>
        <PageHeading>{title}</PageHeading>
        <Alert>{errorText(payment.error, t)}</Alert>
      </>
    );
  }
  if (paid) return <Navigate to={`/checkout/success/${encodeURIComponent(orderId)}`} replace />;
  if (paymentEnded(payment.data)) {
    const error = payment.data.failure_code ?? payment.data.payment_status ?? '';
    return (
      <Navigate
        to={`/customer/payment?order_id=${encodeURIComponent(orderId)}&error=${encodeURIComponent(error)}`}
        replace
      />
    );
  }
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {children(payment.data)}
      <p>
        <Link to={`/orders/detail/${encodeURIComponent(orderId)}`}>{t('success.viewOrder')}</Link>
      </p>
    </>
  );
}

/** `/payment/sibs/mbway?order_id=`: waiting for the customer to approve in the MB WAY app (polls every 2 s). */
export function MbWayPendingRoute() {
  const t = useT();
  const format = useFormat();
  return (
    <WatchPayment everyMs={2000} title={t('mbway.title')}>
      {(p) => (
        <>
          <p className="lead">{t('mbway.text', { amount: format.money(p.amount) })}</p>
          <div role="status" aria-live="polite" className="waiting">
            <Spinner label={t('mbway.waiting')} />
          </div>
          <p>{t('mbway.expiryNotice')}</p>
        </>
      )}
    </WatchPayment>
  );
}

/** `/payment/multibanco?order_id=` and `/payment/sibs/mb?order_id=`: the reference to pay at an ATM or in home banking. */
export function MultibancoRoute() {
  const t = useT();
  const format = useFormat();
  return (
    <WatchPayment everyMs={5000} title={t('multibanco.title')}>
      {(p) => {
        const i = p.instructions ?? {};
        return (
          <>
            <p className="lead">{t('multibanco.text')}</p>
            <SummaryList
              rows={[
                {
                  key: 'entity',
                  label: t('multibanco.entity'),
                  value: <strong className="payment-code">{i.entity}</strong>,
                },
                {
                  key: 'reference',
                  label: t('multibanco.reference'),
                  value: <strong className="payment-code">{formatMultibancoReference(i.reference ?? '')}</strong>,
                },
                {
                  key: 'amount',
                  label: t('multibanco.amount'),
                  value: <strong>{format.money(asMoney(i.amount) ?? p.amount)}</strong>,
                },
                {
                  key: 'expires',
                  label: t('multibanco.expires'),
                  value: p.expires_at ? format.dateTime(p.expires_at) : '—',
                },
              ]}
            />
            <p>{t('multibanco.emailNotice')}</p>
            <p role="status" aria-live="polite">
              {t('multibanco.waiting')}
            </p>
          </>
        );
      }}
    </WatchPayment>
  );
}

/** `/payment/bank?order_id=`: transfer details; an agent confirms the payment when it reaches the account. */
export function BankTransferRoute() {
  const t = useT();
  const format = useFormat();
  return (
    <WatchPayment everyMs={15000} title={t('bank.title')}>
      {(p) => {
        const i = p.instructions ?? {};
        return (
          <>
            <p className="lead">{t('bank.text')}</p>
            <SummaryList
              rows={[
                {
                  key: 'iban',
                  label: t('bank.iban'),
                  value: <strong className="payment-code">{(i.iban ?? '').replace(/(.{4})(?=.)/g, '$1 ')}</strong>,
                },
                { key: 'holder', label: t('bank.holder'), value: i.holder },
                { key: 'bank', label: t('bank.bank'), value: i.bank },
                {
                  key: 'concept',
                  label: t('bank.concept'),
                  value: <strong className="payment-code">{i.concept}</strong>,
                },
                {
                  key: 'amount',
                  label: t('bank.amount'),
                  value: <strong>{format.money(asMoney(i.amount) ?? p.amount)}</strong>,
                },
              ]}
            />
            <p>{t('bank.conceptNotice', { order: i.concept ?? '' })}</p>
            <p role="status" aria-live="polite">
              {t('bank.waiting')}
            </p>
          </>
        );
      }}
    </WatchPayment>
  );
}
