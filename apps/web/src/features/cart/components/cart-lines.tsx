import { answerLead } from '@ventanilla/domain';
import { CartTotals } from '../../../shared/cart/cart-totals';
import { useFormat, useT } from '../../../shared/i18n';
import { cartLineTotal, type Cart, type CartLine } from '../../../shared/lib/api-contract';
import { answerText } from '../../../shared/lib/answered-options';
import { Link, LinkButton, VisuallyHidden } from '../../../shared/ui';
import { LineQuantity } from './line-quantity';
import './cart.css';

function LineAnswers({ line }: { line: CartLine }) {
  const t = useT();
  if (line.options.length === 0) return line.summary ? <p>{line.summary}</p> : null;
  return (
    <dl className="cart-line__answers">
      {line.options.map((option) => {
        const lead = answerLead(option.label);
        return (
          <div key={option.option_id}>
            {/* A question without a title: the answer alone (its term named for assistive technology only). */}
            {lead ? <dt>{lead}</dt> : <dt className="visually-hidden">{t('cart.answer')}</dt>}{' '}
            <dd>{answerText(option)}</dd>
          </div>
        );
      })}
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
              {/* One unit only (a property registry procedure): no quantity to change. */}
              {line.max_qty > 1 || line.qty > 1 ? (
                <LineQuantity key={`${line.id}-${line.version}`} line={line} />
              ) : null}
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
