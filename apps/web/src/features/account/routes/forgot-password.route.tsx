import { checkAccountEmail, translateDomainMessage } from '@ventanilla/domain';
import { useState, type FormEvent } from 'react';
import { EmailInput, NO_ERRORS, toFormErrors, type FormErrors } from '../../../shared/auth';
import { useLanguage, useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Button, ErrorSummary, Link, PageHeading } from '../../../shared/ui';
import { useRememberPassword } from '../api/password-reset';
import { PasswordOutcome } from '../components/password-outcome';

/**
 * `/customer/password/forgot`: asks for the email and sends the reset link. The answer is the same whether or not
 * an account exists, so the page never tells who is a customer.
 */
export function ForgotPasswordRoute() {
  const t = useT();
  const language = useLanguage();
  const remember = useRememberPassword();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sentTo, setSentTo] = useState<string | null>(null);
  useDocumentTitle(sentTo ? t('password.sentTitle') : t('password.forgotTitle'), errors.summary.length > 0);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    // The account e-mail rule of the domain, the one the server applies.
    const problem = checkAccountEmail(value);
    if (problem) {
      const text = translateDomainMessage(language, problem);
      setErrors({ byField: { email: text }, summary: [{ href: '#forgot-email', text }] });
      return;
    }
    remember.mutate(value, {
      onSuccess: () => {
        setErrors(NO_ERRORS);
        setSentTo(value);
      },
      onError: (error) => setErrors(toFormErrors(error, 'forgot', ['email'], 'email', t)),
    });
  }

  if (sentTo) {
    return (
      <PasswordOutcome
        title={t('password.sentTitle')}
        tone="success"
        message={t('password.sentBody', { email: sentTo })}
        note={t('password.sentHint')}
        link={{ to: '/customer/authenticate', label: t('password.backToLogin') }}
        focusHeading
      />
    );
  }

  return (
    <div className="narrow-page">
      <form noValidate onSubmit={submit}>
        <ErrorSummary errors={errors.summary} />
        <PageHeading>{t('password.forgotTitle')}</PageHeading>
        <p>{t('password.forgotIntro')}</p>
        <EmailInput id="forgot-email" value={email} onChange={setEmail} error={errors.byField.email} />
        <Button pending={remember.isPending}>{t('password.sendLink')}</Button>
      </form>
      <p>
        <Link to="/customer/authenticate">{t('password.backToLogin')}</Link>
      </p>
    </div>
  );
}
