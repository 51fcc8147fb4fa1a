import { useEffect, useState, type FormEvent } from 'react';
import { NO_ERRORS, PasswordInput, toFormErrors, type FormErrors } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Button, Checkbox, ErrorSummary, PageHeading, Spinner, TextInput } from '../../../shared/ui';
import { useAccount, useChangePassword, useSaveName, useSaveNewsletter } from '../api/account-self';
import { AccountLifecycle } from '../components/account-lifecycle';
import { AccountLinks } from '../components/account-links';
import { DevicesSection } from '../components/devices-section';
import '../components/account.css';

/** `/cuenta`: the customer's own name, newsletter switch and password (docs/customer-panel.md). */
export function AccountSettingsRoute() {
  const t = useT();
  const account = useAccount();
  useDocumentTitle(t('accountSelf.title'));
  return (
    <>
      <PageHeading>{t('accountSelf.title')}</PageHeading>
      <AccountLinks />
      {account.isPending ? <Spinner /> : null}
      {account.data ? (
        <>
          <p>{t('accountSelf.email', { email: account.data.email })}</p>
          <NameForm firstname={account.data.firstname} lastname={account.data.lastname} />
          <NewsletterForm subscribed={account.data.newsletter} />
          <PasswordForm />
          <DevicesSection />
          <AccountLifecycle />
        </>
      ) : null}
    </>
  );
}

function NameForm({ firstname, lastname }: { firstname: string; lastname: string }) {
  const t = useT();
  const save = useSaveName();
  const [form, setForm] = useState({ firstname, lastname });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);
  useEffect(() => setForm({ firstname, lastname }), [firstname, lastname]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    save.mutate(form, {
      onSuccess: () => {
        setErrors(NO_ERRORS);
        setSaved(true);
      },
      onError: (error) => setErrors(toFormErrors(error, 'name', ['firstname', 'lastname'], 'firstname', t)),
    });
  }
  return (
    <section aria-labelledby="account-name-title">
      <h2 id="account-name-title">{t('accountSelf.nameTitle')}</h2>
      <ErrorSummary errors={errors.summary} />
      {saved ? <Alert tone="success">{t('accountSelf.nameSaved')}</Alert> : null}
      <form noValidate onSubmit={submit}>
        <TextInput
          id="name-firstname"
          name="firstname"
          label={t('accountSelf.firstname')}
          autoComplete="given-name"
          value={form.firstname}
          error={errors.byField.firstname}
          onChange={(e) => setForm({ ...form, firstname: e.target.value })}
        />
        <TextInput
          id="name-lastname"
          name="lastname"
          label={t('accountSelf.lastname')}
          autoComplete="family-name"
          value={form.lastname}
          error={errors.byField.lastname}
          onChange={(e) => setForm({ ...form, lastname: e.target.value })}
        />
        <Button pending={save.isPending}>{t('accountSelf.nameSave')}</Button>
      </form>
    </section>
  );
}

function NewsletterForm({ subscribed }: { subscribed: boolean }) {
  const t = useT();
  const save = useSaveNewsletter();
  const [checked, setChecked] = useState(subscribed);
  const [saved, setSaved] = useState(false);
  useEffect(() => setChecked(subscribed), [subscribed]);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    save.mutate(checked, { onSuccess: () => setSaved(true) });
  }
  return (
    <section aria-labelledby="account-newsletter-title">
      <h2 id="account-newsletter-title">{t('accountSelf.newsletterTitle')}</h2>
      {saved ? <Alert tone="success">{t('accountSelf.newsletterSaved')}</Alert> : null}
      {save.isError ? <Alert tone="error">{t('error.generic')}</Alert> : null}
      <form noValidate onSubmit={submit}>
        <Checkbox
          id="newsletter"
          label={t('accountSelf.newsletterLabel')}
          checked={checked}
          onChange={(e) => setChecked(e.target.checked)}
        />
        <Button pending={save.isPending} variant="secondary">
          {t('accountSelf.newsletterSave')}
        </Button>
      </form>
    </section>
  );
}

function PasswordForm() {
  const t = useT();
  const change = useChangePassword();
  const [form, setForm] = useState({ current_password: '', password: '' });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    change.mutate(form, {
      onSuccess: () => {
        setErrors(NO_ERRORS);
        setForm({ current_password: '', password: '' });
        setSaved(true);
      },
      onError: (error) => setErrors(toFormErrors(error, 'pw', ['current_password', 'password'], 'current_password', t)),
    });
  }
  return (
    <section aria-labelledby="account-password-title">
      <h2 id="account-password-title">{t('accountSelf.passwordTitle')}</h2>
      <ErrorSummary errors={errors.summary} />
      {saved ? <Alert tone="success">{t('accountSelf.passwordSaved')}</Alert> : null}
      <form noValidate onSubmit={submit}>
        <PasswordInput
          id="pw-current_password"
          name="current_password"
          label={t('accountSelf.currentPassword')}
          autoComplete="current-password"
          value={form.current_password}
          error={errors.byField.current_password}
          onChange={(value) => setForm({ ...form, current_password: value })}
        />
        <PasswordInput
          id="pw-password"
          name="password"
          label={t('accountSelf.newPassword')}
          hint={t('accountSelf.newPasswordHint')}
          autoComplete="new-password"
          value={form.password}
          error={errors.byField.password}
          onChange={(value) => setForm({ ...form, password: value })}
        />
        <Button pending={change.isPending}>{t('accountSelf.passwordSave')}</Button>
      </form>
    </section>
  );
}
