import { describe, expect, it } from 'vitest';
import { formatMoney, isPositive, toCents } from './money';

describe('money', () => {
  it.each([
    ['25.12', 'es', '25,12 €'],
    ['25.12', 'pt', '25,12 €'],
    ['25.12', 'en', '€25.12'],
    ['0.00', 'es', '0,00 €'],
    ['1234.50', 'es', '1.234,50 €'],
  ] as const)('formats %s in %s as %s', (value, language, expected) => {
    expect(formatMoney(value, language)).toBe(expected);
  });

  it('parses API strings to exact cents', () => {
    expect(toCents('20.76')).toBe(2076);
    expect(toCents('5.75')).toBe(575);
    expect(isPositive('0.00')).toBe(false);
    expect(isPositive('5.75')).toBe(true);
  });
});
