import { useLocation } from 'react-router';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import { cartAddKindOf } from '../components/cart-added-notice';
import { CartPage, type CartPageState } from '../components/cart-page';

/** `/tienda/cart` (and `/tienda/cart/add/{kind}`, saying what was just added): the lines, totals, "Finalizar compra". */
export function CartRoute() {
  // Back from editing a line's answers (check-answers page): saved, or refused because it changed elsewhere. Read
  // once hydrated: the server renders a visitor's cart without the browser's history state (seo-pages.ts).
  const location = useLocation();
  const hydrated = useHydrated();
  const state = hydrated ? (location.state as CartPageState | null) : null;
  // `/tienda/cart/add/{kind}`: the wizard has just added a line (or an old link of the spec's cart add routes).
  return <CartPage state={state} addedKind={cartAddKindOf(location.pathname)} />;
}
