import { Outlet } from 'react-router';
import { userCan, useUser } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { PageHeading } from '../../../../shared/ui';

/** Catalogue editing is for admins (the server says 403 to agents and notaries too): others get an explanation. */
export function AdminGate() {
  const t = useT();
  const user = useUser();
  const allowed = userCan(user, 'catalog.edit');
  useDocumentTitle(allowed ? undefined : t('catalogAdmin.noAccessTitle'));
  if (allowed) return <Outlet />;
  return (
    <>
      <PageHeading>{t('catalogAdmin.noAccessTitle')}</PageHeading>
      <p>{t('catalogAdmin.noAccessBody')}</p>
    </>
  );
}
