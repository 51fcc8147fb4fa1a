import { accepted, type CheckResult, rejected, withoutSpaces } from './check-result.js';

const CCC_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];

/** IBAN lengths of the SEPA countries (ISO 13616 registry). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
};

/** One CCC check digit over 10 digits: 11 - (weighted sum mod 11), where 11 becomes 0 and 10 becomes 1. */
function cccDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(digits[i]) * (CCC_WEIGHTS[i] ?? 0);
  const d = 11 - (sum % 11);
  return d === 11 ? 0 : d === 10 ? 1 : d;
}

/** The two check digits of a CCC from its entity (4), office (4) and account (10) digits. */
export function cccCheckDigits(entity: string, office: string, account: string): string {
  return `${cccDigit(`00${entity}${office}`)}${cccDigit(account)}`;
}

/**
 * Validates a Spanish bank account number (CCC): entity (4), office (4), 2 check digits, account (10),
 * e.g. "2100 0418 45 0200051332". Spaces are accepted; the result has none.
 */
export function validateCcc(value: string): CheckResult {
  const ccc = withoutSpaces(value);
  if (ccc === '') return rejected('empty');
  if (!/^\d{20}$/.test(ccc)) return rejected('format');
  const expected = cccCheckDigits(ccc.slice(0, 4), ccc.slice(4, 8), ccc.slice(10));
  return ccc.slice(8, 10) === expected ? accepted(ccc) : rejected('check');
}

/** The ISO 7064 MOD 97-10 remainder of an IBAN (first 4 characters moved to the end, A = 10 ... Z = 35). */
export function ibanRemainder(iban: string): number {
  let remainder = 0;
  for (const c of iban.slice(4) + iban.slice(0, 4)) {
    const value = parseInt(c, 36);
    // Letters stand for two digits, so they shift the running remainder by 100 instead of 10.
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder;
}

/**
 * Validates an IBAN of a SEPA country: length for its country and mod 97 = 1; for a Spanish IBAN also the check
 * digits of the embedded CCC. Spaces and lowercase are accepted; the result is compact and uppercase.
 */
export function validateIban(value: string): CheckResult {
  const iban = withoutSpaces(value).toUpperCase();
  if (iban === '') return rejected('empty');
  if (!/^[A-Z]{2}\d{2}[0-9A-Z]+$/.test(iban)) return rejected('format');
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return rejected('country');
  if (iban.length !== length) return rejected('format');
  if (ibanRemainder(iban) !== 1) return rejected('check');
  if (iban.startsWith('ES')) {
    const ccc = validateCcc(iban.slice(4));
    if (!ccc.ok) return ccc;
  }
  return accepted(iban);
}
