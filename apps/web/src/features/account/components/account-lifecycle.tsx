import type { FormEvent } from 'react';
import { PasswordInput, useFormMutation } from '../../../shared/auth';
import { useLanguage, useT } from '../../../shared/i18n';
import { Alert, Button, ErrorSummary, Link, TextInput } from '../../../shared/ui';
import { usePendingEmailChange, useRequestEmailChange } from '../api/account-lifecycle';

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

/** Deletion happens on a page of its own (`/cuenta/borrar`), which explains it and asks for confirmation. */
function DeleteAccountForm() {
  const t = useT();
  return (
    <section aria-labelledby="account-delete-title">
      <h2 id="account-delete-title">{t('lifecycle.deleteTitle')}</h2>
      <p>{t('lifecycle.deleteIntro')}</p>
      <p>
        <Link to="/cuenta/borrar">{t('deleteAccount.start')}</Link>
      </p>
    </section>
  );
}
