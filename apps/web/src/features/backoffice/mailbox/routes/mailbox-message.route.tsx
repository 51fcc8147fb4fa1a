import { useParams } from 'react-router';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, BackLink, Button, PageHeading, Spinner, SummaryList } from '../../../../shared/ui';
import { useEmail, useRetryEmail } from '../api/mailbox-queries';
import { EmailStatusTag } from '../components/email-status-tag';
import '../../shared/components/backoffice.css';
import '../components/mailbox.css';

/**
 * `/agentes/correo/{id}`: one message. The HTML is shown in a sandboxed iframe whose document the server serves
 * with its own CSP (no scripts, no requests, no forms): a message can never run code in the back office.
 */
export function MailboxMessageRoute() {
  const t = useT();
  const format = useFormat();
  const { id = '' } = useParams();
  const email = useEmail(id);
  const retry = useRetryEmail(id);
  useDocumentTitle(email.data ? email.data.subject : t('mailbox.title'));

  if (email.isPending) return <Spinner />;
  if (email.isError) {
    return (
      <>
        <BackLink to="/agentes/correo">{t('mailbox.back')}</BackLink>
        <Alert>{errorText(email.error, t)}</Alert>
      </>
    );
  }
  const m = email.data;
  const rows = [
    { key: 'kind', label: t('mailbox.kind'), value: t(`mailbox.kind.${m.kind}` as Parameters<typeof t>[0]) },
    { key: 'to', label: t('mailbox.colTo'), value: m.to },
    { key: 'from', label: t('mailbox.from'), value: m.from },
    { key: 'store', label: t('mailbox.colStore'), value: `${m.store_name} (${m.language})` },
    { key: 'status', label: t('mailbox.colStatus'), value: <EmailStatusTag status={m.status} /> },
    { key: 'attempts', label: t('mailbox.colAttempts'), value: String(m.attempts) },
    { key: 'created', label: t('mailbox.colDate'), value: format.dateTime(m.created_at) },
    ...(m.sent_at ? [{ key: 'sent', label: t('mailbox.sentAt'), value: format.dateTime(m.sent_at) }] : []),
    ...(m.next_attempt_at
      ? [{ key: 'next', label: t('mailbox.nextAttempt'), value: format.dateTime(m.next_attempt_at) }]
      : []),
    ...(m.last_error ? [{ key: 'error', label: t('mailbox.lastError'), value: m.last_error }] : []),
  ];

  return (
    <>
      <BackLink to="/agentes/correo">{t('mailbox.back')}</BackLink>
      <PageHeading caption={t('mailbox.title')}>{m.subject}</PageHeading>
      {retry.isSuccess ? <Alert tone="success">{t('mailbox.retried')}</Alert> : null}
      {retry.isError ? <Alert>{errorText(retry.error, t)}</Alert> : null}
      <SummaryList rows={rows} />
      {m.status === 'failed' && m.kind !== 'password_reset' ? (
        <Button variant="secondary" type="button" pending={retry.isPending} onClick={() => retry.mutate()}>
          {t('mailbox.retry')}
        </Button>
      ) : null}
      {m.kind === 'password_reset' ? (
        // Its secret link is for the customer only: the server sends no body for it either.
        <Alert tone="info">{t('mailbox.bodyHidden')}</Alert>
      ) : (
        <>
          <h2>{t('mailbox.htmlHeading')}</h2>
          <iframe
            className="mail-preview"
            title={t('mailbox.previewTitle', { subject: m.subject })}
            src={`/api/backoffice/emails/${m.id}/preview`}
            sandbox=""
            referrerPolicy="no-referrer"
          />
          <h2>{t('mailbox.textHeading')}</h2>
          <pre className="mail-text">{m.text}</pre>
        </>
      )}
    </>
  );
}
