import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { LoginForm, ProviderSignIn, SignInErrorAlert, useSignInOptions, useUser } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { safeNextPath } from '../../../shared/lib/safe-next-path';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Link, PageHeading } from '../../../shared/ui';

/** `/customer/authenticate[?next=]`: after login, back to `next` or to the orders. */
export function LoginRoute() {
  const t = useT();
  const user = useUser();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'), '/orders');
  const [hasErrors, setHasErrors] = useState(false);
  const [remember, setRemember] = useState(false);
  const options = useSignInOptions();
  useDocumentTitle(t('auth.loginTitle'), hasErrors);

  // Once the session knows the user (right after a successful login), leave.
  if (user) return <Navigate to={next} replace />;
  const registerLink = params.get('next')
    ? `/customer/register?next=${encodeURIComponent(next)}`
    : '/customer/register';
  return (
    <div className="narrow-page">
      <SignInErrorAlert />
      <LoginForm
        heading={<PageHeading>{t('auth.loginTitle')}</PageHeading>}
        onErrorsChange={setHasErrors}
        offerRemember={options.data?.remember_me ?? false}
        onRememberChange={setRemember}
      />
      <ProviderSignIn audience="customer" returnTo={next} remember={remember} />
      <h2>{t('auth.noAccountTitle')}</h2>
      <p>
        <Link to={registerLink}>{t('auth.registerLink')}</Link>
      </p>
    </div>
  );
}
