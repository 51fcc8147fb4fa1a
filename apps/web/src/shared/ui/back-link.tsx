import { Link } from './link';
import { useT } from '../i18n';
import './navigation.css';

/** "Volver" above the page content; `to` is the previous step, never history.back(), so it works after reloads. */
export function BackLink({ to, children }: { to: string; children?: React.ReactNode }) {
  const t = useT();
  return (
    <Link to={to} className="back-link">
      {children ?? t('nav.back')}
    </Link>
  );
}
