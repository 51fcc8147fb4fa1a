import { accepted, type CheckResult, rejected, withoutSpaces } from './check-result.js';
import { bbanMatchesRegistry } from './iban-registry.js';

const CCC_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];

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

/**
 * The two check digits of a Portuguese NIB (bank 4, branch 4, account 11, check 2) from its first 19 digits:
 * 98 - (the 19 digits followed by 00, mod 97), the ISO 7064 MOD 97-10 rule of the Banco de Portugal.
 */
export function nibCheckDigits(first19: string): string {
  let remainder = 0;
  for (const c of `${first19}00`) remainder = (remainder * 10 + Number(c)) % 97;
  return String(98 - remainder).padStart(2, '0');
}

/** Validates a Portuguese NIB: 21 digits whose last two are {@link nibCheckDigits} of the first 19. */
export function validateNib(value: string): CheckResult {
  const nib = withoutSpaces(value);
  if (nib === '') return rejected('empty');
  if (!/^\d{21}$/.test(nib)) return rejected('format');
  return nib.slice(19) === nibCheckDigits(nib.slice(0, 19)) ? accepted(nib) : rejected('check');
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

// The national account numbers inside an IBAN that carry check digits of their own the mod-97 check does not cover.
const NATIONAL_CHECKS: Readonly<Record<string, (bban: string) => CheckResult>> = { ES: validateCcc, PT: validateNib };

/**
 * Validates an IBAN of a SEPA country: the BBAN's length and its digits and letters by position as the SWIFT IBAN
 * registry gives them for the country (`IBAN_BBAN_STRUCTURES`), mod 97 = 1, and the national check digits the
 * BBAN carries: the CCC's for Spain, the NIB's for Portugal. Spaces and lowercase are accepted; the result is compact
 * and uppercase.
 */
export function validateIban(value: string): CheckResult {
  const iban = withoutSpaces(value).toUpperCase();
  if (iban === '') return rejected('empty');
  if (!/^[A-Z]{2}\d{2}[0-9A-Z]+$/.test(iban)) return rejected('format');
  const country = iban.slice(0, 2);
  const shape = bbanMatchesRegistry(country, iban.slice(4));
  if (shape === undefined) return rejected('country');
  if (!shape) return rejected('format');
  if (ibanRemainder(iban) !== 1) return rejected('check');
  const national = NATIONAL_CHECKS[country];
  if (national && !national(iban.slice(4)).ok) return rejected('check');
  return accepted(iban);
}
