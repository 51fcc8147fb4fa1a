import { useRef, useState, type FormEvent } from 'react';
import { errorText, toFormErrors, NO_ERRORS, type FormErrors } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { Alert, Button, ErrorSummary, Field, Textarea } from '../../../shared/ui';
import { useAnswerIncidence, useIncidence } from '../api/incidence';
import './incidence.css';

const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
const MAX_FILES = 5;

/**
 * The incident of one order line as the customer sees it: what the agent wrote and, while it waits for them (status
 * 60), a form to answer with a message and up to five documents, with upload progress.
 */
export function IncidenceAnswer({
  orderId,
  itemId,
  headingLevel = 3,
}: {
  orderId: string;
  itemId: string;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const format = useFormat();
  const incidence = useIncidence(orderId, itemId);
  const answer = useAnswerIncidence(orderId, itemId);
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sent, setSent] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const prefix = `incidence-${itemId}`;

  if (incidence.isPending) return null;
  if (incidence.isError) return <Alert>{errorText(incidence.error, t)}</Alert>;
  const data = incidence.data;
  if (!data.shown && data.answers.length === 0 && !sent) return null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!message.trim() && files.length === 0) {
      const text = t('incidence.answerRequired');
      setErrors({ byField: { message: text }, summary: [{ href: `#${prefix}-message`, text }] });
      return;
    }
    if (files.length > MAX_FILES) {
      const text = t('incidence.tooManyFiles', { max: MAX_FILES });
      setErrors({ byField: { files: text }, summary: [{ href: `#${prefix}-files`, text }] });
      return;
    }
    setErrors(NO_ERRORS);
    setProgress(0);
    answer.mutate(
      { message: message.trim(), files, onProgress: setProgress },
      {
        onSuccess: () => {
          setSent(true);
          setMessage('');
          setFiles([]);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) => setErrors(toFormErrors(error, prefix, ['message', 'files'], 'files', t)),
        onSettled: () => setProgress(null),
      },
    );
  }

  return (
    <section className="incidence-panel" aria-labelledby={`${prefix}-title`}>
      <Heading id={`${prefix}-title`}>{t('incidence.title')}</Heading>
      {sent ? <Alert tone="success">{t('incidence.sent')}</Alert> : null}
      {data.shown && data.text ? (
        <div className="incidence-panel__text">
          {data.incidence_name ? <p className="secondary-text">{data.incidence_name}</p> : null}
          <p>{data.text}</p>
        </div>
      ) : null}
      {data.answers.length > 0 ? (
        <>
          <p className="secondary-text">{t('incidence.yourAnswers')}</p>
          <ul className="incidence-panel__answers">
            {data.answers.map((a) => (
              <li key={a.id}>
                {a.message ? <p>{a.message}</p> : null}
                {a.files.length > 0 ? <p>{a.files.map((f) => f.filename).join(', ')}</p> : null}
                <span className="secondary-text">{format.dateTime(a.created_at)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {data.open ? (
        <form noValidate onSubmit={submit}>
          <ErrorSummary errors={errors.summary} />
          <Textarea
            id={`${prefix}-message`}
            name="message"
            label={t('incidence.message')}
            rows={4}
            maxLength={5000}
            value={message}
            error={errors.byField.message}
            onChange={(e) => setMessage(e.target.value)}
          />
          <Field
            id={`${prefix}-files`}
            label={t('incidence.files')}
            hint={t('incidence.filesHint', { max: MAX_FILES })}
            error={errors.byField.files}
            optional
          >
            <input
              ref={fileInput}
              id={`${prefix}-files`}
              name="files"
              type="file"
              multiple
              accept={ACCEPT}
              className="file-input"
              aria-describedby={[`${prefix}-files-hint`, errors.byField.files ? `${prefix}-files-error` : null]
                .filter(Boolean)
                .join(' ')}
              aria-invalid={errors.byField.files ? true : undefined}
              disabled={answer.isPending}
              onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
            />
          </Field>
          {progress !== null ? (
            <p>
              <label htmlFor={`${prefix}-progress`}>{t('incidence.uploading')}</label>{' '}
              <progress id={`${prefix}-progress`} max={100} value={Math.round(progress * 100)}>
                {Math.round(progress * 100)} %
              </progress>
            </p>
          ) : null}
          <Button pending={answer.isPending}>{t('incidence.send')}</Button>
        </form>
      ) : null}
    </section>
  );
}
