import { describe, expect, it } from 'vitest';
import { isBefore, validateIsoDate } from './dates.js';

describe('validateIsoDate', () => {
  it.each(['2024-02-29', '2000-02-29', '2023-12-31', '2006-01-01', ' 2024-04-30 '])('accepts %j', (value) => {
    expect(validateIsoDate(value)).toEqual({ ok: true, normalised: value.trim() });
  });

  it.each([
    ['2023-02-29', 'format'], // not a leap year
    ['1900-02-29', 'format'], // century, not a leap year
    ['2024-04-31', 'format'],
    ['2024-13-01', 'format'],
    ['2024-00-10', 'format'],
    ['2024-01-00', 'format'],
    ['2024-1-5', 'format'],
    ['05/01/2024', 'format'],
    ['2024-01-05T00:00', 'format'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateIsoDate(value)).toEqual({ ok: false, reason });
  });
});

describe('isBefore', () => {
  it.each([
    ['2005-12-31', '2006-01-01', true],
    ['2006-01-01', '2006-01-01', false],
    ['2006-01-02', '2006-01-01', false],
    ['1999-10-01', '2000-09-30', true],
    ['2023-02-29', '2024-01-01', false], // an invalid date is never before
    ['2024-01-01', 'tomorrow', false],
  ])('%s before %s: %s', (a, b, expected) => {
    expect(isBefore(a, b)).toBe(expected);
  });
});
