import { accepted, type CheckResult, rejected, withoutSpaces } from './check-result.js';

const LETTER_VALUES = 'ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';
const WEIGHTS = [13, 15, 12, 5, 4, 17, 9, 21, 3, 7, 1];
const CONTROL_LETTERS = 'MQWERTYUIOPASDFGHJKLBZX';

/** Value of one character: a digit is itself, a letter its 1-based place in the Spanish alphabet (Ñ = 15). */
function characterValue(c: string): number {
  return /\d/.test(c) ? Number(c) : LETTER_VALUES.indexOf(c) + 1;
}

/** One control letter over 7 parcel characters followed by the 4 unit characters. */
function controlLetter(characters: string): string {
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += characterValue(characters.charAt(i)) * (WEIGHTS[i] ?? 0);
  return CONTROL_LETTERS.charAt(sum % 23);
}

/** The two control letters of the first 18 characters of a cadastral reference. */
export function cadastralControlLetters(first18: string): string {
  const unit = first18.slice(14, 18);
  return controlLetter(first18.slice(0, 7) + unit) + controlLetter(first18.slice(7, 14) + unit);
}

/**
 * Validates a Spanish cadastral reference (20 characters: 14 parcel, 4 unit, 2 control letters), e.g.
 * "7837301VG8173B0001TT". Spaces inside and lowercase are accepted. Only the controls are checked, not the urban
 * shape, because rustic references have other shapes.
 */
export function validateCadastralReference(value: string): CheckResult {
  const reference = withoutSpaces(value).normalize('NFC').toUpperCase();
  if (reference === '') return rejected('empty');
  if (!/^[0-9A-ZÑ]{18}[A-Z]{2}$/.test(reference)) return rejected('format');
  return cadastralControlLetters(reference) === reference.slice(18) ? accepted(reference) : rejected('check');
}
