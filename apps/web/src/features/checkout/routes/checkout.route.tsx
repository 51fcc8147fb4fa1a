import { lazy, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { errorText, useSession } from '../../../shared/auth';
import { useCart } from '../../../shared/cart/use-cart';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Link, PageHeading, Spinner } from '../../../shared/ui';
import { usePaymentMethods } from '../api/payment-methods';
import { quoteLinkKey } from '../api/quote-link';
import { PayQuoteLink } from './pay-quote-link';
import { OrderSummary } from '../components/order-summary';
import { LastFailedOrder } from '../components/last-failed-order';
import { PaymentForm } from '../components/payment-form';
import '../components/checkout.css';

// Signing in or registering (the registration form carries the password rules, about 28 KB gzip) is a chunk of its
// own: a signed-in customer's checkout never downloads it. While it loads, the route's own loading state shows.
const CheckoutSignIn = lazy(() =>
  import('../components/checkout-sign-in').then((m) => ({ default: m.CheckoutSignIn })),
);

function CheckoutPayment({ quoteId }: { quoteId?: number }) {
  const t = useT();
  const { store_id } = useSession();
  const cart = useCart();
  const methods = usePaymentMethods(store_id);
  const [hasErrors, setHasErrors] = useState(false);
  useDocumentTitle(t('checkout.title'), hasErrors);

  if (cart.isPending || methods.isPending) return <Spinner />;
  if (cart.isError) return <Alert>{errorText(cart.error, t)}</Alert>;
  if (quoteId !== undefined && Number(cart.data.quote_id) !== quoteId && cart.data.items.length > 0) {
    return (
      <>
        <PageHeading>{t('checkout.title')}</PageHeading>
        <Alert>{t('payment.quoteNotFound')}</Alert>
        <p>
          <Link to="/customer/checkout">{t('payment.payCurrentCart')}</Link>
        </p>
      </>
    );
  }
  if (cart.data.items.length === 0) {
    return (
      <>
        <PageHeading>{t('checkout.title')}</PageHeading>
        <p>{t('cart.empty')}</p>
        <LastFailedOrder />
        <p>
          <Link to="/orders">{t('checkout.seeOrders')}</Link>
        </p>
        <p>
          <Link to="/tienda/servicios">{t('cart.browseCatalogue')}</Link>
        </p>
      </>
    );
  }
  return (
    <div className="checkout-payment">
      <PageHeading>{t('checkout.title')}</PageHeading>
      <LastFailedOrder />
      <OrderSummary cart={cart.data} />
      <PaymentForm
        cart={cart.data}
        methods={methods.data ?? []}
        onErrorsChange={setHasErrors}
        {...(quoteId !== undefined ? { quoteId } : {})}
      />
    </div>
  );
}

/** `/customer/checkout`: sign in or register if needed, then choose a payment method and pay. */
export function CheckoutRoute() {
  const { user } = useSession();
  return user ? <CheckoutPayment /> : <CheckoutSignIn />;
}

/** `/payment/quote/{quote_id}`: pay a given cart (quote); only your own active cart can be paid. */
export function PayQuoteRoute() {
  const { user } = useSession();
  const { quoteId } = useParams();
  const { hash } = useLocation();
  const id = Number(quoteId);
  // A quote link (#k=...): whoever the owner sent it to pays here, signed in or not.
  const key = quoteLinkKey(quoteId ?? '', hash);
  if (key) return <PayQuoteLink quoteId={quoteId ?? ''} linkKey={key} />;
  if (!user) return <CheckoutSignIn />;
  return <CheckoutPayment quoteId={Number.isInteger(id) && id > 0 ? id : -1} />;
}
