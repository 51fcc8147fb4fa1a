import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import type { FormErrors } from '../../../../../shared/auth';
import { useT } from '../../../../../shared/i18n';
import { Button, ErrorSummary } from '../../../../../shared/ui';
import './item-actions.css';

/**
 * A modal dialog for one action on the item (native <dialog>: focus moves in and stays there, Escape closes, focus
 * returns to the button that opened it). The form shows an error summary linked to its fields.
 */
export function ActionDialog({
  id,
  title,
  description,
  submitLabel,
  pending,
  errors,
  onSubmit,
  onClose,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  submitLabel: string;
  pending: boolean;
  errors: FormErrors;
  onSubmit: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // Start at the first field (or the first button of a confirmation).
      dialog.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    }
    return () => opener?.focus();
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending) onSubmit();
  }

  return (
    <dialog
      ref={ref}
      className="action-dialog"
      id={id}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form noValidate onSubmit={submit}>
        <ErrorSummary errors={errors.summary} />
        <h2 id={`${id}-title`}>{title}</h2>
        {description ? <p id={`${id}-description`}>{description}</p> : null}
        {children}
        <div className="action-dialog__buttons">
          <Button pending={pending}>{submitLabel}</Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('itemActions.cancel')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
