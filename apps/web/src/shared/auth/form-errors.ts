import type { ErrorSummaryItem } from '../ui';
import { ApiError } from '../lib/api-client';
import type { Translate } from '../i18n';
import { errorText } from './error-text';

export interface FormErrors {
  /** Inline messages by field name. */
  byField: Record<string, string>;
  /** The error summary's entries, in field order. */
  summary: ErrorSummaryItem[];
}

export const NO_ERRORS: FormErrors = { byField: {}, summary: [] };

/**
 * Turns a failed form submission into inline errors and summary links. `fields` errors go to their inputs; any
 * other failure (wrong password, too many attempts) is linked to `fallbackField` so the summary still leads somewhere.
 */
export function toFormErrors(
  error: unknown,
  idPrefix: string,
  fieldOrder: string[],
  fallbackField: string,
  t: Translate,
): FormErrors {
  if (error instanceof ApiError && error.fields?.length) {
    const byField: Record<string, string> = {};
    for (const field of error.fields) byField[field.field] ??= field.message;
    const ordered = [
      ...fieldOrder.filter((name) => byField[name]),
      ...Object.keys(byField).filter((n) => !fieldOrder.includes(n)),
    ];
    return {
      byField,
      summary: ordered.map((name) => ({
        href: `#${idPrefix}-${fieldOrder.includes(name) ? name : fallbackField}`,
        text: byField[name]!,
      })),
    };
  }
  return { byField: {}, summary: [{ href: `#${idPrefix}-${fallbackField}`, text: errorText(error, t) }] };
}
