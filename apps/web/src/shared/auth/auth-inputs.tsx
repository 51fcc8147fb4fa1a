import { useT } from '../i18n';
import { TextInput } from '../ui';

interface AuthInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The account's email: typed as an email, never spell-checked; `username` lets password managers pair it. */
export function EmailInput({
  id,
  value,
  onChange,
  error,
  autoComplete = 'username',
}: AuthInputProps & { autoComplete?: 'username' | 'email' }) {
  const t = useT();
  return (
    <TextInput
      id={id}
      name="email"
      type="email"
      label={t('auth.email')}
      autoComplete={autoComplete}
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

/** A password field; `autoComplete` tells password managers whether to fill the current one or offer a new one. */
export function PasswordInput({
  id,
  name,
  label,
  hint,
  autoComplete,
  value,
  onChange,
  error,
}: AuthInputProps & { name: string; label: string; hint?: string; autoComplete: 'current-password' | 'new-password' }) {
  return (
    <TextInput
      id={id}
      name={name}
      type="password"
      label={label}
      hint={hint}
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}
