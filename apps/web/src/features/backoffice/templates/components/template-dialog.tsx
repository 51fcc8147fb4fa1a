import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../../../../shared/i18n';
import { Button } from '../../../../shared/ui';

/**
 * A modal dialog (the native <dialog>: focus moves in and stays, Escape closes, focus returns to the opener).
 * Rendered only while open.
 */
export function TemplateDialog({
  id,
  title,
  onClose,
  children,
}: {
  id: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => opener?.focus();
  }, []);
  return (
    <dialog ref={ref} className="template-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <div className="template-dialog__header">
        <h2 id={`${id}-title`}>{title}</h2>
        <Button type="button" variant="secondary" onClick={() => ref.current?.close()}>
          {t('templates.close')}
        </Button>
      </div>
      {children}
    </dialog>
  );
}
