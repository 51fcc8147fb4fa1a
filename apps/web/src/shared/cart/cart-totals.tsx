import { useFormat, useT } from '../i18n';
import type { Cart } from '../lib/api-contract';

/** Subtotal, VAT, official fees (when any) and total of a cart, as a description list. */
export function CartTotals({ totals, className }: { totals: Cart['totals']; className: string }) {
  const t = useT();
  const format = useFormat();
  return (
    <dl className={className}>
      <div>
        <dt>{t('cart.subtotal')}</dt>
        <dd>{format.money(totals.subtotal)}</dd>
      </div>
      <div>
        <dt>{t('price.tax')}</dt>
        <dd>{format.money(totals.tax)}</dd>
      </div>
      {totals.fees && totals.fees !== '0.00' ? (
        <div>
          <dt>{t('price.fees')}</dt>
          <dd>{format.money(totals.fees)}</dd>
        </div>
      ) : null}
      <div className={`${className}__total`}>
        <dt>{t('price.total')}</dt>
        <dd>{format.money(totals.total)}</dd>
      </div>
    </dl>
  );
}
