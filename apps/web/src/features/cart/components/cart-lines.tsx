import { CartTotals } from '../../../shared/cart/cart-totals';
import { useFormat, useT } from '../../../shared/i18n';
import { cartLineTotal, type Cart, type CartLine } from '../../../shared/lib/api-contract';
import { answerText } from '../../../shared/lib/answered-options';
import { Link, LinkButton, VisuallyHidden } from '../../../shared/ui';
import { LineQuantity } from './line-quantity';
import './cart.css';

function LineAnswers({ line }: { line: CartLine }) {
  if (line.options.length === 0) return line.summary ? <p>{line.summary}</p> : null;
  return (
    <dl className="cart-line__answers">
      {line.options.map((option) => (
        <div key={option.option_id}>
          <dt>{option.label}:</dt> <dd>{answerText(option)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The cart's lines (name, answers, price, remove) and its totals. */
export function CartLines({
  cart,
  onRemove,
  removingId,
}: {
  cart: Cart;
  onRemove: (line: CartLine) => void;
  removingId: number | null;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <ul className="cart-lines">
        {cart.items.map((line) => (
          <li className="cart-line" key={line.id}>
            <div className="cart-line__main">
              <h2 className="cart-line__name">{line.product_name}</h2>
              <LineAnswers line={line} />
              <LineQuantity key={`${line.id}-${line.version}`} line={line} />
              <Link to={`/tienda/cart/editar/${line.id}`}>
                {t('cart.editAnswers')}
                <VisuallyHidden> {line.product_name}</VisuallyHidden>
              </Link>{' '}
              <LinkButton onClick={() => onRemove(line)} disabled={removingId === line.id}>
                {t('cart.remove')}
                <VisuallyHidden> {line.product_name}</VisuallyHidden>
              </LinkButton>
            </div>
            <p className="cart-line__price">
              <VisuallyHidden>{t('cart.linePrice')} </VisuallyHidden>
              {format.money(cartLineTotal(line))}
            </p>
          </li>
        ))}
      </ul>
      <CartTotals totals={cart.totals} className="cart-totals" />
    </>
  );
}
