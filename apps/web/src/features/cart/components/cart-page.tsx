import { useState, type FormEvent } from 'react';
// Not shared/auth's index: its sign-in screens need the router, which the cart's island goes without (cart-island.tsx).
import { errorText } from '../../../shared/auth/error-text';
import { useUser } from '../../../shared/auth/session';
import { useCart } from '../../../shared/cart/use-cart';
import { useT } from '../../../shared/i18n';
import type { CartLine } from '../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Button, Link, PageHeading, Spinner, useNavigateTo } from '../../../shared/ui';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { CartAddedNotice } from './cart-added-notice';
import { CartLines } from './cart-lines';
import { QuoteLinkSection } from './quote-link';

/** What the page that led here passed in the history state (the check-answers page, the wizard's add). */
export interface CartPageState {
  /** Back from editing a line's answers: saved, or refused because the line changed elsewhere. */
  cartNotice?: 'edited' | 'conflict';
  /** The line just added or edited. */
  lineId?: number;
}

/**
 * The cart's content: the lines, totals, "Finalizar compra", and the messages of what was just done. Rendered by the
 * app's route (cart.route.tsx) and, on the page the server renders for a visitor's cart, by its island
 * (cart-island.tsx), which hydrates it without the router: every change is the API's answer, put in the query cache.
 * `state`: the history state, null while hydrating (the server has none); `addedKind`: the cart add address's kind.
 */
export function CartPage({ state, addedKind }: { state: CartPageState | null; addedKind: string | null }) {
  const t = useT();
  const navigateTo = useNavigateTo();
  const notice = state?.cartNotice;
  const cart = useCart();
  const remove = useRemoveCartItem();
  const user = useUser();
  const [removed, setRemoved] = useState<string | null>(null);
  useDocumentTitle(t('cart.title'));

  function removeLine(line: CartLine) {
    setRemoved(null);
    remove.mutate(line.id, { onSuccess: () => setRemoved(t('cart.removed', { name: line.product_name })) });
  }

  function checkout(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigateTo('/customer/checkout');
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
