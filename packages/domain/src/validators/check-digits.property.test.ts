import fc from 'fast-check';
import { describe, it } from 'vitest';
import { validateIban, validateNib } from './bank-accounts.js';
import { IBAN_BBAN_STRUCTURES } from './iban-registry.js';
import { validatePersonalTaxId, validateDni, validateSpanishTaxId } from './tax-ids-es.js';
import { validateIrishVat, validatePpsn } from './tax-ids-ie.js';

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

// K, L and M NIFs (people without DNI or NIE): the DNI letter of the 7 digits. 23 is prime and 10 has order 22
// modulo 23, so a changed digit (d * 10^k) or two swapped digits ((a - b)(10^k - 10^j), k - j < 7) always move the
// remainder.
const klmDigits = fc.integer({ min: 0, max: 9_999_999 }).map((n) => String(n).padStart(7, '0'));
const klmOf = (first: string, digits: string): string => `${first}${digits}${DNI_LETTERS.charAt(Number(digits) % 23)}`;
const klmNif = fc.tuple(fc.constantFrom('K', 'L', 'M'), klmDigits).map(([first, digits]) => klmOf(first, digits));

describe('K, L and M NIF properties', () => {
  it("a generated one always validates, as any Spanish tax id and as a person's", () => {
    fc.assert(fc.property(klmNif, (nif) => validateSpanishTaxId(nif).ok && validatePersonalTaxId(nif).ok));
  });

  it('changing the letter to any other always invalidates', () => {
    const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    fc.assert(
      fc.property(klmNif, letter, (nif, other) => {
        fc.pre(other !== nif[8]);
        return !validateSpanishTaxId(`${nif.slice(0, 8)}${other}`).ok;
      }),
    );
  });

  it('changing one digit always invalidates', () => {
    fc.assert(
      fc.property(klmNif, fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 9 }), (nif, i, shift) => {
        const changed = `${nif.slice(0, i)}${(Number(nif[i]) + shift) % 10}${nif.slice(i + 1)}`;
        return !validateSpanishTaxId(changed).ok;
      }),
    );
  });

  it('swapping two different digits always invalidates', () => {
    const place = fc.integer({ min: 1, max: 7 });
    fc.assert(
      fc.property(klmNif, place, place, (nif, i, j) => {
        fc.pre(nif[i] !== nif[j]);
        const chars = [...nif];
        [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
        return !validateSpanishTaxId(chars.join('')).ok;
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

// The Portuguese NIB's two check digits: 98 - (first 19 digits x 100 mod 97).
const nibCheck = (first19: string): string => String(98n - ((BigInt(first19) * 100n) % 97n)).padStart(2, '0');

/** The IBAN of a BBAN: check digits 98 - (BBAN + country + "00", letters as 10-35, mod 97). */
function withCheckDigits(country: string, bban: string): string {
  const numeric = [...`${bban}${country}00`].map((c) => parseInt(c, 36).toString()).join('');
  return `${country}${String(98n - (BigInt(numeric) % 97n)).padStart(2, '0')}${bban}`;
}

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const CHARACTERS: Record<string, string> = { n: DIGITS, a: LETTERS, c: DIGITS + LETTERS };

/** Per position of a country's BBAN, the characters the registry allows there (read from its `4!a6!n8!n` text). */
const positionsOf = (country: string): string[] =>
  [...(IBAN_BBAN_STRUCTURES[country] ?? '').matchAll(/(\d+)!([nac])/g)].flatMap(([, length, kind]) =>
    Array.from({ length: Number(length) }, () => CHARACTERS[kind ?? ''] ?? ''),
  );

/** The national check digits written into a BBAN: the CCC's for Spain, the NIB's for Portugal. */
function withNationalChecks(country: string, bban: string): string {
  if (country === 'ES') {
    const [bank, account] = [bban.slice(0, 8), bban.slice(10)];
    return `${bank}${cccDigit(`00${bank}`)}${cccDigit(account)}${account}`;
  }
  if (country === 'PT') return `${bban.slice(0, 19)}${nibCheck(bban.slice(0, 19))}`;
  return bban;
}

/** A BBAN of the registry's shape for the country, national check digits included. */
const bbanOf = (country: string): fc.Arbitrary<string> =>
  fc
    .tuple(...positionsOf(country).map((allowed) => fc.constantFrom(...allowed)))
    .map((chars) => withNationalChecks(country, chars.join('')));

const ibanOf = (country: string): fc.Arbitrary<string> => bbanOf(country).map((bban) => withCheckDigits(country, bban));

const COUNTRIES = Object.keys(IBAN_BBAN_STRUCTURES);
const anyCountry = fc.constantFrom(...COUNTRIES);
// Spain and Portugal weigh as much as all the other countries together: they are the ones with an extra check.
const validIban = fc.oneof(ibanOf('ES'), ibanOf('PT'), anyCountry.chain(ibanOf));
const digitPlaces = (iban: string): number[] => [...iban].flatMap((c, i) => (i >= 2 && /\d/.test(c) ? [i] : []));

describe('IBAN properties', () => {
  it('a generated IBAN always validates', () => {
    fc.assert(fc.property(validIban, (iban) => validateIban(iban).ok));
  });

  it.each(['ES', 'PT', 'IE'])('a generated %s IBAN always validates', (country) => {
    fc.assert(
      fc.property(ibanOf(country), (iban) => validateIban(iban).ok),
      { numRuns: 300 },
    );
  });

  // MOD 97-10 catches every single substitution: the change is d * 10^k with 0 < |d| < 10, and 97 is a prime
  // that divides neither.
  it('changing one digit always fails', () => {
    fc.assert(
      fc.property(validIban, fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, shift) => {
        const places = digitPlaces(iban);
        const i = places[at % places.length] ?? 2;
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
        const places = digitPlaces(iban);
        const [i = 2, j = 2] = [places[x % places.length], places[y % places.length]];
        fc.pre(iban[i] !== iban[j]);
        const chars = [...iban];
        [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
        return !validateIban(chars.join('')).ok;
      }),
    );
  });

  // The registry's shape is checked on its own: a letter where the country has only digits (or the reverse) is
  // refused even when the IBAN's check digits are recomputed to fit it.
  it('a character of the wrong class at any place of the BBAN fails, whatever the check digits', () => {
    const fixedPlaces = (country: string): number[] =>
      positionsOf(country).flatMap((allowed, i) => (allowed === DIGITS || allowed === LETTERS ? [i] : []));
    const withFixedPlaces = COUNTRIES.filter((country) => fixedPlaces(country).length > 0);
    const mutated = fc.constantFrom(...withFixedPlaces).chain((country) =>
      fc.tuple(bbanOf(country), fc.constantFrom(...fixedPlaces(country)), fc.nat()).map(([bban, i, k]) => {
        const wrong = positionsOf(country)[i] === DIGITS ? LETTERS : DIGITS;
        return withCheckDigits(country, `${bban.slice(0, i)}${wrong[k % wrong.length]}${bban.slice(i + 1)}`);
      }),
    );
    fc.assert(fc.property(mutated, (iban) => validateIban(iban).ok === false));
  });

  it('a BBAN one character too long or too short fails, whatever the check digits', () => {
    const mutated = fc
      .tuple(anyCountry, fc.boolean())
      .chain(([country, longer]) =>
        bbanOf(country).map((bban) => withCheckDigits(country, longer ? `${bban}0` : bban.slice(0, -1))),
      );
    fc.assert(fc.property(mutated, (iban) => !validateIban(iban).ok));
  });

  it.each([
    ['PT', 'NIB', 19],
    ['ES', 'CCC', 8],
  ])('a %s IBAN whose %s check digits are wrong fails although mod 97 holds', (country, _, at) => {
    const wrong = fc.tuple(bbanOf(country), fc.integer({ min: 1, max: 99 })).map(([bban, shift]) => {
      const checks = String((Number(bban.slice(at, at + 2)) + shift) % 100).padStart(2, '0');
      return withCheckDigits(country, `${bban.slice(0, at)}${checks}${bban.slice(at + 2)}`);
    });
    fc.assert(fc.property(wrong, (iban) => validateIban(iban).ok === false));
  });
});

const nib = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 19, maxLength: 19 })
  .map((digits) => `${digits.join('')}${nibCheck(digits.join(''))}`);

describe('Portuguese NIB properties', () => {
  it('a generated NIB always validates', () => {
    fc.assert(fc.property(nib, (n) => validateNib(n).ok));
  });

  // ISO 7064 MOD 97-10 over 21 digits: the same arguments as for the IBAN.
  it('changing one digit always fails', () => {
    fc.assert(
      fc.property(nib, fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 9 }), (n, i, shift) => {
        return !validateNib(`${n.slice(0, i)}${(Number(n[i]) + shift) % 10}${n.slice(i + 1)}`).ok;
      }),
    );
  });

  it('swapping two different digits always fails', () => {
    const place = fc.integer({ min: 0, max: 20 });
    fc.assert(
      fc.property(nib, place, place, (n, i, j) => {
        fc.pre(n[i] !== n[j]);
        const chars = [...n];
        [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
        return !validateNib(chars.join('')).ok;
      }),
    );
  });
});

// Irish VAT and PPS numbers: WABCDEFGHIJKLMNOPQRSTUV[(7 digits weighted 8 ... 2 + 9 x second letter) mod 23], the
// second letter valued W = 0, A = 1 ... I = 9. 23 is prime and every weight and every change (a digit or letter
// value moving by 1 to 9; two digits swapped, weights 1 to 6 apart) is below it, so the remainder always moves.
const IRISH_LETTERS = 'WABCDEFGHIJKLMNOPQRSTUV';
const irishLetter = (digits: string, second: string): string => {
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (8 - i), 9 * IRISH_LETTERS.indexOf(second || 'W'));
  return IRISH_LETTERS.charAt(sum % 23);
};
const sevenDigits = fc.integer({ min: 0, max: 9_999_999 }).map((n) => String(n).padStart(7, '0'));
const irishVat = fc
  .tuple(sevenDigits, fc.constantFrom('', ...'WABCDEFGHI'))
  .map(([digits, second]) => `${digits}${irishLetter(digits, second)}${second}`);
const ppsn = fc
  .tuple(sevenDigits, fc.constantFrom('', 'A', 'B', 'H'))
  .map(([digits, second]) => `${digits}${irishLetter(digits, second)}${second}`);
// The old form: a digit, a letter (or + or *), five digits and the check letter of 0, the five digits, the first.
const oldIrishVat = fc
  .tuple(fc.integer({ min: 0, max: 9 }), fc.constantFrom(...LETTERS, '+', '*'), fc.integer({ min: 0, max: 99_999 }))
  .map(([first, second, n]) => {
    const five = String(n).padStart(5, '0');
    return `${first}${second}${five}${irishLetter(`0${five}${first}`, '')}`;
  });
const swapped = (value: string, i: number, j: number): string => {
  const chars = [...value];
  [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  return chars.join('');
};

describe.each([
  ['Irish VAT number', irishVat, validateIrishVat],
  ['old Irish VAT number', oldIrishVat, validateIrishVat],
  ['PPS number', ppsn, validatePpsn],
])('%s properties', (_, generated, validate) => {
  it('a generated one always validates', () => {
    fc.assert(fc.property(generated, (id) => validate(id).ok));
  });

  it('changing the check letter to any other always invalidates', () => {
    fc.assert(
      fc.property(generated, fc.constantFrom(...LETTERS), (id, other) => {
        fc.pre(other !== id[7]);
        return !validate(`${id.slice(0, 7)}${other}${id.slice(8)}`).ok;
      }),
    );
  });

  it('changing one digit always invalidates', () => {
    fc.assert(
      fc.property(generated, fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 9 }), (id, i, shift) => {
        return !validate(`${id.slice(0, i)}${(Number(id[i]) + shift) % 10}${id.slice(i + 1)}`).ok;
      }),
    );
  });

  it('swapping two different digits always invalidates', () => {
    const place = fc.integer({ min: 0, max: 6 });
    fc.assert(
      fc.property(generated, place, place, (id, i, j) => {
        fc.pre(id[i] !== id[j]);
        return !validate(swapped(id, i, j)).ok;
      }),
    );
  });
});

describe('Irish VAT number: the second letter counts', () => {
  it('changing it to another of W, A ... I always invalidates', () => {
    fc.assert(
      fc.property(irishVat, fc.constantFrom(...'WABCDEFGHI'), (id, other) => {
        fc.pre(id.length === 9 && other !== id[8]);
        return !validateIrishVat(`${id.slice(0, 8)}${other}`).ok;
      }),
    );
  });

  it('the IE prefix is accepted and dropped', () => {
    fc.assert(
      fc.property(fc.oneof(irishVat, oldIrishVat), fc.constantFrom('IE', 'ie'), (id, prefix) => {
        const result = validateIrishVat(`${prefix}${id}`);
        return result.ok && result.normalised === id;
      }),
    );
  });
});
