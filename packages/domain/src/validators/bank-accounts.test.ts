import { describe, expect, it } from 'vitest';
import {
  cccCheckDigits,
  ibanRemainder,
  nibCheckDigits,
  validateCcc,
  validateIban,
  validateNib,
} from './bank-accounts.js';
import { IBAN_LENGTHS } from './iban-registry.js';

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

describe('validateNib', () => {
  it("computes the check digits of the registry's Portuguese example", () => {
    expect(nibCheckDigits('0002012312345678901')).toBe('54');
  });

  it.each([
    ['000201231234567890154', '000201231234567890154'], // the NIB inside the registry's PT example
    ['0002 0123 12345678901 54', '000201231234567890154'],
    ['003506510000000000061', '003506510000000000061'], // constructed: 98 - (0035065100000000000 x 100 mod 97)
  ])('accepts %j as %s', (value, normalised) => {
    expect(validateNib(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['000201231234567890155', 'check'],
    ['000201231234567890145', 'check'], // the check digits swapped
    ['000201231234567809154', 'check'], // two account digits swapped
    ['00020123123456789015', 'format'],
    ['0002012312345678901545', 'format'],
    ['0002A1231234567890154', 'format'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateNib(value)).toEqual({ ok: false, reason });
  });
});

// The example IBAN the SWIFT IBAN Registry gives for each country the product takes (each has remainder 1).
const REGISTRY_EXAMPLES = [
  'AD1200012030200359100100',
  'AL47212110090000000235698741',
  'AT611904300234573201',
  'BE68539007547034',
  'BG80BNBG96611020345678',
  'CH9300762011623852957',
  'CY17002001280000001200527600',
  'CZ6508000000192000145399',
  'DE89370400440532013000',
  'DK5000400440116243',
  'EE382200221020145685',
  'ES9121000418450200051332',
  'FI2112345600000785',
  'FR1420041010050500013M02606',
  'GB29NWBK60161331926819',
  'GI75NWBK000000007099453',
  'GR1601101250000000012300695',
  'HR1210010051863000160',
  'HU42117730161111101800000000',
  'IE29AIBK93115212345678',
  'IS140159260076545510730339',
  'IT60X0542811101000000123456',
  'LI21088100002324013AA',
  'LT121000011101001000',
  'LU280019400644750000',
  'LV80BANK0000435195001',
  'MC5811222000010123456789030',
  'MD24AG000225100013104168',
  'ME25505000012345678951',
  'MK07250120000058984',
  'MT84MALT011000012345MTLCAST001S',
  'NL91ABNA0417164300',
  'NO9386011117947',
  'PL61109010140000071219812874',
  'PT50000201231234567890154',
  'RO49AAAA1B31007593840000',
  'SE4550000000058398257466',
  'SI56263300012039086',
  'SK3112000000198742637541',
  'SM86U0322509800000000270100',
  'VA59001123000012345678',
];

describe('validateIban', () => {
  it("takes the registry's example of every country in its table, and no country without one", () => {
    expect(REGISTRY_EXAMPLES.map((iban) => iban.slice(0, 2))).toEqual(Object.keys(IBAN_LENGTHS).sort());
  });

  it.each(REGISTRY_EXAMPLES)('accepts the registry example %s', (iban) => {
    expect(validateIban(iban)).toEqual({ ok: true, normalised: iban });
  });

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
    // The registry's shape: letters where a country has only digits, digits where it has only letters, even with
    // check digits that fit (constructed).
    ['PT530002A1231234567890154', 'format'],
    ['PT3500020123123456789015A', 'format'],
    ['PT620002012312345678901AB', 'format'],
    ['IE78AIBK93115A12345678', 'format'],
    ['IE05AIB193115212345678', 'format'],
    ['IE88AIBK9311521234567X', 'format'],
    ['ES542100041845020005133A', 'format'],
    ['GB18NWBK6016133192681X', 'format'],
    ['NL47ABNA04171643X0', 'format'],
    ['DE0537040044053201300A', 'format'],
    // mod 97 holds, the NIB's own check digits do not (constructed from the registry's PT example)
    ['PT23000201231234567890155', 'check'],
    ['US64SVBKUS6S3300958879', 'country'],
    ['XX9121000418450200051332', 'country'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateIban(value)).toEqual({ ok: false, reason });
  });
});
