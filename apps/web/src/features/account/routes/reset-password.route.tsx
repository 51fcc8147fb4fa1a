import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { errorText, NO_ERRORS, toFormErrors, type FormErrors } from '../../../shared/auth';
import { ApiError } from '../../../shared/lib/api-client';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Button, ErrorSummary, PageHeading, Spinner, TextInput } from '../../../shared/ui';
import { useResetPassword, useResetTokenCheck } from '../api/password-reset';

/** The token of the emailed link: in the fragment (#token=...), which never reaches a server log or a Referer. */
function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * `/customer/password/reset#token=...`: the page the reset email links to. The server checks the token first; the
 * new password follows the registration rules; afterwards every session of the account has ended.
 */
export function ResetPasswordRoute() {
  const t = useT();
  const location = useLocation();
  // Read once: the fragment is then removed from the address bar, so the token does not linger in history.
  const [token] = useState(() => tokenFromHash(location.hash));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  const check = useResetTokenCheck(token);
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState(false);
  const [tokenRefused, setTokenRefused] = useState<string | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);

  const invalid = !token || check.isError || tokenRefused !== null;
  const title = done ? t('password.doneTitle') : invalid ? t('password.invalidTitle') : t('password.resetTitle');
  useDocumentTitle(check.isLoading ? undefined : title, errors.summary.length > 0);
  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const byField: Record<string, string> = {};
    if (!password) byField.password = t('password.newRequired');
    if (password && confirm !== password) byField.confirm = t('password.mismatch');
    if (Object.keys(byField).length > 0) {
      setErrors({ byField, summary: Object.entries(byField).map(([field, text]) => ({ href: `#reset-${field}`, text })) });
      return;
    }
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          setErrors(NO_ERRORS);
          setDone(true);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'RESET_TOKEN_INVALID') setTokenRefused(errorText(error, t));
          else setErrors(toFormErrors(error, 'reset', ['password', 'confirm'], 'password', t));
        },
      },
    );
  }

  if (token && check.isLoading) return <Spinner label={t('password.checking')} />;

  if (done) {
    return (
      <div className="narrow-page">
        <h1 className="heading-xl" tabIndex={-1} ref={doneHeading}>
          {t('password.doneTitle')}
        </h1>
        <Alert tone="success">
          <p>{t('password.doneBody')}</p>
        </Alert>
        <p>
          <Link to="/customer/authenticate">{t('password.loginNow')}</Link>
        </p>
      </div>
    );
  }

  if (invalid) {
    return (
      <div className="narrow-page">
        <PageHeading>{t('password.invalidTitle')}</PageHeading>
        <Alert tone="error">
          <p>{tokenRefused ?? (check.error ? errorText(check.error, t) : t('password.invalidBody'))}</p>
        </Alert>
        <p>
          <Link to="/customer/password/forgot">{t('password.askAgain')}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="narrow-page">
      <form noValidate onSubmit={submit}>
        <ErrorSummary errors={errors.summary} />
        <PageHeading>{t('password.resetTitle')}</PageHeading>
        <TextInput
          id="reset-password"
          name="password"
          type="password"
          label={t('password.newLabel')}
          hint={t('auth.passwordHint')}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.byField.password}
        />
        <TextInput
          id="reset-confirm"
          name="confirm"
          type="password"
          label={t('password.confirmLabel')}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.byField.confirm}
        />
        <p>{t('password.sessionsNote')}</p>
        <Button pending={reset.isPending}>{t('password.saveButton')}</Button>
      </form>
    </div>
  );
}
