import { describe, expect, it } from 'vitest';
import {
  cifControlDigit,
  validateCif,
  validateDni,
  validateNie,
  validatePersonalTaxId,
  validateSpanishTaxId,
} from './tax-ids-es.js';

describe('validateDni', () => {
  it.each([
    ['12345678Z', '12345678Z'], // published
    ['56789423P', '56789423P'], // published
    ['00000000T', '00000000T'], // constructed: 0 mod 23 -> T
    ['99999999R', '99999999R'], // constructed
    ['12345678z', '12345678Z'], // lowercase letter
    ['  12345678Z ', '12345678Z'], // surrounding spaces
  ])('accepts %j as %s', (value, normalised) => {
    expect(validateDni(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['12345678A', 'check'],
    ['56789423Q', 'check'],
    ['12345678I', 'check'], // I is never a DNI letter
    ['1234567Z', 'format'], // 7 digits
    ['123456789Z', 'format'],
    ['12345678', 'format'],
    ['Z12345678', 'format'],
    ['1234567ZZ', 'format'],
    ['12345678-Z', 'separators'],
    ['12 345 678Z', 'separators'],
    ['12.345.678Z', 'separators'],
    ['', 'empty'],
    ['   ', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateDni(value)).toEqual({ ok: false, reason });
  });
});

describe('validateNie', () => {
  it.each([
    ['X1234567L', 'X1234567L'], // constructed in the reference
    ['Y1234567X', 'Y1234567X'], // constructed: 11234567 mod 23
    ['Z1234567R', 'Z1234567R'], // constructed: 21234567 mod 23
    [' x1234567l ', 'X1234567L'],
  ])('accepts %j as %s', (value, normalised) => {
    expect(validateNie(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['X1234567M', 'check'],
    ['Y1234567L', 'check'], // the X/Y/Z digit counts
    ['W1234567L', 'format'],
    ['X12345678L', 'format'],
    ['X123456L', 'format'],
    ['12345678Z', 'format'], // a DNI is not a NIE
    ['X-1234567-L', 'separators'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateNie(value)).toEqual({ ok: false, reason });
  });
});

describe('validateCif', () => {
  it('computes the worked example of the reference: 4635353 -> 8', () => {
    expect(cifControlDigit('4635353')).toBe(8);
  });

  it.each([
    // published
    ['J99216582', 'J99216582'],
    ['B86670460', 'B86670460'],
    ['Q2876031B', 'Q2876031B'],
    ['N0112768G', 'N0112768G'],
    ['W8265365J', 'W8265365J'],
    // constructed from the worked example: digit after A, B, E, H; letter after N, P, Q, R, S, W; either after others
    ['A46353538', 'A46353538'],
    ['H46353538', 'H46353538'],
    ['P4635353H', 'P4635353H'],
    ['S4635353H', 'S4635353H'],
    ['C46353538', 'C46353538'],
    ['C4635353H', 'C4635353H'],
    ['J4635353H', 'J4635353H'],
    ['V46353538', 'V46353538'],
    [' b86670460 ', 'B86670460'],
  ])('accepts %j as %s', (value, normalised) => {
    expect(validateCif(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['J99216583', 'check'], // published invalid
    ['B8667046A', 'check'], // B needs the digit (0 -> J, and A is the wrong letter anyway)
    ['A4635353H', 'check'], // right letter, but A takes the digit
    ['B4635353H', 'check'],
    ['N46353538', 'check'], // right digit, but N takes the letter
    ['W46353538', 'check'],
    ['Q28760312', 'check'], // Q2876031B as a digit
    ['C4635353G', 'check'],
    ['I46353538', 'format'], // I is not a CIF letter
    ['K46353538', 'format'],
    ['X4635353H', 'format'],
    ['B8667046', 'format'],
    ['B866704600', 'format'],
    ['B4635353K', 'format'], // controls are J..I or 0..9
    ['B-86670460', 'separators'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateCif(value)).toEqual({ ok: false, reason });
  });
});

describe('validateSpanishTaxId says which kind it is', () => {
  it.each([
    ['12345678Z', 'dni'],
    ['x1234567l', 'nie'],
    ['B86670460', 'cif'],
    ['Q2876031B', 'cif'],
    ['M6976964Y', 'klm'], // published (a foreigner without NIE); the DNI letter of 6976964
    ['K1234567L', 'klm'], // constructed: 1234567 mod 23 = 19 -> L
    ['l7654321j', 'klm'], // constructed: 7654321 mod 23 = 10 -> J
    ['M0000000T', 'klm'], // constructed: 0 -> T
  ] as const)('%s is a valid %s', (value, kind) => {
    expect(validateSpanishTaxId(value)).toMatchObject({ ok: true, kind });
  });

  it.each([
    ['12345678A', 'check', 'dni'],
    ['X1234567M', 'check', 'nie'],
    ['J99216583', 'check', 'cif'],
    ['M6976964Z', 'check', 'klm'],
    ['K1234567M', 'check', 'klm'],
    ['M69769640', 'format', 'klm'], // the control is a letter
    ['M697696Y', 'format', 'klm'],
    ['M69769641Y', 'format', 'klm'],
    ['1234567Z', 'format', 'dni'],
    ['I46353538', 'format', undefined],
    ['12345678-Z', 'separators', undefined],
    ['', 'empty', undefined],
  ])('rejects %j (%s, looks like %s)', (value, reason, kind) => {
    expect(validateSpanishTaxId(value)).toEqual(kind ? { ok: false, reason, kind } : { ok: false, reason });
  });
});

describe('validatePersonalTaxId takes DNI, NIE or a K, L or M NIF', () => {
  it.each(['12345678Z', 'X1234567L', 'M6976964Y', 'K1234567L'])('accepts %s', (value) => {
    expect(validatePersonalTaxId(value).ok).toBe(true);
  });

  it.each(['B86670460', 'J99216583', '12345678A', 'M6976964X'])('rejects %s', (value) => {
    expect(validatePersonalTaxId(value).ok).toBe(false);
  });
});
