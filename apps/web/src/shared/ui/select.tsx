import type { SelectHTMLAttributes } from 'react';
import { describedBy, Field, type FieldBaseProps } from './field';
import { useEarlyInput } from './use-early-input';

export interface SelectItem {
  value: string;
  label: string;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  items: readonly SelectItem[];
  /** First, empty entry ("Selecciona una opción"); omit when a value is always chosen. */
  emptyLabel?: string;
};

export function Select({
  id,
  label,
  hint,
  error,
  optional,
  labelAsHeading,
  items,
  emptyLabel,
  ...select
}: FieldBaseProps & SelectProps) {
  const ref = useEarlyInput<HTMLSelectElement>(select);
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional} labelAsHeading={labelAsHeading}>
      <select
        {...select}
        ref={ref}
        id={id}
        name={select.name ?? id}
        className={error ? 'select input--error' : 'select'}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {items.map((item) => (
          <option key={item.value} value={item.value}>
            {item.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
