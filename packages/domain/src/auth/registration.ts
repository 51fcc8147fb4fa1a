import { checkAccountDetails, type FieldProblem, type RegistrationInput } from './account-details.js';
import { checkNewPassword } from './password-policy.js';
import { passwordUserInputs } from './password-strength.js';

/**
 * The registration rules, every problem at once in form order (email, names, password), so a form shows them together.
 * The e-mail and the names count as guesses against the password.
 */
export function checkRegistration(input: RegistrationInput): FieldProblem[] {
  const problems = checkAccountDetails(input);
  const password = checkNewPassword(input.password, passwordUserInputs(input));
  if (!password.ok) problems.push({ field: 'password', message: password.message });
  return problems;
}
