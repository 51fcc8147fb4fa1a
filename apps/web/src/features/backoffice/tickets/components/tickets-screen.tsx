import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ACTIVE_TICKET_STATUSES, TICKET_STATUS_IDS } from '@ventanilla/domain';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, Button, Link, PageHeading, Pagination, Select, Spinner, Table, TextInput } from '../../../../shared/ui';
import { TICKET_PAGE_SIZE, useTickets, type TicketRow } from '../api/tickets';
import { ticketsOfEmailHref } from '../../shared';
import { useTicketStatusLabel } from './use-ticket-status-label';
import './tickets.css';

/** The status filter's value for every active status (2 Abierto, 3 Pendiente and 6 Programado). */
const ACTIVE = ACTIVE_TICKET_STATUSES.join(',');

/**
 * The `tickets` tab: the list filtered by customer e-mail and status, paged; each ticket opens its own tab. With
 * `fixedEmail` it is the tab of one customer's address (`tickets:email:{address}`): exactly that address, by status.
 */
export function TicketsScreen({ fixedEmail }: { fixedEmail?: string }) {
  const t = useT();
  const format = useFormat();
  const statusLabel = useTicketStatusLabel();
  const [params, setParams] = useSearchParams();
  const email = fixedEmail ?? params.get('email') ?? '';
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [emailText, setEmailText] = useState(email);
  const [statusText, setStatusText] = useState(status);
  const list = useTickets(
    fixedEmail === undefined ? { email, status, page } : { email: '', exactEmail: fixedEmail, status, page },
  );
  useDocumentTitle(email ? t('tickets.titleFor', { email }) : t('tickets.title'));

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams();
    if (fixedEmail === undefined && emailText.trim()) next.set('email', emailText.trim());
    if (statusText) next.set('status', statusText);
    setParams(next);
  }
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    return `?${next.toString()}`;
  };

  return (
    <>
      <PageHeading>{email ? t('tickets.titleFor', { email }) : t('tickets.title')}</PageHeading>
      <p>
        <Link to="/agentes/new-ticket" className="button button--secondary">
          {t('tickets.new')}
        </Link>
      </p>
      <form role="search" aria-label={t('tickets.filters')} onSubmit={search} className="tickets-filters">
        {fixedEmail === undefined ? (
          <TextInput
            id="tickets-email"
            type="search"
            label={t('tickets.email')}
            optional
            value={emailText}
            onChange={(e) => setEmailText(e.target.value)}
          />
        ) : null}
        <Select
          id="tickets-status"
          label={t('tickets.statusFilter')}
          emptyLabel={t('tickets.allStatuses')}
          items={[
            { value: ACTIVE, label: t('tickets.activeStatuses') },
            ...TICKET_STATUS_IDS.map((s) => ({ value: String(s), label: statusLabel(s) })),
          ]}
          value={statusText}
          onChange={(e) => setStatusText(e.target.value)}
        />
        <Button>{t('tickets.search')}</Button>
      </form>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <Alert>{errorText(list.error, t)}</Alert> : null}
      {list.data ? (
        <>
          <p role="status">{t('tickets.count', { count: list.data.total })}</p>
          <Table<TicketRow>
            caption={t('tickets.title')}
            captionHidden
            rowKey={(row) => String(row.id)}
            rows={list.data.items}
            columns={[
              {
                key: 'id',
                header: t('tickets.colTicket'),
                cell: (row) => <Link to={`/agentes/ticket/${row.id}`}>{t('tickets.ticketN', { id: row.id })}</Link>,
              },
              { key: 'subject', header: t('tickets.subject'), cell: (row) => row.subject || '—' },
              {
                key: 'email',
                header: t('tickets.email'),
                cell: (row) => (
                  <Link to={ticketsOfEmailHref(row.email)}>
                    {row.email}
                    <span className="visually-hidden"> ({t('tickets.allOfCustomer')})</span>
                  </Link>
                ),
              },
              { key: 'status', header: t('tickets.status'), cell: (row) => statusLabel(row.status) },
              {
                key: 'lock',
                header: t('tickets.lockedBy'),
                cell: (row) => row.lock?.locked_by_name ?? '—',
              },
              { key: 'updated', header: t('tickets.updated'), cell: (row) => format.dateTime(row.updated_at) },
            ]}
          />
          <Pagination page={list.data.page} perPage={TICKET_PAGE_SIZE} total={list.data.total} hrefFor={hrefFor} />
        </>
      ) : null}
    </>
  );
}
