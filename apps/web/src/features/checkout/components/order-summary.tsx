import { CartTotals } from '../../../shared/cart/cart-totals';
import { useFormat, useT } from '../../../shared/i18n';
import { cartLineTotal, type Cart } from '../../../shared/lib/api-contract';
import { summarizeAnswers } from '../../../shared/lib/answered-options';
import './checkout.css';

/**
 * Read-only summary of what is being paid for, as consumer law wants it before paying: each service's main
 * characteristics and expected delivery time, the total with VAT, and who sells.
 */
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
              {line.characteristics ? <span className="order-summary__detail">{line.characteristics}</span> : null}
              {line.delivery_time ? (
                <span className="order-summary__detail">
                  {t('checkout.deliveryTime', { time: line.delivery_time })}
                </span>
              ) : null}
            </span>
            <span className="order-summary__amount">{format.money(cartLineTotal(line))}</span>
          </li>
        ))}
      </ul>
      <CartTotals totals={cart.totals} className="order-summary__totals" />
      <p className="secondary-text">{t('checkout.vatIncluded')}</p>
      <h3>{t('checkout.sellerTitle')}</h3>
      <p className="order-summary__seller">
        {t('checkout.seller', {
          name: cart.seller.legal_name,
          taxId: cart.seller.tax_id,
          address: cart.seller.address,
        })}
      </p>
    </section>
  );
}
