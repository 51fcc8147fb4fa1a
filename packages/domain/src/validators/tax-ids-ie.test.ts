import { describe, expect, it } from 'vitest';
import { irishCheckLetter, validateIrishVat, validatePpsn } from './tax-ids-ie.js';

describe('irishCheckLetter', () => {
  it.each([
    ['6388047', '', 'V'], // published
    ['6433435', '', 'F'], // python-stdnum
    ['0797398', '', 'I'], // the old-form 8D79739I read as 0, 79739, 8 (python-stdnum)
    ['6433435', 'A', 'O'], // python-stdnum PPS 6433435OA
    ['6433435', 'H', 'I'], // python-stdnum PPS 6433435IH
    ['1234567', 'W', 'T'], // W counts 0, as no letter
    ['1234567', 'A', 'F'], // constructed: 112 + 9 = 121, 121 mod 23 = 6 -> F
  ])('%s %j -> %s', (digits, second, letter) => {
    expect(irishCheckLetter(digits, second)).toBe(letter);
  });
});

describe('validateIrishVat', () => {
  it.each([
    ['IE6388047V', '6388047V'], // published
    ['6433435F', '6433435F'], // python-stdnum
    ['ie6433435f', '6433435F'],
    [' IE6433435F ', '6433435F'],
    ['8D79739I', '8D79739I'], // python-stdnum, old form
    ['8+79739I', '8+79739I'], // old form with +
    ['1234567FA', '1234567FA'], // constructed, new form with A
    ['6433435IH', '6433435IH'], // constructed, new form with H
    ['1234567TW', '1234567TW'], // constructed, W counts 0
  ])('accepts %j as %s', (value, normalised) => {
    expect(validateIrishVat(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['IE6388047W', 'check'],
    ['6433435E', 'check'], // python-stdnum
    ['8D79739J', 'check'],
    ['1234567TA', 'check'], // the second letter counts
    ['6433435VH', 'check'], // python-stdnum
    ['IE6388047X', 'format'], // X is never a check letter (W, A ... V)
    ['1234567FZ', 'format'], // second letter beyond I
    ['8?79739J', 'format'], // python-stdnum, old form with an unknown second character
    ['638804V', 'format'],
    ['63880477V', 'format'],
    ['6388047', 'format'],
    ['6388047VAA', 'format'],
    ['6388-047V', 'separators'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateIrishVat(value)).toEqual({ ok: false, reason });
  });
});

describe('validatePpsn', () => {
  it.each([
    ['6433435F', '6433435F'], // python-stdnum, pre-2013
    ['6433435FT', '6433435FT'], // python-stdnum, pre-2013 with T (not counted)
    ['6433435FW', '6433435FW'], // python-stdnum, pre-2013 for married women (not counted)
    ['6433435OA', '6433435OA'], // python-stdnum, 2013 form for a person
    ['6433435IH', '6433435IH'], // python-stdnum, 2013 form for a non-person
    ['1234567OB', '1234567OB'], // constructed, B since 2024: 112 + 9 x 2 = 130, 130 mod 23 = 15 -> O
    [' 6433435oa ', '6433435OA'],
  ])('accepts %j as %s', (value, normalised) => {
    expect(validatePpsn(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['6433435E', 'check'], // python-stdnum
    ['6433435VH', 'check'], // python-stdnum
    ['6433435FA', 'check'], // with A the letter is O
    ['6433435FC', 'format'], // C is no PPS second letter
    ['IE6433435F', 'format'], // a PPS number has no country prefix
    ['643343F', 'format'],
    ['6433435-F', 'separators'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validatePpsn(value)).toEqual({ ok: false, reason });
  });
});
