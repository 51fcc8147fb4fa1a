import { useT } from '../i18n';
import './spinner.css';

/** Loading text in a live region (with a decorative spinner that stops when motion is reduced). */
export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="loading__spinner" aria-hidden="true" />
      {label ?? t('common.loading')}
    </p>
  );
}
