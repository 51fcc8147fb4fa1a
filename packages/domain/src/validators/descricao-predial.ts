import { accepted, type CheckResult, rejected, withoutSpaces } from './check-result.js';
import { validateIsoDate } from './dates.js';

/**
 * Validates the number of a Portuguese land registry description (número da descrição predial): its number in the
 * freguesia, digits only ("1234"), optionally followed by "/" and the date of the description as yyyymmdd
 * ("1234/20050315", as the certidão permanente prints it). Spaces are dropped; the date must exist.
 */
export function validateDescricaoPredial(value: string): CheckResult {
  const text = withoutSpaces(value);
  if (text === '') return rejected('empty');
  const match = /^(\d{1,6})(?:\/(\d{4})(\d{2})(\d{2}))?$/.exec(text);
  if (!match || Number(match[1]) === 0) return rejected('format');
  if (match[2] !== undefined && !validateIsoDate(`${match[2]}-${match[3]}-${match[4]}`).ok) return rejected('format');
  return accepted(text);
}
