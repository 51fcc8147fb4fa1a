import { useState, type FormEvent } from 'react';
import { useT } from '../../../../shared/i18n';
import { Alert, Button, Textarea, TextInput } from '../../../../shared/ui';
import { useSendTicketMessage, type Ticket } from '../api/tickets';
import { CannedPicker } from '../../templates';
import { shortcutTarget } from '../../shared';
import { ticketErrorText } from './ticket-error-text';
import { appendFiles } from './file-field';
import { FileField } from './file-field';

export function ReplyForm({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const send = useSendTicketMessage(ticket.id);
  const [body, setBody] = useState('');
  const [cc, setCc] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    if (!body.trim()) {
      setError(t('tickets.replyRequired'));
      return;
    }
    setError('');
    const form = new FormData();
    form.append('version', ticket.version);
    form.append('body', body);
    if (cc.trim()) form.append('cc', cc.trim());
    const files = document.getElementById('ticket-reply-files') as HTMLInputElement | null;
    appendFiles(form, files);
    send.mutate(form, {
      onSuccess: () => {
        setBody('');
        setCc('');
        if (files) files.value = '';
        setDone(true);
      },
      onError: (e) => setError(ticketErrorText(e, t)),
    });
  }

  return (
    <section aria-labelledby="ticket-reply">
      <h2 id="ticket-reply">{t('tickets.reply')}</h2>
      {done ? <Alert tone="success">{t('tickets.replySent')}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <form className="reply-form" noValidate onSubmit={submit}>
        <div className="reply-form__row">
          <TextInput
            id="ticket-reply-cc"
            label={t('tickets.cc')}
            hint={t('tickets.ccHint')}
            optional
            value={cc}
            onChange={(e) => setCc(e.target.value)}
          />
          <CannedPicker
            id="ticket-reply-canned"
            targetId="ticket-reply-body"
            value={body}
            onChange={setBody}
            fill={ticket.name ? { values: { nombre: ticket.name } } : {}}
          />
        </div>
        <Textarea
          id="ticket-reply-body"
          label={t('tickets.replyBody')}
          rows={6}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          {...shortcutTarget('reply')}
        />
        <div className="reply-form__row reply-form__row--foot">
          <FileField id="ticket-reply-files" />
          <Button pending={send.isPending}>{t('tickets.send')}</Button>
        </div>
      </form>
    </section>
  );
}
