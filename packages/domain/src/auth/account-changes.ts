// Account self-service: the rules of a customer's own name and password changes, every problem
// at once in form order. Checking the current password itself is the server's (argon2 verify).
import type { DomainMessage } from '../i18n/domain-messages.js';
import { checkNewPassword } from './password-policy.js';
import { checkNames } from './account-details.js';

export interface AccountChangeProblem {
  field: 'firstname' | 'lastname' | 'current_password' | 'password';
  message: DomainMessage;
}

/** A new first name and surnames: written (after trimming) and not over NAME_MAX. */
export function checkProfileChange(input: { firstname: string; lastname: string }): AccountChangeProblem[] {
  return checkNames(input);
}

/**
 * A password change: the current one given, the new one by the password policy (the account's e-mail and names in
 * `userInputs`, from passwordUserInputs) and different from the current.
 */
export function checkPasswordChange(
  input: { current_password: string; password: string },
  userInputs: readonly string[] = [],
): AccountChangeProblem[] {
  const problems: AccountChangeProblem[] = [];
  if (input.current_password === '') {
    problems.push({ field: 'current_password', message: { key: 'validation.required_text' } });
  }
  const next = checkNewPassword(input.password, userInputs);
  if (!next.ok) problems.push({ field: 'password', message: next.message });
  else if (input.password === input.current_password) {
    problems.push({ field: 'password', message: { key: 'password.same_as_current' } });
  }
  return problems;
}
