import type { InputHTMLAttributes } from 'react';
import { describedBy, Field, type FieldBaseProps } from './field';
import { useEarlyInput } from './use-early-input';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A text input with its label, optional hint and inline error. */
export function TextInput({
  id,
  label,
  hint,
  error,
  optional,
  labelAsHeading,
  className,
  ...input
}: FieldBaseProps & InputProps) {
  const ref = useEarlyInput<HTMLInputElement>(input);
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional} labelAsHeading={labelAsHeading}>
      <input
        {...input}
        ref={ref}
        id={id}
        name={input.name ?? id}
        className={['input', error ? 'input--error' : null, className].filter(Boolean).join(' ')}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
      />
    </Field>
  );
}
