import { accepted, type CheckResult, rejected } from './check-result.js';

// The check letter of Irish VAT numbers and PPS numbers is this alphabet at (weighted sum mod 23); the second letter
// of the newer numbers counts with its index here (W = 0, A = 1 ... I = 9).
const CHECK_LETTERS = 'WABCDEFGHIJKLMNOPQRSTUV';
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2];
// Second letters a VAT number may end with: its value (0-9) is the ninth "digit" of the check (Revenue: A and H
// since 2013, B since 2024; W on older numbers).
const VAT_SECOND_LETTERS = 'WABCDEFGHI';
// PPS numbers: A, B, H count in the check; W (married women, before 2013), T and X are older markers left out of it.
const PPSN_COUNTED_SECOND_LETTERS = 'ABH';
const PPSN_IGNORED_SECOND_LETTERS = 'WTX';

/**
 * The check letter of 7 digits and an optional second letter: `WABCDEFGHIJKLMNOPQRSTUV`[(digits weighted 8 down to 2,
 * plus 9 x the second letter's value) mod 23].
 */
export function irishCheckLetter(sevenDigits: string, secondLetter = ''): string {
  let sum = 9 * Math.max(0, CHECK_LETTERS.indexOf(secondLetter || 'W'));
  for (let i = 0; i < 7; i++) sum += Number(sevenDigits[i]) * (WEIGHTS[i] ?? 0);
  return CHECK_LETTERS.charAt(sum % 23);
}

/** Trims, upper-cases and reports separators (these numbers are written without them). */
function prepare(value: string): { id: string } | { error: 'empty' | 'separators' } {
  const id = value.trim().toUpperCase();
  if (id === '') return { error: 'empty' };
  if (/[\s\-./]/.test(id)) return { error: 'separators' };
  return { id };
}

/**
 * Validates an Irish VAT number, with or without the `IE` prefix (dropped): 7 digits, the check letter and optionally
 * a second letter (`1234567T`, `1234567FA`), or the old form with a letter, `+` or `*` second (`8D79739I`: the check
 * reads it as 0, the five digits after it and the first digit).
 */
export function validateIrishVat(value: string): CheckResult {
  const prepared = prepare(value);
  if ('error' in prepared) return rejected(prepared.error);
  const id = prepared.id.startsWith('IE') ? prepared.id.slice(2) : prepared.id;
  const current = /^(\d{7})([A-W])([A-Z]?)$/.exec(id);
  if (current) {
    const [, digits = '', check, second = ''] = current;
    if (second !== '' && !VAT_SECOND_LETTERS.includes(second)) return rejected('format');
    return irishCheckLetter(digits, second) === check ? accepted(id) : rejected('check');
  }
  const old = /^(\d)[A-Z+*](\d{5})([A-W])$/.exec(id);
  if (old) {
    const [, first = '', five = '', check] = old;
    return irishCheckLetter(`0${five}${first}`) === check ? accepted(id) : rejected('check');
  }
  return rejected('format');
}

/**
 * Validates an Irish Personal Public Service Number: 7 digits, the check letter and optionally a second letter:
 * A, B or H (counted in the check, e.g. `6433435OA`) or W, T or X (older numbers, left out of it, e.g. `6433435FW`).
 */
export function validatePpsn(value: string): CheckResult {
  const prepared = prepare(value);
  if ('error' in prepared) return rejected(prepared.error);
  const id = prepared.id;
  const match = /^(\d{7})([A-W])([A-Z]?)$/.exec(id);
  if (!match) return rejected('format');
  const [, digits = '', check, second = ''] = match;
  if (second === '' || PPSN_IGNORED_SECOND_LETTERS.includes(second))
    return irishCheckLetter(digits) === check ? accepted(id) : rejected('check');
  if (!PPSN_COUNTED_SECOND_LETTERS.includes(second)) return rejected('format');
  return irishCheckLetter(digits, second) === check ? accepted(id) : rejected('check');
}
