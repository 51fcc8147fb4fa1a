import { accepted, type CheckResult, rejected } from './check-result.js';

/** Longest address that fits in SMTP's forward path (RFC 5321). */
const MAX_EMAIL_LENGTH = 254;

/** Longest local part (RFC 5321). */
const MAX_LOCAL_LENGTH = 64;

/**
 * Characters no address we accept carries: white space, C0 and C1 controls (NUL included), and those that split or
 * quote an address in a mail header (`<>",;`), so a checked address can go into To or Cc as it is.
 */
// eslint-disable-next-line no-control-regex
const NOT_IN_EMAIL = /[\s\u0000-\u001f\u007f-\u009f<>",;]/;

/** Whitespace and controls, which no address carries, however loosely it is read. */
// eslint-disable-next-line no-control-regex
const NOT_IN_ADDRESS = /[\s\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The one e-mail validator (server and web), for addresses a person gives us: one @, at most 64 characters before
 * it, a domain with a dot and no empty label, no spaces, controls or header punctuation, at most 254 characters.
 * The result is trimmed with the domain in lowercase.
 */
export function validateEmail(value: string): CheckResult {
  const email = value.trim();
  if (email === '') return rejected('empty');
  if (email.length > MAX_EMAIL_LENGTH || NOT_IN_EMAIL.test(email)) return rejected('format');
  const parts = email.split('@');
  if (parts.length !== 2) return rejected('format');
  const [local = '', domain = ''] = parts;
  if (local === '' || local.length > MAX_LOCAL_LENGTH) return rejected('format');
  if (!domain.includes('.') || domain.split('.').some((label) => label === '')) return rejected('format');
  return accepted(`${local}@${domain.toLowerCase()}`);
}

/**
 * Whether a text has the shape of an address someone else vouched for (a mail server delivered from it, an identity
 * provider verified it): one `@` with text on both sides, no white space, controls or lone surrogates, at most `max`
 * characters (code points). Looser than {@link validateEmail} on purpose: such an address must be matched as it is,
 * not refused for a missing dot.
 */
export function isAddressShaped(value: string, max = MAX_EMAIL_LENGTH): boolean {
  if (NOT_IN_ADDRESS.test(value) || LONE_SURROGATE.test(value) || [...value].length > max) return false;
  const at = value.indexOf('@');
  return at > 0 && at === value.lastIndexOf('@') && at < value.length - 1;
}
