import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { errorText, useConsumeSignInLink, useUser } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Spinner } from '../../../shared/ui';
import { PasswordOutcome } from '../components/password-outcome';

/** The token of the e-mailed link: in the fragment (#token=...), which never reaches a server log or a Referer. */
function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * `/customer/sign-in-link#token=...`: the page a sign-in link e-mail opens (offered while the password sign-in is
 * throttled). It spends the link once and goes on to the orders; a used or expired link says so, with the way back.
 */
export function SignInLinkRoute() {
  const t = useT();
  const location = useLocation();
  const user = useUser();
  // Read once: the fragment is then removed from the address bar, so the token does not linger in history.
  const [token] = useState(() => tokenFromHash(location.hash));
  const consume = useConsumeSignInLink();
  const started = useRef(false);
  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    // Once, even when React runs effects twice: the link works only once.
    if (started.current || !token) return;
    started.current = true;
    consume.mutate(token);
  }, [consume, token]);
  const failed = !token || consume.isError;
  useDocumentTitle(failed ? t('signInLink.invalidTitle') : t('signInLink.title'));

  if (consume.isSuccess && user) return <Navigate to="/orders" replace />;
  if (failed) {
    return (
      <PasswordOutcome
        title={t('signInLink.invalidTitle')}
        tone="error"
        message={consume.isError ? errorText(consume.error, t) : t('signInLink.invalidBody')}
        link={{ to: '/customer/authenticate', label: t('signInLink.backToSignIn') }}
      />
    );
  }
  return <Spinner label={t('signInLink.signingIn')} />;
}
