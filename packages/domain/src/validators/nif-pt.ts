import { accepted, type CheckResult, rejected } from './check-result.js';

// Ranges the Portuguese tax authority assigns: 1-3 people, 5 companies, 6 public bodies, 8 sole traders (no longer
// issued, still on old documents), 9 condominiums and others; with 4 and 7 only these two-digit ranges exist:
// 45 non-resident people, 70/74/75 undivided estates (heranças indivisas), 71 non-resident companies,
// 72 investment funds, 77 assigned ex officio, 78 VAT refund, 79 Expo 98.
const FIRST_DIGITS = '1235689';
const TWO_DIGIT_PREFIXES = ['45', '70', '71', '72', '74', '75', '77', '78', '79'];

/** The check digit of the first 8 digits of a Portuguese NIF. */
export function portugueseNifCheckDigit(first8: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (9 - i) * Number(first8[i]);
  return ((11 - (sum % 11)) % 11) % 10;
}

/**
 * Validates a Portuguese NIF/NIPC: 9 digits in an assigned range and the mod-11 check digit, e.g. "501964843".
 * Written without separators; an optional "PT" prefix (VAT form) is accepted and dropped.
 */
export function validatePortugueseNif(value: string): CheckResult {
  let nif = value.trim().toUpperCase();
  if (nif === '') return rejected('empty');
  if (nif.startsWith('PT')) nif = nif.slice(2);
  if (/[\s\-.]/.test(nif)) return rejected('separators');
  if (!/^\d{9}$/.test(nif)) return rejected('format');
  if (!FIRST_DIGITS.includes(nif.charAt(0)) && !TWO_DIGIT_PREFIXES.includes(nif.slice(0, 2))) return rejected('format');
  return portugueseNifCheckDigit(nif) === Number(nif[8]) ? accepted(nif) : rejected('check');
}
