import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PasswordInput, useFormMutation } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { BackLink, Button, Checkbox, ErrorSummary, Link, PageHeading } from '../../../shared/ui';
import { useDeleteAccount } from '../api/account-lifecycle';
import '../components/account.css';

/**
 * `/cuenta/borrar`: deleting the account on a page of its own. It says what is erased and what the law makes
 * the shop keep, asks for the password and an explicit confirmation; the server signs every session out and e-mails
 * the address the account had; the browser goes to `/cuenta/borrada`.
 */
export function DeleteAccountRoute() {
  const t = useT();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  useDocumentTitle(t('deleteAccount.title'));
  const form = useFormMutation({
    initial: { password: '' },
    idPrefix: 'delete',
    fields: ['password'],
    fallbackField: 'password',
  });
  const [confirmed, setConfirmed] = useState(false);
  const [confirmMissing, setConfirmMissing] = useState(false);
  const confirmError = confirmMissing ? t('deleteAccount.confirmRequired') : undefined;
  const summary = useMemo(
    () => [...(confirmError ? [{ href: '#delete-confirm', text: confirmError }] : []), ...form.errors.summary],
    [confirmError, form.errors.summary],
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed) {
      setConfirmMissing(true);
      return;
    }
    setConfirmMissing(false);
    remove.mutate(
      form.values.password,
      form.outcome(() => void navigate('/cuenta/borrada', { replace: true })),
    );
  }

  return (
    <>
      <BackLink to="/cuenta">{t('deleteAccount.back')}</BackLink>
      <PageHeading>{t('deleteAccount.title')}</PageHeading>
      <ErrorSummary errors={summary} />
      <p>{t('deleteAccount.intro')}</p>
      <h2>{t('deleteAccount.erasedTitle')}</h2>
      <ul>
        <li>{t('deleteAccount.erased.profile')}</li>
        <li>{t('deleteAccount.erased.documents')}</li>
        <li>{t('deleteAccount.erased.saved')}</li>
        <li>{t('deleteAccount.erased.sessions')}</li>
      </ul>
      <h2>{t('deleteAccount.keptTitle')}</h2>
      <p>{t('deleteAccount.kept')}</p>
      <ul>
        <li>{t('deleteAccount.kept.es')}</li>
        <li>{t('deleteAccount.kept.pt')}</li>
        <li>{t('deleteAccount.kept.ie')}</li>
      </ul>
      <p>{t('deleteAccount.openOrders')}</p>
      <p>
        {t('deleteAccount.export')} <a href="/api/me/export">{t('lifecycle.exportLink')}</a>
      </p>
      <h2>{t('deleteAccount.confirmTitle')}</h2>
      <p>
        {t('deleteAccount.noPassword')} <Link to="/customer/password/forgot">{t('deleteAccount.noPasswordLink')}</Link>
      </p>
      <form noValidate onSubmit={submit}>
        <PasswordInput
          {...form.input('password')}
          label={t('lifecycle.deletePassword')}
          autoComplete="current-password"
          onChange={form.set('password')}
        />
        <Checkbox
          id="delete-confirm"
          label={t('deleteAccount.confirm')}
          checked={confirmed}
          error={confirmError}
          onChange={(e) => {
            setConfirmed(e.target.checked);
            if (e.target.checked) setConfirmMissing(false);
          }}
        />
        <Button pending={remove.isPending} variant="warning">
          {t('deleteAccount.submit')}
        </Button>
      </form>
    </>
  );
}

/** `/cuenta/borrada`: the account is gone and the browser signed out; the e-mail confirms it. */
export function AccountDeletedRoute() {
  const t = useT();
  useDocumentTitle(t('deleteAccount.doneTitle'));
  return (
    <>
      <PageHeading>{t('deleteAccount.doneTitle')}</PageHeading>
      <p>{t('lifecycle.deleted')}</p>
      <p>{t('deleteAccount.doneEmail')}</p>
      <p>
        <Link to="/">{t('deleteAccount.doneHome')}</Link>
      </p>
    </>
  );
}
