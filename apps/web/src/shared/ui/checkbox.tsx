import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy, ErrorMessage, Hint } from './field';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /**
   * The checked state as a boolean (instead of onChange). A box ticked on the server's markup before the page's code
   * arrived is adopted on hydration (React keeps what the page shows but the state never heard of it), so what is
   * ticked is what is sent: the same fix as the radios' (radio-group.tsx).
   */
  onCheckedChange?: (checked: boolean) => void;
};

/** A single checkbox (an acceptance, a flag) with its label to the right. */
export function Checkbox({ id, label, hint, error, onCheckedChange, ...input }: CheckboxProps) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const shown = box.current?.checked;
    if (onCheckedChange && shown !== undefined && shown !== Boolean(input.checked)) onCheckedChange(shown);
  }, []); // once, on hydration: later changes come through onChange
  return (
    <div className={error ? 'form-group form-group--error' : 'form-group'}>
      {error ? <ErrorMessage id={id}>{error}</ErrorMessage> : null}
      <div className="checkboxes__item">
        <input
          {...input}
          ref={box}
          {...(onCheckedChange ? { onChange: (event) => onCheckedChange(event.target.checked) } : {})}
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
