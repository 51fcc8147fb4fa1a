import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PasswordInput, useFormMutation } from '../../../shared/auth';
import { useLanguage, useT } from '../../../shared/i18n';
import { Alert, Button, ErrorSummary, TextInput } from '../../../shared/ui';
import { useDeleteAccount, usePendingEmailChange, useRequestEmailChange } from '../api/account-lifecycle';

/** The account page's e-mail change, data export and deletion (docs/customer-panel.md). */
export function AccountLifecycle() {
  return (
    <>
      <EmailChangeForm />
      <ExportSection />
      <DeleteAccountForm />
    </>
  );
}

function EmailChangeForm() {
  const t = useT();
  const language = useLanguage();
  const pending = usePendingEmailChange();
  const request = useRequestEmailChange();
  const form = useFormMutation({
    initial: { new_email: '', current_password: '' },
    idPrefix: 'email-change',
    fields: ['new_email', 'current_password'],
    fallbackField: 'new_email',
    clearOnSuccess: true,
  });
  const change = pending.data?.pending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate(form.values, form.outcome());
  }
  return (
    <section aria-labelledby="account-email-title">
      <h2 id="account-email-title">{t('lifecycle.emailTitle')}</h2>
      <p>{t('lifecycle.emailIntro')}</p>
      <ErrorSummary errors={form.errors.summary} />
      {change ? (
        <Alert tone="success">
          {t('lifecycle.emailPending', {
            email: change.pending_email,
            date: new Date(change.expires_at).toLocaleString(language),
          })}
        </Alert>
      ) : null}
      <form noValidate onSubmit={submit}>
        <TextInput
          {...form.input('new_email')}
          type="email"
          label={t('lifecycle.newEmail')}
          autoComplete="email"
          onChange={(e) => form.set('new_email')(e.target.value)}
        />
        <PasswordInput
          {...form.input('current_password')}
          label={t('lifecycle.currentPassword')}
          autoComplete="current-password"
          onChange={form.set('current_password')}
        />
        <Button pending={request.isPending}>{t('lifecycle.emailSave')}</Button>
      </form>
    </section>
  );
}

function ExportSection() {
  const t = useT();
  return (
    <section aria-labelledby="account-export-title">
      <h2 id="account-export-title">{t('lifecycle.exportTitle')}</h2>
      <p>{t('lifecycle.exportIntro')}</p>
      {/* A plain link: the browser downloads the server's attachment with the session cookie. */}
      <p>
        <a href="/api/me/export" download>
          {t('lifecycle.exportLink')}
        </a>
      </p>
    </section>
  );
}

function DeleteAccountForm() {
  const t = useT();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const form = useFormMutation({
    initial: { password: '' },
    idPrefix: 'delete',
    fields: ['password'],
    fallbackField: 'password',
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    remove.mutate(
      form.values.password,
      form.outcome(() => void navigate('/', { state: { accountDeleted: true } })),
    );
  }
  return (
    <section aria-labelledby="account-delete-title">
      <h2 id="account-delete-title">{t('lifecycle.deleteTitle')}</h2>
      <p>{t('lifecycle.deleteIntro')}</p>
      <ErrorSummary errors={form.errors.summary} />
      <form noValidate onSubmit={submit}>
        <PasswordInput
          {...form.input('password')}
          label={t('lifecycle.deletePassword')}
          autoComplete="current-password"
          onChange={form.set('password')}
        />
        <Button pending={remove.isPending} variant="warning">
          {t('lifecycle.deleteSave')}
        </Button>
      </form>
    </section>
  );
}
