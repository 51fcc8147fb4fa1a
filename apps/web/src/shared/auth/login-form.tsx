import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '../i18n';
import type { User } from '../lib/api-contract';
import { ApiError } from '../lib/api-client';
import { Alert, Button, Checkbox, ErrorSummary, Link } from '../ui';
import { useLogin, useRequestSignInLink } from './auth-api';
import { errorText } from './error-text';
import { EmailInput, PasswordInput } from './auth-inputs';
import { NO_ERRORS, toFormErrors, type FormErrors } from './form-errors';

interface LoginFormProps {
  /** Prefix for the input ids, so two forms can share a page. */
  idPrefix?: string;
  /** Rendered between the error summary and the fields (the page's h1 or a section's h2). */
  heading?: ReactNode;
  submitLabel?: string;
  onSuccess?: (user: User) => void;
  onErrorsChange?: (hasErrors: boolean) => void;
  /** Offer "remember me" (customers' forms, when the shop has it on). */
  offerRemember?: boolean;
  /** Told when the "remember me" box changes (the page's identity-provider button remembers too). */
  onRememberChange?: (remember: boolean) => void;
  /** The address the sign-in page's first step asked for (still editable). */
  initialEmail?: string;
  /** "Remember me" as the first step left it. */
  initialRemember?: boolean;
}

/** Email and password; the server decides what is wrong and says so in the store's language. */
export function LoginForm({
  idPrefix = 'login',
  heading,
  submitLabel,
  onSuccess,
  onErrorsChange,
  offerRemember = false,
  onRememberChange,
  initialEmail = '',
  initialRemember = false,
}: LoginFormProps) {
  const t = useT();
  const login = useLogin();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(initialRemember);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  // The password sign-in is throttled (someone's failed attempts): the owner can ask for a one-time link instead.
  const [throttled, setThrottled] = useState(false);
  const signInLink = useRequestSignInLink();

  useEffect(() => {
    onErrorsChange?.(errors.summary.length > 0);
  }, [errors, onErrorsChange]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate(
      { email: email.trim(), password, ...(offerRemember && remember ? { remember: true } : {}) },
      {
        onSuccess: ({ user }) => {
          setErrors(NO_ERRORS);
          setThrottled(false);
          onSuccess?.(user);
        },
        onError: (error) => {
          setErrors(toFormErrors(error, idPrefix, ['email', 'password'], 'email', t));
          setThrottled(error instanceof ApiError && error.code === 'TOO_MANY_ATTEMPTS');
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary errors={errors.summary} />
      {heading}
      <EmailInput id={`${idPrefix}-email`} value={email} onChange={setEmail} error={errors.byField.email} />
      <PasswordInput
        id={`${idPrefix}-password`}
        name="password"
        label={t('auth.password')}
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.byField.password}
      />
      {offerRemember ? (
        <Checkbox
          id={`${idPrefix}-remember`}
          name="remember"
          label={t('auth.rememberMe')}
          hint={t('auth.rememberMeHint')}
          checked={remember}
          onChange={(event) => {
            setRemember(event.target.checked);
            onRememberChange?.(event.target.checked);
          }}
        />
      ) : null}
      <p>
        <Link to="/customer/password/forgot">{t('password.forgotLink')}</Link>
      </p>
      <Button pending={login.isPending}>{submitLabel ?? t('auth.loginButton')}</Button>
      {throttled ? (
        <section className="sign-in-link-offer" aria-labelledby={`${idPrefix}-link-title`}>
          <h2 id={`${idPrefix}-link-title`}>{t('auth.signInLinkTitle')}</h2>
          {signInLink.isSuccess ? (
            <Alert tone="success">
              <p>{t('auth.signInLinkSent', { email: signInLink.variables })}</p>
            </Alert>
          ) : (
            <>
              <p>{t('auth.signInLinkBody')}</p>
              <Button
                type="button"
                variant="secondary"
                pending={signInLink.isPending}
                onClick={() => signInLink.mutate(email.trim())}
              >
                {t('auth.signInLinkButton')}
              </Button>
              {signInLink.isError ? <p role="alert">{errorText(signInLink.error, t)}</p> : null}
            </>
          )}
        </section>
      ) : null}
    </form>
  );
}
