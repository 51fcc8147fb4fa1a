import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { RegisterForm, useUser } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { safeNextPath } from '../../../shared/lib/safe-next-path';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Link, PageHeading } from '../../../shared/ui';

/** `/customer/register[?next=]`: create an account; a new customer lands on `next` or the orders. */
export function RegisterRoute() {
  const t = useT();
  const user = useUser();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'), '/orders');
  const [hasErrors, setHasErrors] = useState(false);
  useDocumentTitle(t('auth.registerTitle'), hasErrors);

  if (user) return <Navigate to={next} replace />;
  const loginLink = params.get('next')
    ? `/customer/authenticate?next=${encodeURIComponent(next)}`
    : '/customer/authenticate';
  return (
    <div className="narrow-page">
      <RegisterForm heading={<PageHeading>{t('auth.registerTitle')}</PageHeading>} onErrorsChange={setHasErrors} />
      <h2>{t('auth.haveAccountTitle')}</h2>
      <p>
        <Link to={loginLink}>{t('auth.loginLink')}</Link>
      </p>
    </div>
  );
}
