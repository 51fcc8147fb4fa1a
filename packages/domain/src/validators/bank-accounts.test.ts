import { describe, expect, it } from 'vitest';
import { cccCheckDigits, IBAN_LENGTHS, ibanRemainder, validateCcc, validateIban } from './bank-accounts.js';

describe('validateCcc', () => {
  it('computes the check digits of the published example', () => {
    expect(cccCheckDigits('2100', '0418', '0200051332')).toBe('45');
  });

  it.each([
    ['21000418450200051332', '21000418450200051332'], // published
    ['2100 0418 45 0200051332', '21000418450200051332'],
    ['1234 1234 16 1234567890', '12341234161234567890'], // published
    ['00491500010512345678', '00491500010512345678'], // constructed
    ['20850000100000000000', '20850000100000000000'], // constructed: account sum 0, so 11 -> 0
    ['20850000110000000002', '20850000110000000002'], // constructed: account sum 12, so 10 -> 1
  ])('accepts %j as %s', (value, normalised) => {
    expect(validateCcc(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['21000418460200051332', 'check'],
    ['21000418450200051333', 'check'],
    ['12341234611234567890', 'check'], // check digits swapped
    ['2100041845020005133', 'format'],
    ['210004184502000513320', 'format'],
    ['2100-0418-45-0200051332', 'format'],
    ['ES9121000418450200051332', 'format'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateCcc(value)).toEqual({ ok: false, reason });
  });
});

describe('validateIban', () => {
  it('has the lengths of the countries the product must know', () => {
    expect(IBAN_LENGTHS).toMatchObject({ ES: 24, PT: 25, IE: 22, FR: 27, DE: 22, IT: 27, GB: 22, NL: 18, BE: 16 });
  });

  it('a valid IBAN has remainder 1', () => {
    expect(ibanRemainder('ES9121000418450200051332')).toBe(1);
  });

  it.each([
    ['ES91 2100 0418 4502 0005 1332', 'ES9121000418450200051332'], // published
    ['ES7712341234161234567890', 'ES7712341234161234567890'], // constructed from the published CCC
    ['es70 0049 1500 0105 1234 5678', 'ES7000491500010512345678'], // constructed
    // The registry's examples of each country (the ISO 13616 / ECBS examples, verified by computation)
    ['PT50 0002 0123 1234 5678 9015 4', 'PT50000201231234567890154'],
    ['IE29 AIBK 9311 5212 3456 78', 'IE29AIBK93115212345678'],
    ['FR14 2004 1010 0505 0001 3M02 606', 'FR1420041010050500013M02606'],
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['IT60 X054 2811 1010 0000 0123 456', 'IT60X0542811101000000123456'],
    ['GB82 WEST 1234 5698 7654 32', 'GB82WEST12345698765432'],
    ['NL91 ABNA 0417 1643 00', 'NL91ABNA0417164300'],
    ['BE68 5390 0754 7034', 'BE68539007547034'],
  ])('accepts %j as %s', (value, normalised) => {
    expect(validateIban(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['ES9021000418450200051332', 'check'],
    ['ES9121000418450200051333', 'check'],
    ['ES9121000418540200051332', 'check'], // two digits swapped
    ['ES1700491500051234567890', 'check'], // mod 97 holds but the embedded CCC does not
    ['GB82WEST12345698765433', 'check'],
    ['PT50000201231234567890155', 'check'],
    ['ES91210004184502000513', 'format'], // too short for Spain
    ['ES912100041845020005133200', 'format'],
    ['BE6853900754703', 'format'],
    ['ES91-2100-0418-4502-0005-1332', 'format'],
    ['9121000418450200051332', 'format'],
    ['ESAB21000418450200051332', 'format'],
    ['US64SVBKUS6S3300958879', 'country'],
    ['XX9121000418450200051332', 'country'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateIban(value)).toEqual({ ok: false, reason });
  });
});
