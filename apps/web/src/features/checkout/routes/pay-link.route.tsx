import { useState, type FormEvent } from 'react';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Button, PageHeading, Spinner } from '../../../shared/ui';
import { payLinkKey, usePayByLink, usePayLinkStatus, type PayLinkStatus } from '../api/pay-link';
import { usePaymentMethods } from '../api/payment-methods';
import { initialMethod, MethodChoice } from '../components/method-choice';

/**
 * `/payment/order/{order_id}`: with the signed key of an agent-created order's e-mailed link (`#k=`), anyone holding
 * the link pays it here without signing in; without a key, the signed-in customer's page (the child route).
 */
export function PayOrderEntry() {
  const { orderId = '' } = useParams();
  const { hash } = useLocation();
  const key = payLinkKey(orderId, hash);
  return key ? <PayByLinkRoute orderId={orderId} linkKey={key} /> : <Outlet />;
}

function PayByLinkRoute({ orderId, linkKey }: { orderId: string; linkKey: string }) {
  const t = useT();
  const status = usePayLinkStatus(orderId, linkKey);
  useDocumentTitle(t('payOrder.title', { order: orderId }));
  if (status.isPending) return <Spinner />;
  if (status.isError) {
    return (
      <>
        <PageHeading>{t('payOrder.title', { order: orderId })}</PageHeading>
        <Alert>{errorText(status.error, t)}</Alert>
        <p>
          <Link to="/orders">{t('checkout.seeOrders')}</Link>
        </p>
      </>
    );
  }
  const data = status.data;
  if (data.paid) {
    return (
      <>
        <PageHeading>{t('payOrder.title', { order: orderId })}</PageHeading>
        <Alert tone="success">{t('payLink.paid')}</Alert>
        <p>
          <Link to="/orders">{t('checkout.seeOrders')}</Link>
        </p>
      </>
    );
  }
  return <PayByLinkForm orderId={orderId} linkKey={linkKey} data={data} />;
}

function PayByLinkForm({ orderId, linkKey, data }: { orderId: string; linkKey: string; data: PayLinkStatus }) {
  const t = useT();
  const format = useFormat();
  const methods = usePaymentMethods(data.store_id);
  const pay = usePayByLink(orderId, linkKey);
  const [method, setMethod] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const list = methods.data ?? [];
  const chosen = method ?? initialMethod(list, null, data.method);

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
    <>
      <PageHeading>{t('payOrder.title', { order: orderId })}</PageHeading>
      <p className="lead">{t('payOrder.text', { amount: format.money(data.amount) })}</p>
      <p>{t('payLink.intro')}</p>
      {data.instructions ? (
        <dl>
          {Object.entries(data.instructions).map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <form noValidate onSubmit={submit}>
        {pay.isError ? <Alert>{errorText(pay.error, t)}</Alert> : null}
        <MethodChoice methods={list} value={chosen} onChange={setMethod} />
        <Button type="submit" pending={pay.isPending || redirecting}>
          {t('checkout.pay', { amount: format.money(data.amount) })}
        </Button>
      </form>
    </>
  );
}
