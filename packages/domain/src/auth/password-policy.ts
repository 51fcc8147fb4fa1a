import type { DomainMessage } from '../i18n/domain-messages.js';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { PASSWORD_MIN_SCORE, passwordScore } from './password-strength.js';

/** Fewest characters (code points) of a password. */
export const PASSWORD_MIN = 10;
/** Most characters of a password (argon2 hashes anything, but nobody types more). */
export const PASSWORD_MAX = 128;
/** Shortest common password that still counts when digits or symbols are added around it. */
const BASE_MIN = 4;

/** Why a new password is refused. */
export type PasswordProblem = 'required' | 'blank' | 'length' | 'invisible' | 'common' | 'weak';

/**
 * Characters nobody can see or type back reliably: controls (tabs, new lines...), format characters (Unicode Cf: zero
 * width space, joiners, word joiner, byte order mark, direction marks...), line and paragraph separators, and the
 * Hangul fillers that render as blanks. A password with one would look the same as one without it.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u;

/** A new password accepted, or refused with the reason and the message to show. */
export type PasswordCheck = { ok: true } | { ok: false; problem: PasswordProblem; message: DomainMessage };

let blocklist: ReadonlySet<string> | undefined;

/** The blocklist as a set, built on first use. */
function commonPasswords(): ReadonlySet<string> {
  blocklist ??= new Set(COMMON_PASSWORDS.split('\n').filter((line) => line !== ''));
  return blocklist;
}

/**
 * Whether a password is a common one: in the blocklist (case-insensitive, surrounding spaces ignored), one character
 * repeated, or a common password of 4+ characters with only digits or symbols around it (`Password2024`, `!barcelona1`).
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.normalize('NFC').trim().toLowerCase();
  const common = commonPasswords();
  if (common.has(lower) || /^(.)\1*$/su.test(lower)) return true;
  const base = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return base !== lower && [...base].length >= BASE_MIN && common.has(base);
}

/**
 * Checks a new password (registration, reset, change): 10 to 128 characters, not only spaces, no invisible characters,
 * not a common one, and strong (zxcvbn score of at least PASSWORD_MIN_SCORE with the account's own words, from
 * `passwordUserInputs`, as a dictionary): repeats, sequences and keyboard walks are refused however long.
 */
export function checkNewPassword(password: string, userInputs: readonly string[] = []): PasswordCheck {
  if (password === '') return { ok: false, problem: 'required', message: { key: 'validation.required_text' } };
  if (password.trim() === '') return { ok: false, problem: 'blank', message: { key: 'password.blank' } };
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
    return {
      ok: false,
      problem: 'length',
      message: { key: 'password.length', params: { min: PASSWORD_MIN, max: PASSWORD_MAX } },
    };
  }
  if (INVISIBLE.test(password)) return { ok: false, problem: 'invisible', message: { key: 'password.invisible' } };
  if (isCommonPassword(password)) return { ok: false, problem: 'common', message: { key: 'password.common' } };
  if (passwordScore(password, userInputs) < PASSWORD_MIN_SCORE) {
    return { ok: false, problem: 'weak', message: { key: 'password.weak' } };
  }
  return { ok: true };
}
