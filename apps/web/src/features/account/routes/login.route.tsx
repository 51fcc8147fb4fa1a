import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  EmailInput,
  NO_ERRORS,
  ProviderSignIn,
  SignInErrorAlert,
  toFormErrors,
  useSignInOptions,
  useUser,
  type FormErrors,
} from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { safeNextPath } from '../../../shared/lib/safe-next-path';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Button, Checkbox, ErrorSummary, Link, PageHeading } from '../../../shared/ui';
import { useIdentify, type IdentifyNext } from '../api/identify';

/** What the first step hands to the second (router state: never in the address). */
export interface SignInStepState {
  next: IdentifyNext;
  remember: boolean;
}

/** `/customer/authenticate/{email}[?next=]`: the second step's address (the spec's route). */
export function signInStepPath(email: string, next: string | null): string {
  const path = `/customer/authenticate/${encodeURIComponent(email)}`;
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/**
 * `/customer/authenticate[?next=]`: the e-mail first (spec: customer/authenticate then customer/authenticate/{email});
 * a known address is asked for its password, a new one registers. After either, back to `next` or to the orders.
 */
export function LoginRoute() {
  const t = useT();
  const user = useUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'), '/orders');
  const [email, setEmail] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const options = useSignInOptions();
  const identify = useIdentify();
  const offerRemember = options.data?.remember_me ?? false;
  useDocumentTitle(t('auth.loginTitle'), errors.summary.length > 0);

  // Once the session knows the user (right after a successful login), leave.
  if (user) return <Navigate to={next} replace />;
  const registerLink = params.get('next')
    ? `/customer/register?next=${encodeURIComponent(next)}`
    : '/customer/register';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    identify.mutate(address, {
      onSuccess: (answer) => {
        setErrors(NO_ERRORS);
        const state: SignInStepState = { next: answer.next, remember: offerRemember && remember };
        void navigate(signInStepPath(address, params.get('next')), { state });
      },
      onError: (error) => setErrors(toFormErrors(error, 'login', ['email'], 'email', t)),
    });
  }

  return (
    <div className="narrow-page">
      <SignInErrorAlert />
      <form noValidate onSubmit={submit}>
        <ErrorSummary errors={errors.summary} />
        <PageHeading>{t('auth.loginTitle')}</PageHeading>
        <p>{t('signIn.emailIntro')}</p>
        <EmailInput id="login-email" value={email} onChange={setEmail} error={errors.byField.email} />
        {offerRemember ? (
          <Checkbox
            id="login-remember"
            name="remember"
            label={t('auth.rememberMe')}
            hint={t('auth.rememberMeHint')}
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
        ) : null}
        <p>
          <Link to="/customer/password/forgot">{t('password.forgotLink')}</Link>
        </p>
        <Button pending={identify.isPending}>{t('signIn.continue')}</Button>
      </form>
      <ProviderSignIn audience="customer" returnTo={next} remember={remember} />
      <h2>{t('auth.noAccountTitle')}</h2>
      <p>
        <Link to={registerLink}>{t('auth.registerLink')}</Link>
      </p>
    </div>
  );
}
