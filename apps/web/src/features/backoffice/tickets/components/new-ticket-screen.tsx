import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, Button, PageHeading, Textarea, TextInput } from '../../../../shared/ui';
import { useSendTicketMessage } from '../api/tickets';
import { CannedPicker } from '../../templates';
import { appendFiles } from './file-field';
import { FileField } from './file-field';
import './tickets.css';

/** The `new-ticket` tab: the agent writes first (customer e-mail, subject, text with canned responses, files). */
export function NewTicketScreen() {
  const t = useT();
  const navigate = useNavigate();
  const send = useSendTicketMessage(null);
  const [fields, setFields] = useState({ email: '', subject: '', body: '', cc: '', related_item_id: '' });
  const [error, setError] = useState('');
  useDocumentTitle(t('tickets.newTitle'));
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.email.trim() || !fields.subject.trim() || !fields.body.trim()) {
      setError(t('tickets.newRequired'));
      return;
    }
    setError('');
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) if (value.trim()) form.append(name, value.trim());
    appendFiles(form, document.getElementById('new-ticket-files') as HTMLInputElement | null);
    send.mutate(form, {
      onSuccess: (sent) => void navigate(`/agentes/ticket/${sent.ticket_id}`),
      onError: (e) => setError(errorText(e, t)),
    });
  }

  return (
    <>
      <PageHeading>{t('tickets.newTitle')}</PageHeading>
      {error ? <Alert>{error}</Alert> : null}
      <form noValidate onSubmit={submit}>
        <TextInput
          id="new-ticket-email"
          type="email"
          label={t('tickets.email')}
          value={fields.email}
          onChange={set('email')}
        />
        <TextInput
          id="new-ticket-cc"
          label={t('tickets.cc')}
          hint={t('tickets.ccHint')}
          optional
          value={fields.cc}
          onChange={set('cc')}
        />
        <TextInput
          id="new-ticket-subject"
          label={t('tickets.subject')}
          value={fields.subject}
          onChange={set('subject')}
        />
        <CannedPicker
          id="new-ticket-canned"
          targetId="new-ticket-body"
          value={fields.body}
          onChange={(body) => setFields((f) => ({ ...f, body }))}
        />
        <Textarea id="new-ticket-body" label={t('tickets.body')} rows={8} value={fields.body} onChange={set('body')} />
        <TextInput
          id="new-ticket-related_item_id"
          inputMode="numeric"
          label={t('tickets.relatedItem')}
          optional
          value={fields.related_item_id}
          onChange={set('related_item_id')}
        />
        <FileField id="new-ticket-files" />
        <Button pending={send.isPending}>{t('tickets.send')}</Button>
      </form>
    </>
  );
}
