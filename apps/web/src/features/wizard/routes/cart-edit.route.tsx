import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useCart } from '../../../shared/cart/use-cart';
import { useT } from '../../../shared/i18n';
import { Alert, Spinner } from '../../../shared/ui';
import { startCartEdit } from '../lib/cart-edit';

/**
 * `/tienda/cart/editar/{item_id}`: "Editar respuestas" of a cart line. The line's answers (as the server has them now)
 * become the product's draft in editing mode and the wizard opens at its check-answers page.
 */
export function CartEditRoute() {
  const t = useT();
  const navigate = useNavigate();
  const cart = useCart();
  const { itemId = '' } = useParams();
  const index = cart.data?.items.findIndex((line) => String(line.id) === itemId) ?? -1;
  const line = index >= 0 ? cart.data?.items[index] : undefined;
  useEffect(() => {
    if (cart.data && line) navigate(startCartEdit(cart.data.store_id, line, index + 1), { replace: true });
  }, [cart.data, line, index, navigate]);
  if (cart.isError) return <Alert>{errorText(cart.error, t)}</Alert>;
  // Not (or no longer) in this cart: back to the cart as it is.
  if (cart.data && !line) return <Navigate to="/tienda/cart" replace />;
  return <Spinner />;
}
