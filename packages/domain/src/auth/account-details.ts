// The account rules without a password (apart from registration.ts, which adds the password policy and its strength
// estimator: the browser loads those only with the forms that set a password).
import type { DomainMessage } from '../i18n/domain-messages.js';
import { validateEmail } from '../validators/email.js';

/** Most characters of a first name or of the surnames. */
export const NAME_MAX = 100;

/** What the registration form sends. */
export interface RegistrationInput {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

/** A refused field of an account form and the message to show beside it. */
export interface FieldProblem {
  field: 'email' | 'firstname' | 'lastname' | 'password';
  message: DomainMessage;
}

/** The account e-mail rule (registration, password reset): written, and a valid address; null when accepted. */
export function checkAccountEmail(value: string): DomainMessage | null {
  const result = validateEmail(value);
  if (result.ok) return null;
  return result.reason === 'empty' ? { key: 'validation.required_text' } : { key: 'account.email_invalid' };
}

/**
 * The account rules without a password (an account staff make: its owner chooses the password through the e-mailed
 * invitation): e-mail and names, every problem at once in form order.
 */
export function checkAccountDetails(input: Omit<RegistrationInput, 'password'>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const email = checkAccountEmail(input.email);
  if (email) problems.push({ field: 'email', message: email });
  problems.push(...checkNames(input));
  return problems;
}

/** A first name and surnames: written (after trimming) and not over NAME_MAX, in form order. */
export function checkNames(input: {
  firstname: string;
  lastname: string;
}): { field: 'firstname' | 'lastname'; message: DomainMessage }[] {
  const problems: { field: 'firstname' | 'lastname'; message: DomainMessage }[] = [];
  for (const field of ['firstname', 'lastname'] as const) {
    const value = input[field].trim();
    if (!value) problems.push({ field, message: { key: 'validation.required_text' } });
    else if (value.length > NAME_MAX)
      problems.push({ field, message: { key: 'validation.too_long', params: { max: NAME_MAX } } });
  }
  return problems;
}
