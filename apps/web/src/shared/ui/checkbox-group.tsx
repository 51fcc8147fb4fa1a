import type { ReactNode } from 'react';
import { FieldsetQuestion } from './field';
import { useEarlyChoices } from './use-early-input';

export interface CheckboxItem {
  value: string;
  label: ReactNode;
}

interface CheckboxGroupProps {
  /** The id of the first checkbox: the error summary links here. */
  id: string;
  legend: ReactNode;
  items: CheckboxItem[];
  /** The checked values. */
  values: string[];
  onChange: (values: string[]) => void;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  /** On one-question pages the legend holds the page's <h1>. */
  legendAsHeading?: boolean;
}

/** Checkboxes in a fieldset whose legend is the question (acceptances, several choices). */
export function CheckboxGroup({
  id,
  legend,
  items,
  values,
  onChange,
  hint,
  error,
  optional,
  legendAsHeading,
}: CheckboxGroupProps) {
  const boxes = useEarlyChoices(values, onChange);
  const toggle = (value: string, checked: boolean) =>
    onChange(checked ? [...values.filter((v) => v !== value), value] : values.filter((v) => v !== value));
  return (
    <FieldsetQuestion
      id={id}
      legend={legend}
      hint={hint}
      error={error}
      optional={optional}
      legendAsHeading={legendAsHeading}
    >
      <div ref={boxes}>
        {items.map((item, index) => {
          const itemId = index === 0 ? id : `${id}-${index + 1}`;
          return (
            <div className="checkboxes__item" key={item.value}>
              <input
                className="checkboxes__input"
                type="checkbox"
                id={itemId}
                value={item.value}
                checked={values.includes(item.value)}
                onChange={(e) => toggle(item.value, e.target.checked)}
              />
              <label className="checkboxes__label" htmlFor={itemId}>
                {item.label}
              </label>
            </div>
          );
        })}
      </div>
    </FieldsetQuestion>
  );
}
