import { accepted, type CheckResult, rejected } from './check-result.js';

/** Longest address that fits in SMTP's forward path (RFC 5321). */
const MAX_EMAIL_LENGTH = 254;

/**
 * Validates an email address pragmatically: one @, something before it, a domain with a dot and no empty label,
 * no spaces, at most 254 characters. The result is trimmed with the domain in lowercase.
 */
export function validateEmail(value: string): CheckResult {
  const email = value.trim();
  if (email === '') return rejected('empty');
  if (email.length > MAX_EMAIL_LENGTH || /\s/.test(email)) return rejected('format');
  const parts = email.split('@');
  if (parts.length !== 2) return rejected('format');
  const [local = '', domain = ''] = parts;
  if (local === '' || !domain.includes('.') || domain.split('.').some((label) => label === '')) {
    return rejected('format');
  }
  return accepted(`${local}@${domain.toLowerCase()}`);
}
