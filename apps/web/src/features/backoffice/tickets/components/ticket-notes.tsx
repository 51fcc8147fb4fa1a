import { useState } from 'react';
import { useFormat, useT } from '../../../../shared/i18n';
import { Alert, Button, ButtonGroup, Checkbox, Textarea } from '../../../../shared/ui';
import { useTicketAction, type Ticket } from '../api/tickets';
import { shortcutTarget } from '../../shared';
import { ticketErrorText } from './ticket-error-text';

export function TicketNotes({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const format = useFormat();
  const action = useTicketAction(ticket.id);
  const [text, setText] = useState('');
  const [fixed, setFixed] = useState(false);
  const [error, setError] = useState('');

  const run = (name: string, body: Record<string, unknown>, after?: () => void) =>
    action.mutate(
      { name, version: ticket.version, body },
      { onSuccess: () => after?.(), onError: (e) => setError(ticketErrorText(e, t)) },
    );

  return (
    <section aria-labelledby="ticket-notes">
      <h2 id="ticket-notes">{t('tickets.notes')}</h2>
      {error ? <Alert>{error}</Alert> : null}
      {ticket.notes.length === 0 ? <p>{t('tickets.noNotes')}</p> : null}
      <ul className="ticket-notes">
        {ticket.notes.map((note) => (
          <li
            key={note.id}
            className={note.fixed ? 'ticket-notes__note ticket-notes__note--fixed' : 'ticket-notes__note'}
          >
            {note.fixed ? <strong>{t('tickets.pinned')} </strong> : null}
            <span className="ticket-thread__text">{note.text}</span>
            <span className="secondary-text">
              {' '}
              · {note.admin_name} · {format.dateTime(note.created_at)}
            </span>
            <ButtonGroup>
              <Button
                type="button"
                variant="secondary"
                onClick={() => run(note.fixed ? 'unfix_note' : 'fix_note', { note_id: note.id })}
              >
                {note.fixed ? t('tickets.unpin') : t('tickets.pin')}
                <span className="visually-hidden"> ({note.text.slice(0, 40)})</span>
              </Button>
              <Button type="button" variant="warning" onClick={() => run('del_note', { note_id: note.id })}>
                {t('tickets.deleteNote')}
                <span className="visually-hidden"> ({note.text.slice(0, 40)})</span>
              </Button>
            </ButtonGroup>
          </li>
        ))}
      </ul>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) return setError(t('tickets.noteRequired'));
          setError('');
          run(fixed ? 'save_note_fixed' : 'save_note', { text: text.trim() }, () => {
            setText('');
            setFixed(false);
          });
        }}
      >
        <Textarea
          id="ticket-note"
          label={t('tickets.newNote')}
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          {...shortcutTarget('focusNote')}
        />
        <Checkbox
          id="ticket-note-fixed"
          label={t('tickets.pinNote')}
          checked={fixed}
          onChange={(e) => setFixed(e.target.checked)}
        />
        <Button variant="secondary" pending={action.isPending} {...shortcutTarget('saveNote')}>
          {t('tickets.saveNote')}
        </Button>
      </form>
    </section>
  );
}
