import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useCart } from '../../../shared/cart/use-cart';
import { useT } from '../../../shared/i18n';
import type { CartLine } from '../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Button, Link, PageHeading, Spinner } from '../../../shared/ui';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { CartLines } from '../components/cart-lines';
import { QuoteLinkSection } from '../components/quote-link';
import { useSession } from '../../../shared/auth';

/** `/tienda/cart`: the lines, their totals and "Finalizar compra". */
export function CartRoute() {
  const t = useT();
  const navigate = useNavigate();
  // Back from editing a line's answers (check-answers page): saved, or refused because it changed elsewhere.
  const notice = (useLocation().state as { cartNotice?: 'edited' | 'conflict' } | null)?.cartNotice;
  const cart = useCart();
  const remove = useRemoveCartItem();
  const { user } = useSession();
  const [removed, setRemoved] = useState<string | null>(null);
  useDocumentTitle(t('cart.title'));

  function removeLine(line: CartLine) {
    setRemoved(null);
    remove.mutate(line.id, { onSuccess: () => setRemoved(t('cart.removed', { name: line.product_name })) });
  }

  function checkout(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate('/customer/checkout');
  }

  return (
    <>
      <PageHeading>{t('cart.title')}</PageHeading>
      {notice === 'edited' ? <Alert tone="success">{t('cartEdit.saved')}</Alert> : null}
      {notice === 'conflict' ? <Alert>{t('cartEdit.conflict')}</Alert> : null}
      {removed ? <Alert tone="success">{removed}</Alert> : null}
      {remove.isError ? <Alert>{errorText(remove.error, t)}</Alert> : null}
      {cart.isPending ? <Spinner /> : null}
      {cart.isError ? <Alert>{errorText(cart.error, t)}</Alert> : null}
      {cart.data && cart.data.items.length === 0 ? (
        <>
          <p>{t('cart.empty')}</p>
          <p>
            <Link to="/tienda/servicios">{t('cart.browseCatalogue')}</Link>
          </p>
        </>
      ) : null}
      {cart.data && cart.data.items.length > 0 ? (
        <>
          <CartLines
            cart={cart.data}
            onRemove={removeLine}
            removingId={remove.isPending ? (remove.variables ?? null) : null}
          />
          {/* A GET form: the button names the action and still works as plain navigation. */}
          <form action="/customer/checkout" method="get" onSubmit={checkout}>
            <Button>{t('cart.checkout')}</Button>
          </form>
          <p>
            <Link to="/tienda/servicios">{t('cart.continueShopping')}</Link>
          </p>
          {user ? <QuoteLinkSection /> : null}
        </>
      ) : null}
    </>
  );
}
