import { describe, expect, it } from 'vitest';
import { validateSpanishPlate } from './car-plate.js';

// The province codes of the 1971-2000 plates, including the older GE (Girona), OR (Ourense) and PM (Baleares).
const PROVINCES = [
  'A',
  'AB',
  'AL',
  'AV',
  'B',
  'BA',
  'BI',
  'BU',
  'C',
  'CA',
  'CC',
  'CE',
  'CO',
  'CR',
  'CS',
  'CU',
  'GC',
  'GE',
  'GI',
  'GR',
  'GU',
  'H',
  'HU',
  'IB',
  'J',
  'L',
  'LE',
  'LO',
  'LU',
  'M',
  'MA',
  'ML',
  'MU',
  'NA',
  'O',
  'OR',
  'OU',
  'P',
  'PM',
  'PO',
  'S',
  'SA',
  'SE',
  'SG',
  'SO',
  'SS',
  'T',
  'TE',
  'TF',
  'TO',
  'V',
  'VA',
  'VI',
  'Z',
  'ZA',
];

describe('validateSpanishPlate: provincial plates', () => {
  it.each(PROVINCES)('accepts the province code %s', (code) => {
    expect(validateSpanishPlate(`${code}-1234-BC`)).toEqual({ ok: true, normalised: `${code}1234BC` });
  });

  it.each([
    ['a modern plate with a fourth letter', '1234BCDF'],
    ['a digit before the province code', '1M1234AB'],
    ['three letters of province', 'MAD1234AB'],
  ])('rejects %s (%s)', (_name, value) => {
    expect(validateSpanishPlate(value)).toEqual({ ok: false, reason: 'format' });
  });
});
