import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, type Column, Link, PageHeading, Pagination, Select, Spinner, Table } from '../../../../shared/ui';
import { EMAILS_PER_PAGE, useEmails, type EmailStatus, type EmailSummary } from '../api/mailbox-queries';
import { EmailStatusTag } from '../components/email-status-tag';
import { FilterForm } from '../../shared';
import '../../shared/components/backoffice.css';

const STATUSES: EmailStatus[] = ['pending', 'sent', 'failed'];

function hrefFor(page: number, status: string): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/agentes/correo?${query}` : '/agentes/correo';
}

/** `/agentes/correo` ("Correo enviado"): what the shop sent or will send to customers, newest first. */
export function MailboxRoute() {
  const t = useT();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = STATUSES.includes(params.get('status') as EmailStatus) ? (params.get('status') as string) : '';
  const [chosen, setChosen] = useState(status);
  const emails = useEmails(page, status);
  useDocumentTitle(t('mailbox.title'));

  const columns: Column<EmailSummary>[] = [
    { key: 'date', header: t('mailbox.colDate'), cell: (row) => format.dateTime(row.created_at) },
    { key: 'to', header: t('mailbox.colTo'), cell: (row) => row.to },
    {
      key: 'subject',
      header: t('mailbox.colSubject'),
      cell: (row) => <Link to={`/agentes/correo/${row.id}`}>{row.subject}</Link>,
    },
    { key: 'store', header: t('mailbox.colStore'), cell: (row) => row.store_name },
    { key: 'status', header: t('mailbox.colStatus'), cell: (row) => <EmailStatusTag status={row.status} /> },
    { key: 'attempts', header: t('mailbox.colAttempts'), numeric: true, cell: (row) => row.attempts },
  ];

  return (
    <>
      <PageHeading>{t('mailbox.title')}</PageHeading>
      <p>{t('mailbox.intro')}</p>
      <FilterForm
        action="/agentes/correo"
        titleId="mailbox-filters-title"
        title={t('backoffice.filtersTitle')}
        applyLabel={t('mailbox.filterButton')}
        onApply={() => setParams(new URLSearchParams(hrefFor(1, chosen).split('?')[1] ?? ''))}
      >
        <Select
          id="mailbox-status"
          name="status"
          label={t('mailbox.colStatus')}
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          emptyLabel={t('mailbox.allStatuses')}
          items={STATUSES.map((s) => ({ value: s, label: t(`mailbox.status.${s}`) }))}
        />
      </FilterForm>
      {emails.isPending ? <Spinner /> : null}
      {emails.isError ? <Alert>{errorText(emails.error, t)}</Alert> : null}
      {emails.data ? (
        <>
          <p role="status">{t('mailbox.resultCount', { count: emails.data.total })}</p>
          {emails.data.items.length > 0 ? (
            <Table
              caption={t('mailbox.title')}
              captionHidden
              columns={columns}
              rows={emails.data.items}
              rowKey={(row) => row.id}
            />
          ) : null}
          <Pagination
            page={emails.data.page}
            perPage={emails.data.per_page || EMAILS_PER_PAGE}
            total={emails.data.total}
            hrefFor={(p) => hrefFor(p, status)}
          />
        </>
      ) : null}
    </>
  );
}
