import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLanguage, useT } from '../i18n';
import type { User } from '../lib/api-contract';
import { Button, ErrorSummary, TextInput } from '../ui';
import { useRegister, type Registration } from './auth-api';
import { EmailInput, PasswordInput } from './auth-inputs';
import { loadPasswordRules, usePasswordRules } from './load-password-rules';
import { NO_ERRORS, toFormErrors, type FormErrors } from './form-errors';
import { problemErrors } from './problem-errors';

const FIELDS = ['email', 'firstname', 'lastname', 'password'] as const;

interface RegisterFormProps {
  idPrefix?: string;
  heading?: ReactNode;
  onSuccess?: (user: User) => void;
  onErrorsChange?: (hasErrors: boolean) => void;
  /** The address the sign-in page's first step asked for (still editable). */
  initialEmail?: string;
}

/** Creates a customer account: the domain's registration rules first, then the server (which applies them again). */
export function RegisterForm({
  idPrefix = 'register',
  heading,
  onSuccess,
  onErrorsChange,
  initialEmail = '',
}: RegisterFormProps) {
  const t = useT();
  const language = useLanguage();
  const register = useRegister();
  const [values, setValues] = useState<Registration>({
    email: initialEmail,
    firstname: '',
    lastname: '',
    password: '',
  });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  usePasswordRules();

  useEffect(() => {
    onErrorsChange?.(errors.summary.length > 0);
  }, [errors, onErrorsChange]);

  function update(field: keyof Registration, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: Registration = {
      email: values.email.trim(),
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
      password: values.password,
    };
    const rules = await loadPasswordRules().catch((error: unknown) => {
      setErrors(toFormErrors(error, idPrefix, [...FIELDS], 'email', t));
      return null;
    });
    if (!rules) return;
    const problems = rules.checkRegistration(body);
    if (problems.length > 0) {
      setErrors(problemErrors(problems, idPrefix, language));
      return;
    }
    register.mutate(body, {
      onSuccess: ({ user }) => {
        setErrors(NO_ERRORS);
        onSuccess?.(user);
      },
      onError: (error) => setErrors(toFormErrors(error, idPrefix, [...FIELDS], 'email', t)),
    });
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={errors.summary} />
      {heading}
      <EmailInput
        id={`${idPrefix}-email`}
        autoComplete="email"
        value={values.email}
        onChange={(v) => update('email', v)}
        error={errors.byField.email}
      />
      <TextInput
        id={`${idPrefix}-firstname`}
        name="firstname"
        label={t('auth.firstname')}
        autoComplete="given-name"
        value={values.firstname}
        onChange={(e) => update('firstname', e.target.value)}
        error={errors.byField.firstname}
      />
      <TextInput
        id={`${idPrefix}-lastname`}
        name="lastname"
        label={t('auth.lastname')}
        autoComplete="family-name"
        value={values.lastname}
        onChange={(e) => update('lastname', e.target.value)}
        error={errors.byField.lastname}
      />
      <PasswordInput
        id={`${idPrefix}-password`}
        name="password"
        label={t('auth.password')}
        hint={t('auth.passwordHint')}
        autoComplete="new-password"
        value={values.password}
        onChange={(v) => update('password', v)}
        error={errors.byField.password}
      />
      <Button pending={register.isPending}>{t('auth.registerButton')}</Button>
    </form>
  );
}
