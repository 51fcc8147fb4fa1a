import { useHydrated } from '../../../shared/lib/use-hydrated';
import { CartPage, type CartPageState } from '../components/cart-page';

/**
 * The history state a page of the app left for this address (React Router keeps it under `usr`): a reload of the
 * cart the check-answers page led to still says what was saved, as the app's route does.
 */
function historyState(): CartPageState | null {
  const state = (window.history.state as { usr?: unknown } | null)?.usr;
  return state && typeof state === 'object' ? (state as CartPageState) : null;
}

/**
 * The cart's island (docs/decisions/0028-home-page-islands.md): the content of the page the server renders for a
 * visitor's cart (`/tienda/cart`), hydrated with the frame by islands.tsx, without the router. Its quantity, remove
 * and checkout controls are the app's (cart-page.tsx): the same API calls, each answer put in the query cache, so the
 * island and the header's count render the server's new cart; its links are full page loads.
 */
export function CartIsland() {
  const hydrated = useHydrated();
  return <CartPage state={hydrated ? historyState() : null} addedKind={null} />;
}
