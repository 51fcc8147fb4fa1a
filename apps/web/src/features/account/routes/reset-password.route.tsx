import { translateDomainMessage } from '@ventanilla/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import {
  errorText,
  loadPasswordRules,
  NO_ERRORS,
  PasswordInput,
  toFormErrors,
  usePasswordRules,
  type FormErrors,
} from '../../../shared/auth';
import { ApiError } from '../../../shared/lib/api-client';
import { useLanguage, useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Button, ErrorSummary, PageHeading, Spinner } from '../../../shared/ui';
import { useResetPassword, useResetTokenCheck } from '../api/password-reset';
import { PasswordOutcome } from '../components/password-outcome';

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
  const language = useLanguage();
  const location = useLocation();
  // Read once: the fragment is then removed from the address bar, so the token does not linger in history.
  const [token] = useState(() => tokenFromHash(location.hash));
  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  const check = useResetTokenCheck(token);
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState(false);
  const [tokenRefused, setTokenRefused] = useState<string | null>(null);

  const invalid = !token || check.isError || tokenRefused !== null;
  const title = done ? t('password.doneTitle') : invalid ? t('password.invalidTitle') : t('password.resetTitle');
  useDocumentTitle(check.isLoading ? undefined : title, errors.summary.length > 0);

  usePasswordRules();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const byField: Record<string, string> = {};
    const rules = await loadPasswordRules().catch((error: unknown) => {
      setErrors(toFormErrors(error, 'reset', ['password', 'confirm'], 'password', t));
      return null;
    });
    if (!rules) return;
    // The password policy of the domain, the one the server applies (which also knows whose account it is).
    const policy = rules.checkNewPassword(password);
    if (!policy.ok) byField.password = translateDomainMessage(language, policy.message);
    else if (confirm !== password) byField.confirm = t('password.mismatch');
    if (Object.keys(byField).length > 0) {
      setErrors({
        byField,
        summary: Object.entries(byField).map(([field, text]) => ({ href: `#reset-${field}`, text })),
      });
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
      <PasswordOutcome
        title={t('password.doneTitle')}
        tone="success"
        message={t('password.doneBody')}
        link={{ to: '/customer/authenticate', label: t('password.loginNow') }}
        focusHeading
      />
    );
  }

  if (invalid) {
    return (
      <PasswordOutcome
        title={t('password.invalidTitle')}
        tone="error"
        message={tokenRefused ?? (check.error ? errorText(check.error, t) : t('password.invalidBody'))}
        link={{ to: '/customer/password/forgot', label: t('password.askAgain') }}
      />
    );
  }

  return (
    <div className="narrow-page">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <ErrorSummary errors={errors.summary} />
        <PageHeading>{t('password.resetTitle')}</PageHeading>
        <PasswordInput
          id="reset-password"
          name="password"
          label={t('password.newLabel')}
          hint={t('auth.passwordHint')}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.byField.password}
        />
        <PasswordInput
          id="reset-confirm"
          name="confirm"
          label={t('password.confirmLabel')}
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={errors.byField.confirm}
        />
        <p>{t('password.sessionsNote')}</p>
        <Button pending={reset.isPending}>{t('password.saveButton')}</Button>
      </form>
    </div>
  );
}
