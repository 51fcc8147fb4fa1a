import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import {
  panelStatusTone,
  parseItemId,
  tabForEnding,
  tabItemId,
  tabEnding,
  tabTicketId,
  tabTicketsEmail,
  tabTitle,
  type FixedTabKey,
} from '@ventanilla/domain';
import { errorText } from '../../../../shared/auth';
import { translateCode, useFormat, useLanguage, useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, Link, PageHeading, Spinner, StatusTag, Table } from '../../../../shared/ui';
import { useActivity, type Activity } from '../api/workspace-queries';
import { ItemWorkspace } from '../components/item-workspace';
import { useOpenTabs, useWorkspaceQueue } from '../../shared';
import { defaultHref } from '../../shared';
import { ItemDetailRoute } from '../../items';
import { QueueRoute } from './queue.route';
import { CustomersScreen } from '../../customers';
import { NewTicketScreen, TicketsScreen } from '../../tickets';

/**
 * The screens of the fixed tabs, by address ending: adding a tab is its entry in the domain's registry
 * (packages/domain/src/backoffice/workspace-tabs.ts) and, once its screen exists, one line here. A tab without a
 * screen yet shows the "coming" page. (The search tab is the items list at /agentes.)
 */
const TAB_SCREENS: Partial<Record<FixedTabKey, () => ReactNode>> = {
  actividad: () => <ActivityScreen />,
  '-1': () => <QueueRoute key="default" queue="default" />,
  '-2': () => <QueueRoute key="portugal" queue="portugal" />,
  '0': () => <QueuePausedScreen />,
  client: () => <CustomersScreen />,
  tickets: () => <TicketsScreen />,
  'new-ticket': () => <NewTicketScreen />,
};

/** `/agentes/pedido/:itemId`: the "Pedido {id}" tab (the item page with its lock and change check). */
export function ItemTabRoute() {
  const { itemId = '' } = useParams();
  const id = parseItemId(itemId);
  // Not an item id: the item page says so (404 from the API).
  return id === null ? <ItemDetailRoute /> : <ItemWorkspace itemId={id} />;
}

/** `/agentes/{ending}`: a fixed tab; a number is an order item (`/agentes/pedido/{id}`); anything else the search. */
export function TabEndingRoute() {
  const { ending = '' } = useParams();
  const { search } = useLocation();
  const key = tabForEnding(ending);
  if (key === null || key === 'search') return <Navigate to={`/agentes${key === 'search' ? search : ''}`} replace />;
  const itemId = tabItemId(key);
  if (itemId !== null) return <Navigate to={`/agentes/pedido/${itemId}`} replace />;
  const ticketId = tabTicketId(key);
  if (ticketId !== null) return <Navigate to={`/agentes/ticket/${ticketId}`} replace />;
  const email = tabTicketsEmail(key);
  if (email !== null) {
    // One address, one tab: another spelling (upper case) goes to the canonical address.
    if (ending !== tabEnding(key)) return <Navigate to={`${defaultHref(key)}${search}`} replace />;
    return <TicketsScreen key={email} fixedEmail={email} />;
  }
  const screen = TAB_SCREENS[key as FixedTabKey];
  return screen ? screen() : <ComingScreen tabKey={key as FixedTabKey} />;
}

/** A tab whose screen comes in a later issue (tickets, new client, new procedure, NS, QP, localizations). */
function ComingScreen({ tabKey }: { tabKey: FixedTabKey }) {
  const t = useT();
  const title = tabTitle(tabKey, useLanguage());
  useDocumentTitle(title);
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <Alert tone="info" title={t('workspace.comingTitle')}>
        <p>{t('workspace.comingBody')}</p>
      </Alert>
    </>
  );
}

/** Tab `0`: auto-assign paused ("finish and stop" lands here); resuming opens `-1` again. */
function QueuePausedScreen() {
  const t = useT();
  const title = tabTitle('0', useLanguage());
  const { hrefOf } = useWorkspaceQueue();
  useDocumentTitle(title);
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <p>{t('workspace.pausedBody')}</p>
      <ul>
        <li>
          <Link to={hrefOf('-1')}>{t('workspace.resume')}</Link>
        </li>
        <li>
          <Link to={hrefOf('-2')}>{t('workspace.resumePortugal')}</Link>
        </li>
      </ul>
    </>
  );
}

type ActionRow = Activity['actions'][number];
type DelegatedRow = Activity['delegated'][number];

/** Tab `actividad`, My Activity: the agent's latest actions, the orders delegated to them, the tabs they closed. */
function ActivityScreen() {
  const t = useT();
  const format = useFormat();
  const title = tabTitle('actividad', useLanguage());
  const activity = useActivity();
  const { workspace } = useOpenTabs();
  useDocumentTitle(title);
  const itemLink = (itemId: number) => (
    <Link to={`/agentes/pedido/${itemId}`}>{t('backoffice.itemTitle', { id: itemId })}</Link>
  );

  return (
    <>
      <PageHeading>{title}</PageHeading>
      {activity.isPending ? <Spinner /> : null}
      {activity.isError ? <Alert>{errorText(activity.error, t)}</Alert> : null}
      {activity.data ? (
        <>
          <h2>{t('workspace.activityDelegated')}</h2>
          {activity.data.delegated.length === 0 ? (
            <p>{t('workspace.noDelegated')}</p>
          ) : (
            <Table<DelegatedRow>
              caption={t('workspace.activityDelegated')}
              captionHidden
              rows={activity.data.delegated}
              rowKey={(row) => row.item_id}
              columns={[
                { key: 'item', header: t('backoffice.colItem'), cell: (row) => itemLink(row.item_id) },
                { key: 'product', header: t('backoffice.colProduct'), cell: (row) => row.product_name },
                {
                  key: 'status',
                  header: t('backoffice.colStatus'),
                  cell: (row) => <StatusTag text={row.status_text} tone={panelStatusTone(row.panel_status_id)} />,
                },
                {
                  key: 'deadline',
                  header: t('workspace.colDeadline'),
                  cell: (row) => (row.deadline_at ? format.dateTime(row.deadline_at) : '—'),
                },
                { key: 'updated', header: t('workspace.colUpdated'), cell: (row) => format.dateTime(row.updated_at) },
              ]}
            />
          )}
          <h2>{t('workspace.activityActions')}</h2>
          {activity.data.actions.length === 0 ? (
            <p>{t('workspace.noActions')}</p>
          ) : (
            <Table<ActionRow>
              caption={t('workspace.activityActions')}
              captionHidden
              rows={activity.data.actions}
              rowKey={(row) => row.id}
              columns={[
                { key: 'when', header: t('workspace.colWhen'), cell: (row) => format.dateTime(row.created_at) },
                { key: 'item', header: t('backoffice.colItem'), cell: (row) => itemLink(row.item_id) },
                { key: 'product', header: t('backoffice.colProduct'), cell: (row) => row.product_name },
                {
                  key: 'action',
                  header: t('workspace.colAction'),
                  cell: (row) =>
                    row.old_status_text !== null || row.new_status_text !== null
                      ? t('backoffice.statusChange', {
                          from: row.old_status_text ?? '—',
                          to: row.new_status_text ?? '—',
                        })
                      : translateCode(t, 'code.action', row.accion),
                },
              ]}
            />
          )}
        </>
      ) : null}
      <h2>{t('workspace.activityClosed')}</h2>
      {workspace.closedItemIds.length === 0 ? (
        <p>{t('workspace.noClosed')}</p>
      ) : (
        <ul>
          {workspace.closedItemIds.map((itemId) => (
            <li key={itemId}>{itemLink(itemId)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
