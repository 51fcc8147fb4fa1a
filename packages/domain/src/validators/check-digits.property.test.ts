import fc from 'fast-check';
import { describe, it } from 'vitest';
import { IBAN_LENGTHS, validateIban } from './bank-accounts.js';
import { validateDni } from './tax-ids-es.js';

// The generators compute check characters with their own code (and BigInt), not the functions under test.
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

const dniNumber = fc.integer({ min: 0, max: 99_999_999 });
const dniOf = (n: number): string => `${String(n).padStart(8, '0')}${DNI_LETTERS.charAt(n % 23)}`;

describe('DNI properties', () => {
  it('a generated DNI always validates', () => {
    fc.assert(fc.property(dniNumber, (n) => validateDni(dniOf(n)).ok));
  });

  it('changing the letter to any other always invalidates', () => {
    const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    fc.assert(
      fc.property(dniNumber, letter, (n, other) => {
        fc.pre(other !== DNI_LETTERS.charAt(n % 23));
        return !validateDni(`${String(n).padStart(8, '0')}${other}`).ok;
      }),
    );
  });
});

const CCC_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
function cccDigit(digits: string): string {
  const sum = [...digits].reduce((acc, c, i) => acc + Number(c) * (CCC_WEIGHTS[i] ?? 0), 0);
  const d = 11 - (sum % 11);
  return String(d === 11 ? 0 : d === 10 ? 1 : d);
}

function withCheckDigits(country: string, bban: string): string {
  const numeric = [...`${bban}${country}00`].map((c) => parseInt(c, 36).toString()).join('');
  return `${country}${String(98n - (BigInt(numeric) % 97n)).padStart(2, '0')}${bban}`;
}

/** A valid IBAN of the country with an all-digit BBAN; for Spain the embedded CCC is valid too. */
const ibanOf = (country: string): fc.Arbitrary<string> => {
  const length = (IBAN_LENGTHS[country] ?? 0) - 4;
  return fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((digits) => {
    let bban = digits.join('');
    if (country === 'ES') {
      const [bank, account] = [bban.slice(0, 8), bban.slice(10)];
      bban = `${bank}${cccDigit(`00${bank}`)}${cccDigit(account)}${account}`;
    }
    return withCheckDigits(country, bban);
  });
};

const spanishIban = ibanOf('ES');
// Spain weighs as much as all the other countries together: it is the one with an extra check.
const validIban = fc.oneof(spanishIban, fc.constantFrom(...Object.keys(IBAN_LENGTHS)).chain(ibanOf));

describe('IBAN properties', () => {
  it('a generated IBAN always validates', () => {
    fc.assert(fc.property(validIban, (iban) => validateIban(iban).ok));
  });

  it('a generated Spanish IBAN always validates', () => {
    fc.assert(
      fc.property(spanishIban, (iban) => validateIban(iban).ok),
      { numRuns: 500 },
    );
  });

  // MOD 97-10 catches every single substitution: the change is d * 10^k with 0 < |d| < 10, and 97 is a prime
  // that divides neither.
  it('changing one digit always fails', () => {
    fc.assert(
      fc.property(validIban, fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, shift) => {
        const i = 2 + (at % (iban.length - 2));
        const changed = `${iban.slice(0, i)}${(Number(iban[i]) + shift) % 10}${iban.slice(i + 1)}`;
        return !validateIban(changed).ok;
      }),
    );
  });

  // Swapping digits a and b at places j < k changes the number by (a - b)(10^k - 10^j); 10 has order 96 modulo 97
  // and an IBAN is at most 34 characters (68 digits once letters are expanded), so this is never a multiple of 97.
  it('swapping any two different digits always fails', () => {
    fc.assert(
      fc.property(validIban, fc.nat(), fc.nat(), (iban, x, y) => {
        const [i, j] = [2 + (x % (iban.length - 2)), 2 + (y % (iban.length - 2))];
        fc.pre(iban[i] !== iban[j]);
        const chars = [...iban];
        [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
        return !validateIban(chars.join('')).ok;
      }),
    );
  });
});
