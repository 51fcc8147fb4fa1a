import { productOfCartAdd } from '@ventanilla/domain';
import { useT } from '../../../shared/i18n';
import type { Cart, CartLine } from '../../../shared/lib/api-contract';
import { Alert, Link } from '../../../shared/ui';

/** The kind of a cart add address (`/tienda/cart/add/ns` -> `ns`), or null on any other address. */
export function cartAddKindOf(pathname: string): string | null {
  return /^\/tienda\/cart\/add\/([a-z]+)\/?$/.exec(pathname)?.[1] ?? null;
}

/**
 * The line a cart add address is about: the one just added (the wizard passes its id), else the newest line of the
 * kind's product (`ns`: a nota simple), else, for `product`, the newest line (a reload, a bookmark).
 */
export function addedLine(cart: Cart, kind: string, lineId: number | undefined): CartLine | undefined {
  const byId = lineId === undefined ? undefined : cart.items.find((line) => line.id === lineId);
  if (byId) return byId;
  const urlKey = productOfCartAdd(kind);
  const lines = urlKey ? cart.items.filter((line) => line.url_key === urlKey) : cart.items;
  return lines.reduce<CartLine | undefined>(
    (newest, line) => (!newest || line.id > newest.id ? line : newest),
    undefined,
  );
}

/**
 * "Added to your cart" at the top of the cart (the spec's cart add addresses, `/tienda/cart/add/{kind}`): what was
 * added and a way back to the services; the cart below shows the lines, the total and "Finalizar compra".
 */
export function CartAddedNotice({ cart, kind, lineId }: { cart: Cart; kind: string; lineId: number | undefined }) {
  const t = useT();
  const line = addedLine(cart, kind, lineId);
  return (
    <Alert tone="success" title={t('cartAdded.title')}>
      <p>{line ? t('cartAdded.line', { name: line.product_name }) : t('cartAdded.generic')}</p>
      <p>
        <Link to="/">{t('cart.continueShopping')}</Link>
      </p>
    </Alert>
  );
}
