import { useRef, useState, type FormEvent } from 'react';
import { errorText, NO_ERRORS, toFormErrors, type FormErrors } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import type { BackofficeItem } from '../../../../shared/lib/api-contract';
import { Alert, Button, Textarea } from '../../../../shared/ui';
import { useAddNote, useNoteAction } from '../api/item-actions';
import { ActionDialog } from './item-actions/action-dialog';
import { isReloadError } from './item-actions/reload-error';
import { shortcutTarget } from '../../shared';
import { ItemSection } from './item-sections';

/** Internal notes: pinned first, then newest first; a form to add one; pin, unpin and delete (with confirmation). */
export function NotesSection({ item }: { item: BackofficeItem }) {
  const t = useT();
  const format = useFormat();
  const addNote = useAddNote(String(item.item_id));
  const [text, setText] = useState('');
  const [emptyError, setEmptyError] = useState<string | undefined>(undefined);
  const [saved, setSaved] = useState(false);
  const noteAction = useNoteAction(String(item.item_id));
  const [deleting, setDeleting] = useState<number | null>(null);
  const [deleteErrors, setDeleteErrors] = useState<FormErrors>(NO_ERRORS);
  const [notice, setNotice] = useState<string | null>(null);
  /** The note this screen saved last: the pin shortcut's target. */
  const [savedId, setSavedId] = useState<number | null>(null);
  /** The pin shortcut pressed while the note was being saved: pin it once saved (issue 25: actions queue). */
  const pinWhenSaved = useRef(false);

  function act(noteId: number, action: 'pin' | 'unpin' | 'delete') {
    setNotice(null);
    noteAction.mutate(
      { noteId, action, version: item.updated_at },
      {
        onSuccess: () => {
          setDeleting(null);
          setNotice(t(`itemActions.note.${action}Done`));
        },
        onError: (error) => {
          if (action === 'delete' && !isReloadError(error)) {
            setDeleteErrors(toFormErrors(error, 'note-delete', [], 'submit', t));
            return;
          }
          setDeleting(null);
          setNotice(errorText(error, t));
        },
      },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    if (text.trim() === '') {
      setEmptyError(t('validation.enterValue'));
      document.getElementById('note-text')?.focus();
      return;
    }
    setEmptyError(undefined);
    pinWhenSaved.current = false;
    addNote.mutate(
      { text: text.trim(), version: item.updated_at },
      {
        onSuccess: (note) => {
          setText('');
          setSaved(true);
          setSavedId(note.id);
          // The write queue sends the pin after the note, with the version the note's answer gave.
          if (pinWhenSaved.current) act(note.id, 'pin');
        },
        onSettled: () => (pinWhenSaved.current = false),
      },
    );
  }

  // The server sends them pinned first, then newest first.
  const notes = item.notes;
  // While a note is being saved the pin shortcut reaches the form, and pins that note once saved.
  const saving = addNote.isPending;
  const pinTarget = saving ? null : pinTargetOf(notes, savedId);
  return (
    <ItemSection id="notas" title={t('backoffice.sectionNotes')}>
      <form
        noValidate
        onSubmit={submit}
        {...(saving ? shortcutTarget('pin') : {})}
        // The pin shortcut's click while saving (no pointer: detail 0), not a click inside the form.
        onClick={(e) => (pinWhenSaved.current ||= saving && e.target === e.currentTarget && e.detail === 0)}
      >
        <Textarea
          id="note-text"
          name="text"
          label={t('backoffice.newNote')}
          rows={3}
          value={text}
          error={emptyError}
          onChange={(e) => setText(e.target.value)}
          {...shortcutTarget('focusNote')}
        />
        <Button pending={addNote.isPending} {...shortcutTarget('saveNote')}>
          {t('backoffice.saveNote')}
        </Button>
      </form>
      {/* Under the form, so the note box stays where the agent's eyes and pointer are when a note is saved. */}
      {addNote.isError ? <Alert>{errorText(addNote.error, t)}</Alert> : null}
      {saved ? <Alert tone="success">{t('backoffice.noteSaved')}</Alert> : null}
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {notes.length === 0 ? (
        <p>{t('backoffice.noNotes')}</p>
      ) : (
        <ul className="note-list">
          {notes.map((note) => (
            <li key={note.id} className={note.pinned ? 'note--pinned' : undefined}>
              {note.pinned ? <strong className="note__pin">{t('itemActions.note.pinned')}</strong> : null}
              <p>{note.text}</p>
              <span className="secondary-text">
                {note.admin_name ?? t('backoffice.system')} · {format.dateTime(note.created_at)}
              </span>
              <div className="note__actions">
                <Button
                  type="button"
                  variant="secondary"
                  pending={noteAction.isPending && noteAction.variables?.noteId === note.id}
                  onClick={() => act(note.id, note.pinned ? 'unpin' : 'pin')}
                  {...(note.id === pinTarget?.id ? shortcutTarget('pin') : {})}
                >
                  {t(note.pinned ? 'itemActions.note.unpin' : 'itemActions.note.pin')}
                  <span className="visually-hidden"> {t('itemActions.note.which', { id: note.id })}</span>
                </Button>
                <Button
                  type="button"
                  variant="warning"
                  aria-haspopup="dialog"
                  onClick={() => {
                    setDeleteErrors(NO_ERRORS);
                    setDeleting(note.id);
                  }}
                >
                  {t('itemActions.note.delete')}
                  <span className="visually-hidden"> {t('itemActions.note.which', { id: note.id })}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {deleting !== null ? (
        <ActionDialog
          id="dialog-note-delete"
          title={t('itemActions.note.deleteTitle')}
          description={notes.find((n) => n.id === deleting)?.text}
          submitLabel={t('itemActions.note.delete')}
          pending={noteAction.isPending}
          errors={deleteErrors}
          onSubmit={() => act(deleting, 'delete')}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </ItemSection>
  );
}

/**
 * The note the pin shortcut reaches: the one this screen saved last (the loop's), else the newest; never an older one
 * while the one just saved is listed.
 */
function pinTargetOf(notes: BackofficeItem['notes'], savedId: number | null): BackofficeItem['notes'][number] | null {
  return (
    notes.find((note) => note.id === savedId) ??
    notes.reduce<BackofficeItem['notes'][number] | null>(
      (found, note) => (found === null || note.created_at > found.created_at ? note : found),
      null,
    )
  );
}
