import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { isApiError } from '../../../../shared/lib/api-client';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, BackLink, PageHeading, Spinner } from '../../../../shared/ui';
import { useItem, useStatuses } from '../../shared';
import { ConfirmTransfer } from '../components/confirm-transfer';
import { DataChangeAlert } from '../components/data-change-alert';
import { LookupTools } from '../components/lookup-tools';
import { FilesSection } from '../components/files-section';
import { AnswersSection, CustomerSection, HistorySection, PaymentsSection } from '../components/item-sections';
import { NotesSection } from '../components/notes-section';
import { RefundsSection } from '../components/refunds-section';
import { StatusForm } from '../components/status-form';
import { TemplateActions } from '../components/template-actions';
import { ItemActionsPanel } from '../components/item-actions/item-actions-panel';
import {
  CorrectionsSection,
  ItemPlanSection,
  RelatedOrdersSection,
} from '../components/item-actions/item-work-sections';
import '../../shared/components/backoffice.css';

// The document assistant (streaming, markdown editor): its own chunk, fetched when an order is opened.
const AssistantPanel = lazy(() => import('../components/assistant-panel'));

const SECTIONS = [
  ['respuestas', 'backoffice.sectionAnswers'],
  ['cliente', 'backoffice.sectionCustomer'],
  ['pagos', 'backoffice.sectionPayments'],
  ['estado', 'backoffice.sectionStatus'],
  ['acciones', 'itemActions.section'],
  ['historial', 'backoffice.sectionHistory'],
  ['notas', 'backoffice.sectionNotes'],
  ['archivos', 'backoffice.sectionFiles'],
  ['asistente', 'assistant.section'],
  ['abonos', 'backoffice.sectionRefunds'],
  ['relacionados', 'itemActions.relatedSection'],
] as const;

/**
 * `/agentes/pedido/:itemId`: the order line's answers, customer, payments, status, history, notes and files. A queue
 * tab (-1, -2) passes the item it was given as `itemId`.
 */
export function ItemDetailRoute({ itemId: givenId }: { itemId?: string } = {}) {
  const t = useT();
  const format = useFormat();
  const params = useParams();
  const itemId = givenId ?? params.itemId ?? '';
  const item = useItem(itemId);
  const statuses = useStatuses();
  useDocumentTitle(t('backoffice.itemTitle', { id: itemId }));

  if (item.isPending) return <Spinner />;
  if (item.isError) {
    return (
      <>
        <BackLink to="/agentes" />
        <PageHeading>{t('backoffice.itemTitle', { id: itemId })}</PageHeading>
        <Alert>{isApiError(item.error, 404) ? t('backoffice.itemNotFound') : errorText(item.error, t)}</Alert>
      </>
    );
  }

  const data = item.data;
  return (
    <>
      <BackLink to="/agentes">{t('backoffice.backToList')}</BackLink>
      <PageHeading caption={data.product_name}>{t('backoffice.itemTitle', { id: data.item_id })}</PageHeading>
      <p className="secondary-text">
        {t('backoffice.itemMeta', { order: String(data.order_id), date: format.dateTime(data.created_at) })}
        {data.referencia ? ` · ${t('orders.reference')}: ${data.referencia}` : ''}
      </p>
      <nav className="section-tabs" aria-label={t('backoffice.sectionsNav')}>
        <ul>
          {SECTIONS.map(([id, key]) => (
            <li key={id}>
              <a href={`#${id}`}>{t(key)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <DataChangeAlert item={data} />
      <AnswersSection item={data} />
      <CustomerSection item={data} />
      <PaymentsSection item={data} />
      <ConfirmTransfer item={data} />
      <StatusForm item={data} statuses={statuses.data ?? []} onStale={() => void item.refetch()} />
      <ItemActionsPanel item={data} statuses={statuses.data ?? []} />
      <ItemPlanSection item={data} />
      <HistorySection item={data} statuses={statuses.data ?? []} />
      <TemplateActions item={data} onStale={() => void item.refetch()} />
      <CorrectionsSection item={data} />
      <NotesSection item={data} />
      <FilesSection item={data} />
      <Suspense fallback={<Spinner />}>
        <AssistantPanel item={data} />
      </Suspense>
      <RefundsSection orderId={Number(data.order_id)} />
      <RelatedOrdersSection item={data} />
      <LookupTools idPrefix="item" />
    </>
  );
}
