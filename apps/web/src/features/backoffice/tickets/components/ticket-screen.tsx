import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { isApiError } from '../../../../shared/lib/api-client';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, Link, PageHeading, Spinner, SummaryList, Table } from '../../../../shared/ui';
import { useHistoryFormat } from '../../items';
import { useTicket } from '../api/tickets';
import { ticketsOfEmailHref, useWorkspaceLocks } from '../../shared';
import { ticketHistoryText } from '../lib/ticket-history';
import { useTicketStatusLabel } from './use-ticket-status-label';
import { TicketLockBanner } from './ticket-lock-banner';
import { TicketThread } from './ticket-thread';
import { ReplyForm } from './reply-form';
import { TicketActions } from './ticket-actions';
import { TicketNotes } from './ticket-notes';
import { TicketCustomerActivity } from './ticket-customer-activity';
import './tickets.css';

export function TicketScreen({ ticketId }: { ticketId: number }) {
  const t = useT();
  const format = useFormat();
  const statusLabel = useTicketStatusLabel();
  const historyFormat = useHistoryFormat();
  const ticket = useTicket(ticketId);
  const { ticketLocks } = useWorkspaceLocks();
  useDocumentTitle(t('tickets.ticketN', { id: ticketId }));

  if (ticket.isPending) return <Spinner />;
  if (ticket.isError) {
    return (
      <>
        <PageHeading>{t('tickets.ticketN', { id: ticketId })}</PageHeading>
        <Alert>{isApiError(ticket.error, 404) ? t('tickets.notFound') : errorText(ticket.error, t)}</Alert>
      </>
    );
  }
  const data = ticket.data;
  const lock = ticketLocks[ticketId];
  const lockReason = lock?.status === 'locked' ? t('itemPage.lockedBy', { holder: lock.holderName }) : undefined;
  // The controls a lock would refuse: disabled together, the reason said next to them and read with them.
  const lockProps = {
    disabled: lockReason !== undefined,
    'data-lock-reason': lockReason,
    'aria-describedby': lockReason ? 'ticket-lock-reason' : undefined,
    title: lockReason,
  };
  return (
    <div className="ticket-page">
      <header className="ticket-page__head">
        <PageHeading caption={data.subject || undefined}>{t('tickets.ticketN', { id: ticketId })}</PageHeading>
        <TicketLockBanner ticketId={ticketId} />
        {lockReason ? (
          <p className="item-page__lock-reason" id="ticket-lock-reason">
            <strong>{lockReason}</strong>
          </p>
        ) : null}
        <fieldset className="ticket-page__actions" {...lockProps}>
          <TicketActions ticket={data} />
        </fieldset>
      </header>
      <div className="ticket-page__grid">
        <div className="ticket-page__main">
          {/* The conversation scrolls on its own so the reply box stays in view below it. */}
          <TicketThread ticket={data} />
          <fieldset className="ticket-page__reply" {...lockProps}>
            <ReplyForm ticket={data} />
          </fieldset>
        </div>
        <section className="ticket-page__side" aria-label={t('tickets.side')}>
          <SummaryList
            rows={[
              { key: 'status', label: t('tickets.status'), value: statusLabel(data.status) },
              {
                key: 'email',
                label: t('tickets.email'),
                value: (
                  <Link to={ticketsOfEmailHref(data.email)}>
                    {data.name ? `${data.name} <${data.email}>` : data.email}
                    <span className="visually-hidden"> ({t('tickets.allOfCustomer')})</span>
                  </Link>
                ),
              },
              { key: 'cc', label: t('tickets.cc'), value: data.cc_emails.join(', ') || '—' },
              { key: 'asignee', label: t('tickets.asignee'), value: data.asignee_name ?? '—' },
              {
                key: 'related',
                label: t('tickets.relatedItem'),
                value: data.related_item ? (
                  <Link to={`/agentes/pedido/${data.related_item.item_id}`}>
                    {t('tickets.orderLink', { id: data.related_item.item_id, product: data.related_item.product_name })}
                  </Link>
                ) : (
                  '—'
                ),
              },
              { key: 'due', label: t('tickets.dueAt'), value: data.due_at ? format.dateTime(data.due_at) : '—' },
              { key: 'created', label: t('tickets.createdAt'), value: format.dateTime(data.created_at) },
            ]}
          />
          <fieldset className="ticket-page__notes" {...lockProps}>
            <TicketNotes ticket={data} />
          </fieldset>
          <TicketCustomerActivity ticket={data} />
          <details className="item-fold">
            <summary>{t('tickets.history')}</summary>
            <section aria-labelledby="ticket-history">
              <h2 id="ticket-history" className="visually-hidden">
                {t('tickets.history')}
              </h2>
              <Table
                caption={t('tickets.history')}
                captionHidden
                rowKey={(row) => String(row.id)}
                rows={data.history}
                columns={[
                  { key: 'when', header: t('tickets.when'), cell: (row) => format.dateTime(row.created_at) },
                  {
                    key: 'accion',
                    header: t('tickets.action'),
                    cell: (row) => ticketHistoryText(row, t, historyFormat),
                  },
                  {
                    key: 'status',
                    header: t('tickets.status'),
                    cell: (row) =>
                      row.new_status === null
                        ? '—'
                        : `${row.old_status === null ? '' : `${statusLabel(row.old_status)} → `}${statusLabel(row.new_status)}`,
                  },
                  { key: 'who', header: t('tickets.who'), cell: (row) => row.admin_name ?? t('tickets.system') },
                ]}
              />
            </section>
          </details>
        </section>
      </div>
    </div>
  );
}
