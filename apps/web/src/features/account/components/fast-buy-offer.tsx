import { Link } from '../../../shared/ui';
import { useT } from '../../../shared/i18n';
import { useFastBuyOverview, type FastBuyOrigin } from '../api/fast-buy';

/** The wizard's fast-buy address: it asks the server for the answers and opens the first unanswered page. */
function fastBuyPath(origin: FastBuyOrigin, id: number, urlKey: string): string {
  return `/tienda/compra-rapida/${origin}/${id}/${encodeURIComponent(urlKey)}`;
}

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
  const overview = useFastBuyOverview(origin, id);
  if (!overview.data) return null;
  const { products, refresh } = overview.data;
  if (products.length === 0 && !refresh) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  // Not a labelled region: an order shows one offer per line, and regions of one name would be landmarks nobody can
  // tell apart (axe landmark-unique). The line's own section is the landmark.
  return (
    <div className="fast-buy">
      {refresh ? (
        <div className="inset-text">
          <p>{t('fastBuy.refreshText', { days: refresh.age_days })}</p>
          <Link className="button" to={fastBuyPath(refresh.origin, refresh.origin_id, refresh.url_key)}>
            {t('fastBuy.refreshButton')}
          </Link>
        </div>
      ) : null}
      <Heading>{t('fastBuy.title')}</Heading>
      <p>{t('fastBuy.intro')}</p>
      <ul className="fast-buy-list">
        {products.map((p) => (
          <li key={p.product_id}>
            <Link to={fastBuyPath(origin, id, p.url_key)}>{t('fastBuy.order', { product: p.name })}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
