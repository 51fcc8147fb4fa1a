import { useFormat, useT } from '../../../shared/i18n';
import { cartLineTotal, type Cart, type CartLine } from '../../../shared/lib/api-types';
import { answerText } from '../../../shared/lib/answered-options';
import { LinkButton, VisuallyHidden } from '../../../shared/ui';
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
export function CartLines({ cart, onRemove, removingId }: { cart: Cart; onRemove: (line: CartLine) => void; removingId: number | null }) {
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
      <dl className="cart-totals">
        <div>
          <dt>{t('cart.subtotal')}</dt>
          <dd>{format.money(cart.totals.subtotal)}</dd>
        </div>
        <div>
          <dt>{t('price.tax')}</dt>
          <dd>{format.money(cart.totals.tax)}</dd>
        </div>
        {cart.totals.fees && cart.totals.fees !== '0.00' ? (
          <div>
            <dt>{t('price.fees')}</dt>
            <dd>{format.money(cart.totals.fees)}</dd>
          </div>
        ) : null}
        <div className="cart-totals__total">
          <dt>{t('price.total')}</dt>
          <dd>{format.money(cart.totals.total)}</dd>
        </div>
      </dl>
    </>
  );
}
