import { useNavigate } from 'react-router';
import { errorText, useSession } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { Alert, Button } from '../../../shared/ui';
import { startFastBuy } from '../../wizard/lib/fast-buy';
import { useFastBuyOverview, useFastBuyPrefill, type FastBuyOrigin } from '../api/fast-buy';

/**
 * Fast-buy from a saved item or an order line: the products it can order with its data already filled in, and the
 * nota simple refresh when the note is over 60 days old. The answers come from the server (never from this page).
 */
export function FastBuyOffer({
  origin,
  id,
  headingLevel = 2,
}: {
  origin: FastBuyOrigin;
  id: number;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { store_id: storeId } = useSession();
  const overview = useFastBuyOverview(origin, id);
  const prefill = useFastBuyPrefill();
  if (!overview.data) return null;
  const { products, refresh } = overview.data;
  if (products.length === 0 && !refresh) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `fast-buy-${origin}-${id}`;

  function order(input: { origin: FastBuyOrigin; id: number; urlKey: string }) {
    prefill.mutate(input, { onSuccess: (data) => navigate(startFastBuy(storeId, data)) });
  }

  return (
    <section aria-labelledby={headingId} className="fast-buy">
      {refresh ? (
        <div className="inset-text">
          <p>{t('fastBuy.refreshText', { days: refresh.age_days })}</p>
          <Button
            type="button"
            pending={prefill.isPending && prefill.variables?.urlKey === refresh.url_key}
            onClick={() => order({ origin: refresh.origin, id: refresh.origin_id, urlKey: refresh.url_key })}
          >
            {t('fastBuy.refreshButton')}
          </Button>
        </div>
      ) : null}
      <Heading id={headingId}>{t('fastBuy.title')}</Heading>
      <p>{t('fastBuy.intro')}</p>
      {prefill.isError ? <Alert>{errorText(prefill.error, t)}</Alert> : null}
      <ul className="fast-buy-list">
        {products.map((p) => (
          <li key={p.product_id}>
            <Button
              type="button"
              variant="secondary"
              pending={
                prefill.isPending && prefill.variables?.urlKey === p.url_key && prefill.variables.origin === origin
              }
              onClick={() => order({ origin, id, urlKey: p.url_key })}
            >
              {t('fastBuy.order', { product: p.name })}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
