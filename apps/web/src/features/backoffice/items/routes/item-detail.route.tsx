import { lazy, Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { isApiError } from '../../../../shared/lib/api-client';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, BackLink, Button, PageHeading, Spinner } from '../../../../shared/ui';
import { CustomerSavedItems, runShortcut, useItem, useOptionalWorkspaceLocks, useStatuses } from '../../shared';
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
import '../components/item-page.css';

// The document assistant (streaming, markdown editor): its own chunk, fetched when an order is opened.
const AssistantPanel = lazy(() => import('../components/assistant-panel'));

// In the order of the loop: read the answers and the customer, write a note; then the rest.
const SECTIONS = [
  ['respuestas', 'backoffice.sectionAnswers'],
  ['cliente', 'backoffice.sectionCustomer'],
  ['notas', 'backoffice.sectionNotes'],
  ['pagos', 'backoffice.sectionPayments'],
  ['plantillas', 'templates.itemSection'],
  ['historial', 'backoffice.sectionHistory'],
  ['archivos', 'backoffice.sectionFiles'],
  ['asistente', 'assistant.section'],
  ['abonos', 'backoffice.sectionRefunds'],
  ['relacionados', 'itemActions.relatedSection'],
] as const;

/** The buttons of the action bar that reach a control further down, as their shortcut does. */
const QUICK = [
  ['focusNote', 'N'],
  ['pin', 'P'],
  ['reply', 'R'],
] as const;

/** A section folded away until asked for (history, files, the assistant, refunds): it opens itself on a link to it. */
function Fold({ id, title, open, children }: { id: string; title: string; open?: boolean; children: ReactNode }) {
  return (
    <details className="item-fold" open={open} data-fold={id}>
      <summary>{title}</summary>
      {children}
    </details>
  );
}

/**
 * Keeps `--item-head-height` on the page at the sticky header's height, so a section a `#section` link goes to lands
 * just below the header, and no control is left half under its edge.
 */
function measureHead(head: HTMLElement | null) {
  if (!head || typeof ResizeObserver === 'undefined') return;
  const page = head.parentElement;
  const observer = new ResizeObserver(() => page?.style.setProperty('--item-head-height', `${head.offsetHeight}px`));
  observer.observe(head);
  return () => observer.disconnect();
}

/** Opens the folded section a `#section` link points at, then lets the browser go there. */
function openFoldOf(hash: string) {
  const target = document.getElementById(hash.replace(/^#/, ''));
  const fold = target?.closest('details');
  if (fold && !fold.open) fold.open = true;
}

/**
 * `/agentes/pedido/:itemId`: one screen per order (made for 1366x768 and 1440x900). A sticky header holds the title,
 * the lock, the queue's finish bar (`toolbar`), the status and the actions, so the loop (read, note, result, finish
 * and next) needs no scrolling at 1440x900 (`npm run bench:agent` counts it); below, a main column (the answers
 * first, payments, templates, history and files folded) and a side panel (the customer, the note box with the notes
 * under it at a height that does not depend on the number of answers, then "Guardados del cliente" (their saved
 * properties, companies and vehicles), the plan with the lock holder, related orders and tickets). While another agent
 * holds the order every control that would write is disabled, with who holds it said beside them. A queue tab
 * (-1, -2) passes the item it was given as `itemId`.
 */
export function ItemDetailRoute({
  itemId: givenId,
  notices,
  toolbar,
}: { itemId?: string; notices?: ReactNode; toolbar?: ReactNode } = {}) {
  const t = useT();
  const format = useFormat();
  const params = useParams();
  const itemId = givenId ?? params.itemId ?? '';
  const item = useItem(itemId);
  const statuses = useStatuses();
  const workspace = useOptionalWorkspaceLocks();
  useDocumentTitle(t('backoffice.itemTitle', { id: itemId }));

  if (item.isPending) return <Spinner />;
  if (item.isError) {
    return (
      <>
        <BackLink to="/agentes" />
        <PageHeading>{t('backoffice.itemTitle', { id: itemId })}</PageHeading>
        {notices}
        <Alert>{isApiError(item.error, 404) ? t('backoffice.itemNotFound') : errorText(item.error, t)}</Alert>
      </>
    );
  }

  const data = item.data;
  const lock = workspace?.locks[data.item_id];
  const lockReason = lock?.status === 'locked' ? t('itemPage.lockedBy', { holder: lock.holderName }) : undefined;
  const locked = lockReason !== undefined;
  // The controls a lock would refuse: disabled together, the reason said next to them and read with them.
  const lockProps = {
    disabled: locked,
    'data-lock-reason': lockReason,
    'aria-describedby': locked ? 'item-lock-reason' : undefined,
    title: lockReason,
  };
  return (
    <div className="item-page">
      <header className="item-page__head" ref={measureHead}>
        <div className="item-page__title">
          <PageHeading caption={data.product_name}>{t('backoffice.itemTitle', { id: data.item_id })}</PageHeading>
          <p className="secondary-text item-page__meta">
            {t('backoffice.itemMeta', { order: String(data.order_id), date: format.dateTime(data.created_at) })}
            {data.referencia ? ` · ${t('orders.reference')}: ${data.referencia}` : ''}
            {' · '}
            <BackLink to="/agentes">{t('backoffice.backToList')}</BackLink>
          </p>
          {notices}
        </div>
        {lockReason ? (
          <p className="item-page__lock-reason" id="item-lock-reason">
            <strong>{lockReason}</strong>
          </p>
        ) : null}
        {toolbar}
        <fieldset className="item-page__bar" aria-label={t('itemPage.actionsBar')} {...lockProps}>
          <StatusForm item={data} statuses={statuses.data ?? []} onStale={() => void item.refetch()} />
          <ItemActionsPanel item={data} statuses={statuses.data ?? []} />
          <div className="item-page__quick">
            {QUICK.map(([id, key]) => (
              <Button
                key={id}
                type="button"
                variant="secondary"
                aria-keyshortcuts={key}
                onClick={() => runShortcut(id)}
              >
                {t(`shortcuts.${id}`)} <kbd>{key}</kbd>
              </Button>
            ))}
          </div>
        </fieldset>
        <nav className="section-tabs" aria-label={t('backoffice.sectionsNav')}>
          <ul>
            {SECTIONS.map(([id, key]) => (
              <li key={id}>
                <a href={`#${id}`} onClick={() => openFoldOf(id)}>
                  {t(key)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <fieldset className="item-page__grid" {...lockProps} aria-label={t('itemPage.more')}>
        <div className="item-page__main">
          <DataChangeAlert item={data} />
          <AnswersSection item={data} />
          <PaymentsSection item={data} />
          <ConfirmTransfer item={data} />
          <TemplateActions item={data} onStale={() => void item.refetch()} />
          <CorrectionsSection item={data} />
          <Fold id="historial" title={t('backoffice.sectionHistory')}>
            <HistorySection item={data} statuses={statuses.data ?? []} />
          </Fold>
          <Fold id="archivos" title={t('backoffice.sectionFiles')} open>
            <FilesSection item={data} />
          </Fold>
          <Fold id="asistente" title={t('assistant.section')} open>
            <Suspense fallback={<Spinner />}>
              <AssistantPanel item={data} />
            </Suspense>
          </Fold>
          <Fold id="abonos" title={t('backoffice.sectionRefunds')} open>
            <RefundsSection orderId={Number(data.order_id)} />
          </Fold>
        </div>
        <section className="item-page__side" aria-label={t('itemPage.side')}>
          <CustomerSection item={data} />
          <NotesSection item={data} />
          {/* Below the note box: above it, it would push the box off a 768 or 900 px screen (the loop's). */}
          <CustomerSavedItems customerId={data.customer.customer_id} />
          <ItemPlanSection item={data} />
          <RelatedOrdersSection item={data} />
          <LookupTools idPrefix="item" />
        </section>
      </fieldset>
    </div>
  );
}
