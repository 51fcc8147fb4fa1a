import { useState } from 'react';
import { Outlet } from 'react-router';
import { isStaff, LoginForm, ProviderSignIn, SignInErrorAlert, useUser } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Link, PageHeading } from '../../../../shared/ui';

function AgentLogin() {
  const t = useT();
  const [hasErrors, setHasErrors] = useState(false);
  useDocumentTitle(t('backoffice.loginTitle'), hasErrors);
  return (
    <div className="narrow-page">
      <SignInErrorAlert />
      <LoginForm
        idPrefix="agent-login"
        heading={<PageHeading>{t('backoffice.loginTitle')}</PageHeading>}
        submitLabel={t('backoffice.loginButton')}
        onErrorsChange={setHasErrors}
      />
      <ProviderSignIn audience="staff" returnTo="/agentes" />
    </div>
  );
}

function NoPermission() {
  const t = useT();
  useDocumentTitle(t('backoffice.noPermissionTitle'));
  return (
    <>
      <PageHeading>{t('backoffice.noPermissionTitle')}</PageHeading>
      <p>{t('backoffice.noPermissionBody')}</p>
      <ul>
        <li>
          <Link to="/agentes/logout">{t('backoffice.switchUser')}</Link>
        </li>
        <li>
          <Link to="/">{t('backoffice.goToShop')}</Link>
        </li>
      </ul>
    </>
  );
}

/** The back office is for agents, admins and notaries: others get the login form or a "no permission" page. */
export function StaffGate() {
  const user = useUser();
  if (!user) return <AgentLogin />;
  if (!isStaff(user)) return <NoPermission />;
  return <Outlet />;
}
