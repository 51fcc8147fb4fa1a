import { describe, expect, it } from 'vitest';
import { moneyString } from '@ventanilla/domain';
import { asMoney, formatMoney, isPositive, toCents } from './money';

describe('money', () => {
  it.each([
    ['25.12', 'es', '25,12 €'],
    ['25.12', 'pt', '25,12 €'],
    ['25.12', 'en', '€25.12'],
    ['0.00', 'es', '0,00 €'],
    ['1234.50', 'es', '1.234,50 €'],
  ] as const)('formats %s in %s as %s', (value, language, expected) => {
    expect(formatMoney(moneyString(value), language)).toBe(expected);
  });

  it('parses API strings to exact cents', () => {
    expect(toCents(moneyString('20.76'))).toBe(2076);
    expect(toCents(moneyString('5.75'))).toBe(575);
    expect(isPositive(moneyString('0.00'))).toBe(false);
    expect(isPositive(moneyString('5.75'))).toBe(true);
  });

  it('reads untyped amounts as money, or null', () => {
    expect(asMoney('12.3')).toBe('12.30');
    expect(asMoney('12,30')).toBeNull();
    expect(asMoney(undefined)).toBeNull();
  });
});
