import { errorText, useSession } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import type { CustomerOrder } from '../../../shared/lib/api-contract';
import { Alert, Button, Link, VisuallyHidden } from '../../../shared/ui';
import { useDiscardDraft, useMyDrafts } from '../api/my-drafts';

/**
 * The customer's unfinished orders (ux-patterns 12): drafts of this store kept on the server, with "Continuar" (the
 * wizard resumes where they left off) and "Descartar", and orders of the page waiting for payment, with "Pagar" (the
 * pay-an-existing-order page, where the customer chooses the payment method again).
 */
export function UnfinishedOrders({ orders }: { orders: CustomerOrder[] | undefined }) {
  const t = useT();
  const format = useFormat();
  const { store_id } = useSession();
  const drafts = useMyDrafts();
  const discard = useDiscardDraft();
  const mine = (drafts.data?.items ?? []).filter((d) => d.store_id === store_id);
  const unpaid = (orders ?? []).filter((o) => o.status === 'pending' && o.paid !== true);
  if (mine.length === 0 && unpaid.length === 0) return null;

  return (
    <section className="unfinished-orders" aria-labelledby="unfinished-title">
      <h2 id="unfinished-title">{t('flows.unfinishedTitle')}</h2>
      <p>{t('flows.unfinishedIntro')}</p>
      {discard.isError ? <Alert>{errorText(discard.error, t)}</Alert> : null}
      <ul className="unfinished-list">
        {mine.map((draft) => (
          <li key={`${draft.store_id}-${draft.url_key}`}>
            <p>
              <strong>{draft.product_name}</strong>
              <br />
              <span className="secondary-text">
                {t('flows.unfinishedUpdated', { date: format.dateTime(draft.updated_at) })}
              </span>
            </p>
            <div className="button-group">
              <Link className="button button--secondary" to={`/tienda/continuar/${encodeURIComponent(draft.url_key)}`}>
                {t('flows.continueDraft')}
                <VisuallyHidden> {t('flows.continueDraftHidden', { product: draft.product_name })}</VisuallyHidden>
              </Link>
              <Button
                variant="secondary"
                type="button"
                pending={discard.isPending && discard.variables === draft}
                onClick={() => discard.mutate(draft)}
              >
                {t('flows.discardDraft')}
                <VisuallyHidden> {t('flows.discardDraftHidden', { product: draft.product_name })}</VisuallyHidden>
              </Button>
            </div>
          </li>
        ))}
        {unpaid.map((order) => {
          const id = String(order.order_id);
          return (
            <li key={id}>
              <p>
                <Link to={`/orders/detail/${encodeURIComponent(id)}`}>
                  {t('flows.unpaidOrder', { order: id, total: format.money(order.total) })}
                </Link>
              </p>
              <div className="button-group">
                <Link className="button button--primary" to={`/payment/order/${encodeURIComponent(id)}`}>
                  {t('flows.payOrder')}
                  <VisuallyHidden> {t('flows.payOrderHidden', { order: id })}</VisuallyHidden>
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
