import { accepted, type CheckResult, rejected, withoutSpaces } from './check-result.js';

/**
 * Validates an IDUFIR/CRU (the land registry's unique id of a property): 14 digits, spaces accepted.
 * It has no published check digit, so only the shape is checked.
 */
export function validateIdufir(value: string): CheckResult {
  const idufir = withoutSpaces(value);
  if (idufir === '') return rejected('empty');
  return /^\d{14}$/.test(idufir) ? accepted(idufir) : rejected('format');
}
