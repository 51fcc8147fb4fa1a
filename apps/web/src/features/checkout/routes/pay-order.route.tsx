import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { errorText, useSession } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Link, PageHeading, Spinner } from '../../../shared/ui';
import { useFinalizeItem, usePreferredPayment } from '../api/customer-payment';
import { useOrderPayment } from '../api/order-payment';
import { usePaymentMethods } from '../api/payment-methods';
import { initialMethod, MethodChoice } from '../components/method-choice';
import { PayAgainForm } from '../components/pay-again';
import { invalidPayment, justSelectedMethod } from '../lib/payment-flags';
import { reasonKey } from '../lib/payment-reasons';

/** `/payment/order/{order_id}`: pay an existing unpaid order of yours (e.g. from an email link). */
export function PayOrderRoute() {
  const t = useT();
  const format = useFormat();
  const { orderId = '' } = useParams();
  const { store_id } = useSession();
  const methods = usePaymentMethods(store_id);
  const payment = useOrderPayment(orderId, 0);
  const preferred = usePreferredPayment();
  const [method, setMethod] = useState<string | null>(null);
  useDocumentTitle(t('payOrder.title', { order: orderId }));
  if (payment.isPending || methods.isPending) return <Spinner />;
  if (payment.isError) {
    return (
      <>
        <PageHeading>{t('payOrder.title', { order: orderId })}</PageHeading>
        <Alert>{errorText(payment.error, t)}</Alert>
        <p>
          <Link to="/orders">{t('checkout.seeOrders')}</Link>
        </p>
      </>
    );
  }
  if (payment.data.paid) return <Navigate to={`/checkout/success/${encodeURIComponent(orderId)}`} replace />;
  const list = methods.data ?? [];
  const chosen =
    method ??
    initialMethod(list, justSelectedMethod(), payment.data.method ?? preferred.data?.preferred_payment?.method);
  const invalid = invalidPayment();
  return (
    <>
      <PageHeading>{t('payOrder.title', { order: orderId })}</PageHeading>
      <p className="lead">{t('payOrder.text', { amount: format.money(payment.data.amount) })}</p>
      {invalid?.orderId === orderId ? (
        <Alert title={t('payment.invalidTitle')}>{t(reasonKey(invalid.reason))}</Alert>
      ) : null}
      <PayAgainForm
        orderId={orderId}
        method={chosen}
        label={t('checkout.pay', { amount: format.money(payment.data.amount) })}
        before={<MethodChoice methods={list} value={chosen} onChange={setMethod} />}
        askConsents
      />
    </>
  );
}

/** `/checkout/finalize/{item_id}`: finish an item's order: pay it if it is unpaid, else show it. */
export function FinalizeRoute() {
  const t = useT();
  const { itemId = '' } = useParams();
  const item = useFinalizeItem(itemId);
  useDocumentTitle(t('checkout.title'));
  if (item.isPending) return <Spinner />;
  if (item.isError) {
    return (
      <>
        <PageHeading>{t('checkout.title')}</PageHeading>
        <Alert>{errorText(item.error, t)}</Alert>
      </>
    );
  }
  const order = encodeURIComponent(String(item.data.order_id));
  return <Navigate to={item.data.paid ? `/orders/detail/${order}` : `/payment/order/${order}`} replace />;
}
