import type { DomainMessage } from '@ventanilla/domain';
import { useState } from 'react';
import { useLanguage, useT } from '../i18n';
import { NO_ERRORS, toFormErrors, type FormErrors } from './form-errors';
import { problemErrors } from './problem-errors';

/**
 * The state of a small form sent by one mutation (an account page's e-mail, password, name, deletion): its values,
 * the server's refusal as inline errors and summary links, and a "saved" flag. Inputs have the id
 * `{idPrefix}-{field}`, which the summary links to; a refusal that names no field is linked to `fallbackField`.
 */
export function useFormMutation<F extends string>(options: {
  initial: Record<F, string>;
  idPrefix: string;
  /** The fields in the order of the page (the summary follows it). */
  fields: F[];
  fallbackField: F;
  /** Empty the values again once saved (passwords are not kept in the page). */
  clearOnSuccess?: boolean;
}) {
  const { initial, idPrefix, fields, fallbackField, clearOnSuccess = false } = options;
  const t = useT();
  const language = useLanguage();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);

  return {
    values,
    setValues,
    errors,
    saved,
    /** A field's new value. */
    set: (field: F) => (value: string) => setValues((current) => ({ ...current, [field]: value })),
    /** A field's input: its id (the summary's target), name, value and inline error. */
    input: (field: F) => ({
      id: `${idPrefix}-${field}`,
      name: field,
      value: values[field],
      error: errors.byField[field],
    }),
    /** Shows the domain's refusals (checked before sending) as the server's would be shown. */
    refuse: (problems: ReadonlyArray<{ field: string; message: DomainMessage }>) => {
      setSaved(false);
      setErrors(problemErrors(problems, idPrefix, language));
    },
    /** Shows an error that happened before sending (the rules could not be loaded). */
    fail: (error: unknown) => setErrors(toFormErrors(error, idPrefix, fields, fallbackField, t)),
    /** The mutation's callbacks for one submission (`onSuccess` runs after the form's own). */
    outcome: (onSuccess?: () => void) => {
      setSaved(false);
      return {
        onSuccess: () => {
          setErrors(NO_ERRORS);
          if (clearOnSuccess) setValues(initial);
          setSaved(true);
          onSuccess?.();
        },
        onError: (error: unknown) => setErrors(toFormErrors(error, idPrefix, fields, fallbackField, t)),
      };
    },
  };
}
