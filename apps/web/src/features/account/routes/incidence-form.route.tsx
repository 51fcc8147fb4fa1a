import { useParams } from 'react-router';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { BackLink, Link, PageHeading } from '../../../shared/ui';
import { IncidenceAnswer } from '../components/incidence-answer';
import '../components/account.css';

/**
 * `/customer/form/:formId/:orderId` (the spec's incident form, linked from the incidence e-mail): our form id is the
 * order line's id. The same answer form as the order page.
 */
export function IncidenceFormRoute() {
  const t = useT();
  const { formId = '', orderId = '' } = useParams();
  useDocumentTitle(t('incidence.pageTitle', { order: orderId }));
  return (
    <>
      <BackLink to={`/orders/detail/${encodeURIComponent(orderId)}`} />
      <PageHeading caption={t('orders.detailTitle', { order: orderId })}>
        {t('incidence.pageTitle', { order: orderId })}
      </PageHeading>
      <IncidenceAnswer orderId={orderId} itemId={formId} headingLevel={2} />
      <p>
        <Link to={`/orders/detail/${encodeURIComponent(orderId)}`}>{t('incidence.toOrder')}</Link>
      </p>
    </>
  );
}
