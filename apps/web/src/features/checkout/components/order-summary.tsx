import { useFormat, useT } from '../../../shared/i18n';
import { cartLineTotal, type Cart } from '../../../shared/lib/api-types';
import { summarizeAnswers } from '../../../shared/lib/answered-options';
import './checkout.css';

/** Read-only summary of what is being paid for. */
export function OrderSummary({ cart }: { cart: Cart }) {
  const t = useT();
  const format = useFormat();
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">{t('checkout.summaryTitle')}</h2>
      <ul className="order-summary__lines">
        {cart.items.map((line) => (
          <li key={line.id}>
            <span>
              <strong>{line.product_name}</strong>
              {line.summary || line.options.length ? (
                <span className="order-summary__answers">{line.summary || summarizeAnswers(line.options)}</span>
              ) : null}
            </span>
            <span className="order-summary__amount">{format.money(cartLineTotal(line))}</span>
          </li>
        ))}
      </ul>
      <dl className="order-summary__totals">
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
        <div className="order-summary__total">
          <dt>{t('price.total')}</dt>
          <dd>{format.money(cart.totals.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
