import type { ReactNode } from 'react';
import { FieldsetQuestion } from './field';
import { useEarlyChoices } from './use-early-input';

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
export function RadioGroup({
  id,
  name,
  legend,
  items,
  value,
  onChange,
  hint,
  error,
  optional,
  legendAsHeading,
  inline,
}: RadioGroupProps) {
  // A radio chosen before the page's code arrived is the customer's choice (see useEarlyChoices).
  const radios = useEarlyChoices(value ? [value] : [], (_values, checkedOnPage) => {
    if (checkedOnPage[0] !== undefined) onChange(checkedOnPage[0]);
  });
  return (
    <FieldsetQuestion
      id={id}
      legend={legend}
      hint={hint}
      error={error}
      optional={optional}
      legendAsHeading={legendAsHeading}
    >
      <div ref={radios} className={inline ? 'radios radios--inline' : 'radios'}>
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
    </FieldsetQuestion>
  );
}
