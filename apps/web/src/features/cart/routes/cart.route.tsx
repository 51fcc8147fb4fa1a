import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useCart } from '../../../shared/cart/use-cart';
import { useT } from '../../../shared/i18n';
import type { CartLine } from '../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import { Alert, Button, Link, PageHeading, Spinner } from '../../../shared/ui';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { CartAddedNotice, cartAddKindOf } from '../components/cart-added-notice';
import { CartLines } from '../components/cart-lines';
import { QuoteLinkSection } from '../components/quote-link';
import { useSession } from '../../../shared/auth';

/** `/tienda/cart` (and `/tienda/cart/add/{kind}`, saying what was just added): the lines, totals, "Finalizar compra". */
export function CartRoute() {
  const t = useT();
  const navigate = useNavigate();
  // Back from editing a line's answers (check-answers page): saved, or refused because it changed elsewhere. Read
  // once hydrated: the server renders a visitor's cart without the browser's history state (seo-pages.ts).
  const location = useLocation();
  const hydrated = useHydrated();
  const state = hydrated ? (location.state as { cartNotice?: 'edited' | 'conflict'; lineId?: number } | null) : null;
  const notice = state?.cartNotice;
  // `/tienda/cart/add/{kind}`: the wizard has just added a line (or an old link of the spec's cart add routes).
  const addedKind = cartAddKindOf(location.pathname);
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
      {addedKind && cart.data && cart.data.items.length > 0 ? (
        <CartAddedNotice cart={cart.data} kind={addedKind} lineId={state?.lineId} />
      ) : null}
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
