import { Navigate, Outlet, useLocation } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import { loginPath } from '../../../shared/lib/safe-next-path';
import { Alert, Spinner } from '../../../shared/ui';
import { useMe } from '../api/get-me';

/**
 * Guard of the customer panel: without a logged-in user (GET /api/me answers 401) it remembers the requested address
 * and sends the user to the login page, which returns here afterwards.
 */
export function RequireCustomer() {
  const t = useT();
  const location = useLocation();
  const me = useMe();
  if (me.isPending) return <Spinner />;
  if (isApiError(me.error, 401)) {
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  if (me.isError) return <Alert>{errorText(me.error, t)}</Alert>;
  return <Outlet />;
}
