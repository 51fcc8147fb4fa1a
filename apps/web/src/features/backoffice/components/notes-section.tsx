import { useState, type FormEvent } from 'react';
import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import type { BackofficeItem } from '../../../shared/lib/api-contract';
import { Alert, Button, Textarea } from '../../../shared/ui';
import { useAddNote } from '../api/item-actions';
import { ItemSection } from './item-sections';

/** Internal notes: newest first, and a form to add one. */
export function NotesSection({ item }: { item: BackofficeItem }) {
  const t = useT();
  const format = useFormat();
  const addNote = useAddNote(String(item.item_id));
  const [text, setText] = useState('');
  const [emptyError, setEmptyError] = useState<string | undefined>(undefined);
  const [saved, setSaved] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    if (text.trim() === '') {
      setEmptyError(t('validation.enterValue'));
      document.getElementById('note-text')?.focus();
      return;
    }
    setEmptyError(undefined);
    addNote.mutate(
      { text: text.trim(), version: item.updated_at },
      {
        onSuccess: () => {
          setText('');
          setSaved(true);
        },
      },
    );
  }

  const notes = [...item.notes].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <ItemSection id="notas" title={t('backoffice.sectionNotes')}>
      {addNote.isError ? <Alert>{errorText(addNote.error, t)}</Alert> : null}
      {saved ? <Alert tone="success">{t('backoffice.noteSaved')}</Alert> : null}
      <form noValidate onSubmit={submit}>
        <Textarea
          id="note-text"
          name="text"
          label={t('backoffice.newNote')}
          rows={3}
          value={text}
          error={emptyError}
          onChange={(e) => setText(e.target.value)}
        />
        <Button pending={addNote.isPending}>{t('backoffice.saveNote')}</Button>
      </form>
      {notes.length === 0 ? (
        <p>{t('backoffice.noNotes')}</p>
      ) : (
        <ul className="note-list">
          {notes.map((note) => (
            <li key={note.id}>
              <p>{note.text}</p>
              <span className="secondary-text">
                {note.admin_name ?? t('backoffice.system')} · {format.dateTime(note.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </ItemSection>
  );
}
