import { useState } from 'react';
import { useLocation } from 'react-router';
import { LoginForm, ProviderSignIn, RegisterForm, SignInErrorAlert, useSignInOptions } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { PageHeading } from '../../../shared/ui';
import './checkout.css';

/** Not logged in: log in or create an account, side by side, without leaving checkout. */
export function CheckoutSignIn() {
  const t = useT();
  const [loginErrors, setLoginErrors] = useState(false);
  const [registerErrors, setRegisterErrors] = useState(false);
  const [remember, setRemember] = useState(false);
  const options = useSignInOptions();
  const location = useLocation();
  useDocumentTitle(t('checkout.title'), loginErrors || registerErrors);
  return (
    <>
      <PageHeading>{t('checkout.title')}</PageHeading>
      <p className="lead">{t('checkout.signInIntro')}</p>
      <SignInErrorAlert />
      <div className="checkout-auth">
        <section aria-labelledby="checkout-login-title">
          <LoginForm
            idPrefix="checkout-login"
            heading={<h2 id="checkout-login-title">{t('auth.loginTitle')}</h2>}
            onErrorsChange={setLoginErrors}
            offerRemember={options.data?.remember_me ?? false}
            onRememberChange={setRemember}
          />
          <ProviderSignIn audience="customer" returnTo={location.pathname} remember={remember} />
        </section>
        <section aria-labelledby="checkout-register-title">
          <RegisterForm
            idPrefix="checkout-register"
            heading={<h2 id="checkout-register-title">{t('auth.registerTitle')}</h2>}
            onErrorsChange={setRegisterErrors}
          />
        </section>
      </div>
    </>
  );
}
