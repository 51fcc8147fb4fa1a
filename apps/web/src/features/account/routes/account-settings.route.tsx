import { useEffect, useState, type FormEvent } from 'react';
import { loadPasswordRules, PasswordInput, useFormMutation, usePasswordRules, useUser } from '../../../shared/auth';
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
  const form = useFormMutation({
    initial: { firstname, lastname },
    idPrefix: 'name',
    fields: ['firstname', 'lastname'],
    fallbackField: 'firstname',
  });
  const { setValues } = form;
  useEffect(() => setValues({ firstname, lastname }), [setValues, firstname, lastname]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(form.values, form.outcome());
  }
  return (
    <section aria-labelledby="account-name-title">
      <h2 id="account-name-title">{t('accountSelf.nameTitle')}</h2>
      <ErrorSummary errors={form.errors.summary} />
      {form.saved ? <Alert tone="success">{t('accountSelf.nameSaved')}</Alert> : null}
      <form noValidate onSubmit={submit}>
        <TextInput
          {...form.input('firstname')}
          label={t('accountSelf.firstname')}
          autoComplete="given-name"
          onChange={(e) => form.set('firstname')(e.target.value)}
        />
        <TextInput
          {...form.input('lastname')}
          label={t('accountSelf.lastname')}
          autoComplete="family-name"
          onChange={(e) => form.set('lastname')(e.target.value)}
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
  const user = useUser();
  const change = useChangePassword();
  const form = useFormMutation({
    initial: { current_password: '', password: '' },
    idPrefix: 'pw',
    fields: ['current_password', 'password'],
    fallbackField: 'current_password',
    clearOnSuccess: true,
  });
  usePasswordRules();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const rules = await loadPasswordRules().catch((error: unknown) => {
      form.fail(error);
      return null;
    });
    if (!rules) return;
    // The rules the server applies, the account's e-mail and names counting as guesses.
    const problems = rules.checkPasswordChange(form.values, rules.passwordUserInputs(user ?? {}));
    if (problems.length > 0) {
      form.refuse(problems);
      return;
    }
    change.mutate(form.values, form.outcome());
  }
  return (
    <section aria-labelledby="account-password-title">
      <h2 id="account-password-title">{t('accountSelf.passwordTitle')}</h2>
      <ErrorSummary errors={form.errors.summary} />
      {form.saved ? <Alert tone="success">{t('accountSelf.passwordSaved')}</Alert> : null}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <PasswordInput
          {...form.input('current_password')}
          label={t('accountSelf.currentPassword')}
          autoComplete="current-password"
          onChange={form.set('current_password')}
        />
        <PasswordInput
          {...form.input('password')}
          label={t('accountSelf.newPassword')}
          hint={t('accountSelf.newPasswordHint')}
          autoComplete="new-password"
          onChange={form.set('password')}
        />
        <Button pending={change.isPending}>{t('accountSelf.passwordSave')}</Button>
      </form>
    </section>
  );
}
