import type { TextareaHTMLAttributes } from 'react';
import { describedBy, Field, type FieldBaseProps } from './field';
import { useEarlyInput } from './use-early-input';

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export function Textarea({
  id,
  label,
  hint,
  error,
  optional,
  labelAsHeading,
  rows = 5,
  ...textarea
}: FieldBaseProps & TextareaProps) {
  const ref = useEarlyInput<HTMLTextAreaElement>(textarea);
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional} labelAsHeading={labelAsHeading}>
      <textarea
        {...textarea}
        ref={ref}
        id={id}
        rows={rows}
        name={textarea.name ?? id}
        className={error ? 'textarea input--error' : 'textarea'}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
      />
    </Field>
  );
}
