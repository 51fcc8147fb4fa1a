import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from './auth-api';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { Spinner } from '../ui';

/** Ends the session, forgets the cached data of the user, then goes to `redirectTo`. */
export function LogoutScreen({ redirectTo }: { redirectTo: string }) {
  const t = useT();
  const navigate = useNavigate();
  const logout = useLogout();
  const started = useRef(false);
  useDocumentTitle(t('auth.loggingOut'));

  useEffect(() => {
    // Once only, also under StrictMode's double effect run.
    if (started.current) return;
    started.current = true;
    logout.mutate(undefined, { onSettled: () => navigate(redirectTo, { replace: true }) });
  }, [logout, navigate, redirectTo]);

  return <Spinner label={t('auth.loggingOut')} />;
}
