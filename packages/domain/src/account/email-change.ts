// Changing the account's e-mail: the new address must be a valid one and differ from the current; the
// change happens only when the link sent to the new address is opened (the server's EmailChangeService).
import { checkAccountEmail } from '../auth/account-details.js';
import type { DomainMessage } from '../i18n/domain-messages.js';

/** A confirmation link works for a day and once. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
/** Requests per account per hour (each one e-mails an address the requester chose). */
export const EMAIL_CHANGE_MAX_PER_HOUR = 3;

export interface EmailChangeProblem {
  field: 'new_email' | 'current_password';
  message: DomainMessage;
}

/** Every problem at once, in form order; the password itself is checked by the server (argon2). */
export function checkEmailChange(input: {
  new_email: string;
  current_password: string;
  current_email: string;
}): EmailChangeProblem[] {
  const problems: EmailChangeProblem[] = [];
  const email = checkAccountEmail(input.new_email);
  if (email) problems.push({ field: 'new_email', message: email });
  else if (input.new_email.trim().toLowerCase() === input.current_email.trim().toLowerCase()) {
    problems.push({ field: 'new_email', message: { key: 'email.same_as_current' } });
  }
  if (input.current_password === '')
    problems.push({ field: 'current_password', message: { key: 'validation.required_text' } });
  return problems;
}
