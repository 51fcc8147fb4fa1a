import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText, useSession } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Button, Link, PageHeading, Spinner, SummaryList } from '../../../shared/ui';
import { usePreferredPayment, useSetPreferredPayment } from '../api/customer-payment';
import { useOrderPayment } from '../api/order-payment';
import { usePaymentMethods } from '../api/payment-methods';
import { MethodChoice } from '../components/method-choice';
import { PayAgainForm } from '../components/pay-again';
import { setInvalidPayment, setLastFailedOrder } from '../lib/payment-flags';
import { METHOD_NAMES, reasonKey } from '../lib/payment-reasons';

/** The provider sent the customer back without a payment: why, and paying again (same or another method). */
function PaymentFailed({ orderId, reason }: { orderId: string; reason: string }) {
  const t = useT();
  const { store_id } = useSession();
  const methods = usePaymentMethods(store_id);
  const payment = useOrderPayment(orderId, 0);
  const last = payment.data?.method ?? '';
  const [method, setMethod] = useState<string | null>(null);
  useDocumentTitle(t('paymentFailed.title'));

  useEffect(() => {
    // The spec's flags: the invalid-payment message, and the last failed order (paid again without re-entering).
    setInvalidPayment({ orderId, reason });
    if (last) setLastFailedOrder({ orderId, method: last });
  }, [orderId, reason, last]);

  if (payment.data?.paid) {
    return (
      <>
        <PageHeading>{t('success.title')}</PageHeading>
        <p>
          <Link to={`/checkout/success/${encodeURIComponent(orderId)}`}>{t('success.viewOrder')}</Link>
        </p>
      </>
    );
  }
  const chosen = method ?? last;
  return (
    <>
      <PageHeading>{t('paymentFailed.title')}</PageHeading>
      <p className="lead">{t(reasonKey(reason))}</p>
      <p>{t('paymentFailed.orderKept', { order: orderId })}</p>
      {payment.isError ? <Alert>{errorText(payment.error, t)}</Alert> : null}
      {methods.isPending || payment.isPending ? (
        <Spinner />
      ) : (
        <PayAgainForm
          orderId={orderId}
          method={chosen}
          label={t('paymentFailed.retry')}
          before={<MethodChoice methods={methods.data ?? []} value={chosen} onChange={setMethod} />}
        />
      )}
      <p>
        <Link to="/orders">{t('checkout.seeOrders')}</Link>
      </p>
    </>
  );
}

/** customer/payment without an order: the preferred payment method (a saved card shows only brand and last 4). */
function PaymentPreferences() {
  const t = useT();
  const { store_id } = useSession();
  const methods = usePaymentMethods(store_id);
  const preferred = usePreferredPayment();
  const save = useSetPreferredPayment();
  const [method, setMethod] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useDocumentTitle(t('payment.preferencesTitle'));
  if (preferred.isPending || methods.isPending) return <Spinner />;
  if (preferred.isError) return <Alert>{errorText(preferred.error, t)}</Alert>;
  const current = preferred.data.preferred_payment;
  const card = current?.card;
  const chosen = method ?? current?.method ?? '';
  const name = current ? METHOD_NAMES[current.method] : undefined;
  return (
    <>
      <PageHeading>{t('payment.preferencesTitle')}</PageHeading>
      <SummaryList
        rows={[
          {
            key: 'method',
            label: t('payment.preferredMethod'),
            value: current ? (name ? t(name) : current.method) : t('payment.noPreferred'),
          },
          ...(card
            ? [
                {
                  key: 'card',
                  label: t('payment.savedCard'),
                  value: t('payment.cardSummary', {
                    brand: (card.brand ?? '').toUpperCase(),
                    last4: card.last4 ?? '',
                    expiry:
                      card.exp_month && card.exp_year
                        ? `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`
                        : '—',
                  }),
                },
              ]
            : []),
        ]}
      />
      {save.isError ? <Alert>{errorText(save.error, t)}</Alert> : null}
      {saved ? (
        <Alert tone="success">{t(saved === 'remove_cc' ? 'payment.cardRemoved' : 'payment.preferenceSaved')}</Alert>
      ) : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen) save.mutate(chosen, { onSuccess: () => setSaved(chosen) });
        }}
      >
        <MethodChoice methods={methods.data ?? []} value={chosen} onChange={setMethod} />
        <Button pending={save.isPending}>{t('payment.savePreference')}</Button>
      </form>
      {card ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate('remove_cc', { onSuccess: () => setSaved('remove_cc') });
          }}
        >
          <Button variant="secondary" pending={save.isPending}>
            {t('payment.removeCard')}
          </Button>
        </form>
      ) : null}
    </>
  );
}

/** `/customer/payment?order_id=..&error=..` after a failed payment; `/customer/payment` alone: payment preferences. */
export function PaymentFailedRoute() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  return orderId ? <PaymentFailed orderId={orderId} reason={params.get('error') ?? ''} /> : <PaymentPreferences />;
}
