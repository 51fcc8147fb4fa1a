import type { ReactNode } from 'react';
import { useT } from '../i18n';
import './form.css';

export interface FieldBaseProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Adds "(opcional)" to the label; required questions carry no marker at all. */
  optional?: boolean;
  /** On one-question pages the label is the page's <h1>. */
  labelAsHeading?: boolean;
}

/** aria-describedby for the hint and the error message of a field. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function LabelText({ label, optional }: { label: ReactNode; optional?: boolean | undefined }) {
  const t = useT();
  return (
    <>
      {label}
      {optional ? ` ${t('form.optional')}` : null}
    </>
  );
}

export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div className="hint" id={`${id}-hint`}>
      {children}
    </div>
  );
}

export function ErrorMessage({ id, children }: { id: string; children: ReactNode }) {
  const t = useT();
  return (
    <p className="error-message" id={`${id}-error`}>
      <span className="visually-hidden">{t('form.errorPrefix')}</span> {children}
    </p>
  );
}

/** Label, hint and error around one control. */
export function Field({
  id,
  label,
  hint,
  error,
  optional,
  labelAsHeading,
  children,
}: FieldBaseProps & { children: ReactNode }) {
  const labelElement = (
    <label className={labelAsHeading ? 'label label--heading' : 'label'} htmlFor={id}>
      <LabelText label={label} optional={optional} />
    </label>
  );
  return (
    <div className={error ? 'form-group form-group--error' : 'form-group'}>
      {labelAsHeading ? (
        <h1 className="label-wrapper" tabIndex={-1}>
          {labelElement}
        </h1>
      ) : (
        labelElement
      )}
      {hint ? <Hint id={id}>{hint}</Hint> : null}
      {error ? <ErrorMessage id={id}>{error}</ErrorMessage> : null}
      {children}
    </div>
  );
}

/**
 * The opening of a question asked with a group of inputs (radios, checkboxes): the fieldset, its legend (the page's
 * <h1> on one-question pages), the hint and the error message; the inputs go inside.
 */
export function FieldsetQuestion(props: {
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean | undefined;
  legendAsHeading?: boolean | undefined;
  children: ReactNode;
}) {
  const { id, legend, hint, error, optional, legendAsHeading, children } = props;
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
        {children}
      </fieldset>
    </div>
  );
}
