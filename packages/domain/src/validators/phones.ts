import { accepted, type CheckResult, rejected, withoutSpaces } from './check-result.js';

/** The national 9 digits of a number written with an optional country prefix (+cc, 00cc, or cc# as MB WAY shows it). */
function nationalDigits(value: string, countryCode: string): string {
  const phone = withoutSpaces(value);
  for (const prefix of [`+${countryCode}`, `00${countryCode}`, `${countryCode}#`]) {
    if (phone.startsWith(prefix)) return phone.slice(prefix.length);
  }
  return phone;
}

/**
 * Validates a Spanish phone number: 9 digits starting with 6, 7, 8 or 9, optionally after +34 or 0034, spaces
 * allowed. The result is in international form, e.g. "+34612345678".
 */
export function validateSpanishPhone(value: string): CheckResult {
  if (value.trim() === '') return rejected('empty');
  const national = nationalDigits(value, '34');
  return /^[6-9]\d{8}$/.test(national) ? accepted(`+34${national}`) : rejected('format');
}

/**
 * Validates a Portuguese phone number: 9 digits starting with 2 (landline) or 9 (mobile), optionally after +351,
 * 00351 or the MB WAY form "351#", spaces allowed. The result is in international form, e.g. "+351912345678".
 */
export function validatePortuguesePhone(value: string): CheckResult {
  if (value.trim() === '') return rejected('empty');
  const national = nationalDigits(value, '351');
  return /^[29]\d{8}$/.test(national) ? accepted(`+351${national}`) : rejected('format');
}

/**
 * Validates the phone of an MB WAY payment: a Portuguese mobile (9 digits starting with 9) in any form
 * {@link validatePortuguesePhone} accepts, including "351#9XXXXXXXX". The result is the form MB WAY expects,
 * e.g. "351#912345678".
 */
export function validateMbWayPhone(value: string): CheckResult {
  const phone = validatePortuguesePhone(value);
  if (!phone.ok) return phone;
  const national = phone.normalised.slice('+351'.length);
  return national.startsWith('9') ? accepted(`351#${national}`) : rejected('format');
}
