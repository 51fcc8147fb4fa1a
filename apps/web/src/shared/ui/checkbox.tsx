import type { InputHTMLAttributes, ReactNode } from 'react';
import { describedBy, ErrorMessage, Hint } from './field';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
};

/** A single checkbox (an acceptance, a flag) with its label to the right. */
export function Checkbox({ id, label, hint, error, ...input }: CheckboxProps) {
  return (
    <div className={error ? 'form-group form-group--error' : 'form-group'}>
      {error ? <ErrorMessage id={id}>{error}</ErrorMessage> : null}
      <div className="checkboxes__item">
        <input
          {...input}
          type="checkbox"
          id={id}
          name={input.name ?? id}
          className="checkboxes__input"
          aria-describedby={describedBy(id, hint, error)}
          aria-invalid={error ? true : undefined}
        />
        <label className="checkboxes__label" htmlFor={id}>
          {label}
        </label>
        {hint ? <Hint id={id}>{hint}</Hint> : null}
      </div>
    </div>
  );
}
