import { accepted, type CheckResult, rejected } from './check-result.js';

// Since 2000: 4 digits and 3 letters without vowels, Ñ or Q.
const MODERN_PLATE = /^\d{4}[BCDFGHJKLMNPRSTVWXYZ]{3}$/;
// 1971-2000: province code, 4 digits, 1 or 2 letters (M-1234-AB).
const PROVINCIAL_PLATE = /^([A-Z]{1,2})\d{4}[A-Z]{1,2}$/;
// Province codes of that period, including the older GE (Girona), OR (Ourense) and PM (Baleares).
const PROVINCE_CODES = new Set([
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
]);

/**
 * Validates a Spanish car plate: the current form "1234BCD" or an old provincial one such as "M1234AB".
 * Lowercase, spaces and hyphens are accepted; the result is compact and uppercase.
 */
export function validateSpanishPlate(value: string): CheckResult {
  const plate = value.replace(/[\s-]+/g, '').toUpperCase();
  if (plate === '') return rejected('empty');
  if (MODERN_PLATE.test(plate)) return accepted(plate);
  const provincial = PROVINCIAL_PLATE.exec(plate);
  return provincial && PROVINCE_CODES.has(provincial[1] ?? '') ? accepted(plate) : rejected('format');
}
