import { useState } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { errorText, LoginForm, RegisterForm, useSignInOptions, useUser } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { safeNextPath } from '../../../shared/lib/safe-next-path';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Link, PageHeading, Spinner } from '../../../shared/ui';
import { useIdentified } from '../api/identify';
import type { SignInStepState } from './login.route';

/**
 * `/customer/authenticate/{email}[?next=]`: the second step. A known address signs in with its password, a new one
 * registers (the address filled in, still editable). Arriving without the first step (a reload, a link), the page asks
 * the server itself; when that fails (throttled, not an address) it says so and offers both.
 */
export function LoginEmailRoute() {
  const t = useT();
  const user = useUser();
  const { email = '' } = useParams();
  const location = useLocation();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'), '/orders');
  const state = location.state as Partial<SignInStepState> | null;
  const known = state?.next === 'sign_in' || state?.next === 'register' ? state.next : undefined;
  const identified = useIdentified(email, known);
  const options = useSignInOptions();
  const [hasErrors, setHasErrors] = useState(false);
  const step = known ?? identified.data?.next;
  useDocumentTitle(step === 'register' ? t('auth.registerTitle') : t('auth.loginTitle'), hasErrors);

  if (user) return <Navigate to={next} replace />;
  const back = params.get('next')
    ? `/customer/authenticate?next=${encodeURIComponent(next)}`
    : '/customer/authenticate';
  const otherEmail = (
    <p>
      <Link to={back}>{t('signIn.otherEmail')}</Link>
    </p>
  );

  if (step === undefined && identified.isPending) return <Spinner />;
  if (step === 'register') {
    return (
      <div className="narrow-page">
        <RegisterForm
          heading={
            <>
              <PageHeading>{t('auth.registerTitle')}</PageHeading>
              <p>{t('signIn.newAccountFor', { email })}</p>
            </>
          }
          initialEmail={email}
          onErrorsChange={setHasErrors}
        />
        {otherEmail}
      </div>
    );
  }
  return (
    <div className="narrow-page">
      {step === undefined && identified.isError ? (
        <Alert>
          <p>{errorText(identified.error, t)}</p>
        </Alert>
      ) : null}
      <LoginForm
        heading={
          <>
            <PageHeading>{t('auth.loginTitle')}</PageHeading>
            <p>{t('signIn.passwordFor', { email })}</p>
          </>
        }
        initialEmail={email}
        initialRemember={state?.remember === true}
        offerRemember={options.data?.remember_me ?? false}
        onErrorsChange={setHasErrors}
      />
      {otherEmail}
      {step === undefined ? (
        <p>
          <Link to={`/customer/register${params.get('next') ? `?next=${encodeURIComponent(next)}` : ''}`}>
            {t('auth.registerLink')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
