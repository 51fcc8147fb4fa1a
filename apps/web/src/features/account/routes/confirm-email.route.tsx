import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Button, Link, PageHeading } from '../../../shared/ui';
import { useConfirmEmailChange } from '../api/account-lifecycle';

function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * `/cuenta/email/confirmar#token=...`: the page the e-mail change link opens. Nothing changes until the button is
 * pressed (a mail scanner that follows links changes nothing); signed in or not, the token proves the new mailbox.
 */
export function ConfirmEmailRoute() {
  const t = useT();
  const location = useLocation();
  const [token] = useState(() => tokenFromHash(location.hash));
  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  const confirm = useConfirmEmailChange();
  const title = confirm.isSuccess
    ? t('confirmEmail.doneTitle')
    : confirm.isError || !token
      ? t('confirmEmail.invalidTitle')
      : t('confirmEmail.title');
  useDocumentTitle(title);
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {confirm.data ? <Alert tone="success">{t('confirmEmail.done', { email: confirm.data.email })}</Alert> : null}
      {confirm.isError ? <Alert tone="error">{errorText(confirm.error, t)}</Alert> : null}
      {!confirm.isSuccess && !confirm.isError && token ? (
        <>
          <p>{t('confirmEmail.intro')}</p>
          <Button pending={confirm.isPending} onClick={() => confirm.mutate(token)}>
            {t('confirmEmail.save')}
          </Button>
        </>
      ) : null}
      {confirm.isSuccess || confirm.isError || !token ? (
        <p>
          <Link to="/cuenta">{t('confirmEmail.toAccount')}</Link>
        </p>
      ) : null}
    </>
  );
}
