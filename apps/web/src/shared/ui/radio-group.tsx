import type { ReactNode } from 'react';
import { describedBy, ErrorMessage, Hint, LabelText } from './field';

export interface RadioItem {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
}

interface RadioGroupProps {
  /** The id of the first radio: the error summary links here. */
  id: string;
  name: string;
  legend: ReactNode;
  items: RadioItem[];
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  /** On one-question pages the legend holds the page's <h1>. */
  legendAsHeading?: boolean;
  inline?: boolean;
}

/** Radios in a fieldset whose legend is the question. */
export function RadioGroup({ id, name, legend, items, value, onChange, hint, error, optional, legendAsHeading, inline }: RadioGroupProps) {
  const legendText = <LabelText label={legend} optional={optional} />;
  return (
    <div className={error ? 'form-group form-group--error' : 'form-group'}>
      <fieldset className="fieldset" aria-describedby={describedBy(id, hint, error)}>
        <legend className={legendAsHeading ? 'fieldset__legend fieldset__legend--heading' : 'fieldset__legend'}>
          {legendAsHeading ? (
            <h1 className="fieldset__heading" tabIndex={-1}>
              {legendText}
            </h1>
          ) : (
            legendText
          )}
        </legend>
        {hint ? <Hint id={id}>{hint}</Hint> : null}
        {error ? <ErrorMessage id={id}>{error}</ErrorMessage> : null}
        <div className={inline ? 'radios radios--inline' : 'radios'}>
          {items.map((item, index) => {
            const itemId = index === 0 ? id : `${id}-${index + 1}`;
            return (
              <div className="radios__item" key={item.value}>
                <input
                  className="radios__input"
                  type="radio"
                  id={itemId}
                  name={name}
                  value={item.value}
                  checked={value === item.value}
                  onChange={() => onChange(item.value)}
                  aria-describedby={item.hint ? `${itemId}-item-hint` : undefined}
                />
                <label className="radios__label" htmlFor={itemId}>
                  {item.label}
                </label>
                {item.hint ? (
                  <div className="hint radios__hint" id={`${itemId}-item-hint`}>
                    {item.hint}
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
