import { useEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { errorText, useImpersonation } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import type { FileReference } from '../../../shared/lib/api-contract';
import { formatFileSize, sizeFormat } from '../../../shared/lib/file-size';
import { Field, LinkButton, VisuallyHidden } from '../../../shared/ui';
import { deleteDocument, documentUrl, uploadDocument, useUploadLimits } from '../api/uploads';
import { decodeFileAnswer, encodeFileAnswer } from '../lib/file-answer';
import type { QuestionProps } from './question-props';

/** What the browser offers in its file picker; the server decides the real type by the bytes. */
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
/** When the server's limits are not known yet (MAX_UPLOAD_BYTES default). */
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** The answer (`value`) is the file reference's JSON, or "". */
interface FileQuestionProps extends QuestionProps {
  /** Upload failures go to the page's error summary; null clears this question's. Without it they show in place. */
  onError?: ((message: string | null) => void) | undefined;
}

/** The size limit as the server states it (whole MB of 1024 × 1024 bytes: "10 MB"), in the store's locale. */
function maxSizeText(bytes: number, language: string): string {
  const mb = Math.floor(bytes / (1024 * 1024));
  if (mb < 1) return formatFileSize(bytes, language as Parameters<typeof formatFileSize>[1]);
  return sizeFormat(language, 'megabyte', 0).format(mb);
}

type Status = { kind: 'idle' } | { kind: 'uploading'; name: string; percent: number } | { kind: 'done'; text: string };

/**
 * A file question: a labelled file input with the accepted types and size as hint. The document is uploaded at
 * once (progress announced politely), then shown by name with "Quitar" and "Cambiar por otro". The answer is the
 * file reference the server returned.
 */
export function FileQuestion({
  option,
  id,
  value,
  error,
  optional,
  hint,
  asHeading,
  onChange,
  onError,
}: FileQuestionProps) {
  const t = useT();
  const format = useFormat();
  const limits = useUploadLimits();
  const input = useRef<HTMLInputElement>(null);
  const nameLink = useRef<HTMLAnchorElement>(null);
  const focusName = useRef(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [localError, setLocalError] = useState<string | null>(null);
  const reference = decodeFileAnswer(value);
  const maxBytes = limits.data?.max_bytes ?? DEFAULT_MAX_BYTES;
  const maxText = maxSizeText(maxBytes, format.language);
  const uploading = status.kind === 'uploading';
  // An admin looking as the customer uploads nothing (the server refuses it too).
  const readOnly = useImpersonation() !== null;

  // After an upload from the input, the keyboard moves on to the document's name once it is on the page.
  useEffect(() => {
    if (!focusName.current || !reference) return;
    focusName.current = false;
    nameLink.current?.focus();
  }, [reference?.file_id]);

  function report(message: string | null) {
    if (onError) onError(message);
    else setLocalError(message);
  }

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Reset the input so that choosing the same file again (after an error) fires a change.
    event.target.value = '';
    if (!file) return;
    if (file.size > maxBytes) {
      report(t('wizard.file.tooLarge', { max: maxText }));
      return;
    }
    const previous = reference;
    setStatus({ kind: 'uploading', name: file.name, percent: 0 });
    try {
      const uploaded = await uploadDocument(file, (fraction) => {
        // Announced in steps of a quarter: a polite live region, not a running commentary.
        const percent = Math.floor(fraction * 4) * 25;
        setStatus((s) => (s.kind === 'uploading' && s.percent !== percent ? { ...s, percent } : s));
      });
      report(null);
      // The input goes out of sight: the keyboard follows to the document's name (unless the user went elsewhere).
      const from = document.activeElement;
      focusName.current = from === input.current || from === document.body;
      onChange(encodeFileAnswer(uploaded));
      setStatus({
        kind: 'done',
        text: t('wizard.file.uploaded', {
          name: uploaded.filename,
          size: formatFileSize(uploaded.size, format.language),
        }),
      });
      // Replaced: the old upload is no longer an answer (best effort; unused uploads also expire).
      if (previous) void deleteDocument(previous.file_id).catch(() => undefined);
    } catch (failure) {
      setStatus({ kind: 'idle' });
      report(errorText(failure, t) || t('wizard.file.failed'));
    }
  }

  async function remove() {
    if (!reference) return;
    onChange('');
    report(null);
    setStatus({ kind: 'done', text: t('wizard.file.removed') });
    void deleteDocument(reference.file_id).catch(() => undefined);
    // The file input is shown again: the natural next step for the keyboard.
    window.setTimeout(() => input.current?.focus(), 0);
  }

  const shownError = error ?? localError ?? undefined;
  // With an error the input shows even next to a document (e.g. one that expired), so the summary's link lands on it.
  const tucked = reference !== null && !uploading && !shownError;
  // The catalogue's placeholder, as a sentence, then the accepted types and size.
  const lead = hint && !/[.!?)]$/.test(hint) ? `${hint}.` : hint;
  const hintText = [lead, t('wizard.file.hint', { max: maxText }), readOnly ? t('impersonation.readOnlyAction') : null]
    .filter(Boolean)
    .join(' ');

  return (
    <Field
      id={id}
      label={option.title}
      hint={hintText}
      error={shownError}
      optional={optional}
      labelAsHeading={asHeading}
    >
      <input
        ref={input}
        id={id}
        name={id}
        type="file"
        accept={ACCEPT}
        className={['file-input', shownError ? 'file-input--error' : null, tucked ? 'visually-hidden' : null]
          .filter(Boolean)
          .join(' ')}
        aria-describedby={[`${id}-hint`, shownError ? `${id}-error` : null].filter(Boolean).join(' ')}
        aria-invalid={shownError ? true : undefined}
        disabled={uploading || readOnly}
        // Once a document is there it is shown instead and "Cambiar por otro" opens this picker. The input stays
        // rendered (a browser opens no picker for a display:none input), out of sight and out of the Tab order.
        tabIndex={tucked ? -1 : undefined}
        onChange={pick}
      />
      {uploading ? <progress className="file-progress" max={100} value={status.percent} aria-hidden="true" /> : null}
      {reference && !uploading ? (
        <FileAnswer
          reference={reference}
          nameLink={nameLink}
          onReplace={() => input.current?.click()}
          onRemove={() => void remove()}
        />
      ) : null}
      <p className="file-status" role="status" aria-live="polite">
        {status.kind === 'uploading'
          ? t('wizard.file.uploading', { name: status.name, percent: status.percent })
          : status.kind === 'done'
            ? status.text
            : ''}
      </p>
    </Field>
  );
}

/** The document given: its name (a download link) and the actions "Cambiar por otro" and "Quitar". */
function FileAnswer({
  reference,
  nameLink,
  onReplace,
  onRemove,
}: {
  reference: FileReference;
  nameLink: RefObject<HTMLAnchorElement | null>;
  onReplace: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="file-answer">
      <p className="file-answer__name">
        <a ref={nameLink} href={documentUrl(reference.file_id)} download={reference.filename}>
          {reference.filename}
        </a>{' '}
        <span className="hint">({formatFileSize(reference.size, format.language)})</span>
      </p>
      <p className="file-answer__actions">
        {/* The file name completes each action's name for screen readers ("Quitar escritura.pdf"). */}
        <LinkButton onClick={onReplace}>
          {t('wizard.file.replace')}
          <VisuallyHidden> ({reference.filename})</VisuallyHidden>
        </LinkButton>{' '}
        <LinkButton onClick={onRemove}>
          {t('wizard.file.remove')}
          <VisuallyHidden> {reference.filename}</VisuallyHidden>
        </LinkButton>
      </p>
    </div>
  );
}
