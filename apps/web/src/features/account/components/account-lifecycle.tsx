import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { NO_ERRORS, PasswordInput, toFormErrors, type FormErrors } from '../../../shared/auth';
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
  const [form, setForm] = useState({ new_email: '', current_password: '' });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const change = pending.data?.pending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate(form, {
      onSuccess: () => {
        setErrors(NO_ERRORS);
        setForm({ new_email: '', current_password: '' });
      },
      onError: (error) =>
        setErrors(toFormErrors(error, 'email-change', ['new_email', 'current_password'], 'new_email', t)),
    });
  }
  return (
    <section aria-labelledby="account-email-title">
      <h2 id="account-email-title">{t('lifecycle.emailTitle')}</h2>
      <p>{t('lifecycle.emailIntro')}</p>
      <ErrorSummary errors={errors.summary} />
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
          id="email-change-new_email"
          name="new_email"
          type="email"
          label={t('lifecycle.newEmail')}
          autoComplete="email"
          value={form.new_email}
          error={errors.byField.new_email}
          onChange={(e) => setForm({ ...form, new_email: e.target.value })}
        />
        <PasswordInput
          id="email-change-current_password"
          name="current_password"
          label={t('lifecycle.currentPassword')}
          autoComplete="current-password"
          value={form.current_password}
          error={errors.byField.current_password}
          onChange={(value) => setForm({ ...form, current_password: value })}
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
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    remove.mutate(password, {
      onSuccess: () => void navigate('/', { state: { accountDeleted: true } }),
      onError: (error) => setErrors(toFormErrors(error, 'delete', ['password'], 'password', t)),
    });
  }
  return (
    <section aria-labelledby="account-delete-title">
      <h2 id="account-delete-title">{t('lifecycle.deleteTitle')}</h2>
      <p>{t('lifecycle.deleteIntro')}</p>
      <ErrorSummary errors={errors.summary} />
      <form noValidate onSubmit={submit}>
        <PasswordInput
          id="delete-password"
          name="password"
          label={t('lifecycle.deletePassword')}
          autoComplete="current-password"
          value={password}
          error={errors.byField.password}
          onChange={setPassword}
        />
        <Button pending={remove.isPending} variant="warning">
          {t('lifecycle.deleteSave')}
        </Button>
      </form>
    </section>
  );
}
