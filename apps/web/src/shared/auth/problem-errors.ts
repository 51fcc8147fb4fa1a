import { translateDomainMessage, type DomainMessage, type Language } from '@ventanilla/domain';
// Apart from form-errors.ts: the domain's messages in every language (about 7 KB gzip) come only with the forms that
// check the account rules in the browser (registration, password), not with every form that shows the API's errors
// (the checkout's).
import type { FormErrors } from './form-errors';

/**
 * Turns the problems the domain's account rules found (registration, password policy) into inline errors and summary
 * links, in the form's order, before anything is sent: the same rules and messages the server applies.
 */
export function problemErrors(
  problems: ReadonlyArray<{ field: string; message: DomainMessage }>,
  idPrefix: string,
  language: Language,
): FormErrors {
  const byField: Record<string, string> = {};
  for (const problem of problems) byField[problem.field] ??= translateDomainMessage(language, problem.message);
  return {
    byField,
    summary: Object.entries(byField).map(([field, text]) => ({ href: `#${idPrefix}-${field}`, text })),
  };
}
