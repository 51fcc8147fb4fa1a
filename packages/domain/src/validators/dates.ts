import { accepted, type CheckResult, rejected } from './check-result.js';

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Validates a calendar date written yyyy-mm-dd that exists (no 2023-02-29, no 2024-04-31). */
export function validateIsoDate(value: string): CheckResult {
  const date = value.trim();
  if (date === '') return rejected('empty');
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return rejected('format');
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return rejected('format');
  return accepted(date);
}

/** Whether the date a is strictly before the date b (both yyyy-mm-dd); false when either is not a valid date. */
export function isBefore(a: string, b: string): boolean {
  const first = validateIsoDate(a);
  const second = validateIsoDate(b);
  // Valid yyyy-mm-dd strings sort in calendar order.
  return first.ok && second.ok && first.normalised < second.normalised;
}
