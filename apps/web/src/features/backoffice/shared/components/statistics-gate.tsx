import { Outlet } from 'react-router';
import { userCan, useUser } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { PageHeading } from '../../../../shared/ui';

/** Statistics are for agents and admins (the server says 403 to notaries): others get an explanation. */
export function StatisticsGate() {
  const t = useT();
  const user = useUser();
  const allowed = userCan(user, 'statistics.read');
  useDocumentTitle(allowed ? undefined : t('statistics.title'));
  if (allowed) return <Outlet />;
  return (
    <>
      <PageHeading>{t('statistics.title')}</PageHeading>
      <p>{t('statistics.noAccess')}</p>
    </>
  );
}
