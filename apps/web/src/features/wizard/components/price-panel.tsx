import { useEffect, useRef, useState } from 'react';
import { useFormat, useT } from '../../../shared/i18n';
import type { PriceBreakdown } from '../../../shared/lib/api-contract';
import { isPositive } from '../../../shared/lib/money';
import './wizard.css';

/**
 * The price as the server computed it: base, supplements, VAT, official fees, related fee lines (each with its own
 * tax rule: without VAT when `vat` is false) and total. A change of total is
 * announced politely; the first render is not.
 */
export function PricePanel({ price, updating }: { price: PriceBreakdown | undefined; updating: boolean }) {
  const t = useT();
  const format = useFormat();
  const previousTotal = useRef<string | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!price) return;
    if (previousTotal.current !== undefined && previousTotal.current !== price.total) {
      setAnnouncement(t('price.totalChanged', { total: format.money(price.total) }));
    }
    previousTotal.current = price.total;
  }, [price, t, format]);

  return (
    <section className="price-panel" aria-labelledby="price-panel-title" aria-busy={updating || undefined}>
      <h2 className="price-panel__title" id="price-panel-title">
        {t('price.title')}
      </h2>
      {price ? (
        <dl className="price-panel__list">
          <div>
            <dt>{t('price.base')}</dt>
            <dd>{format.money(price.base)}</dd>
          </div>
          {isPositive(price.options) ? (
            <div>
              <dt>{t('price.supplements')}</dt>
              <dd>{format.money(price.options)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('price.tax')}</dt>
            <dd>{format.money(price.tax)}</dd>
          </div>
          {isPositive(price.fees) ? (
            <div>
              <dt>{t('price.fees')}</dt>
              <dd>{format.money(price.fees!)}</dd>
            </div>
          ) : null}
          {(price.related ?? []).map((line) => (
            <div key={line.product_id}>
              <dt>{t(line.vat ? 'price.relatedWithVat' : 'price.relatedNoVat', { name: line.name })}</dt>
              <dd>{format.money(line.vat ? line.total : line.price)}</dd>
            </div>
          ))}
          <div className="price-panel__total">
            <dt>{t('price.total')}</dt>
            <dd>{format.money(price.total)}</dd>
          </div>
        </dl>
      ) : (
        <p>{t('common.loading')}</p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
