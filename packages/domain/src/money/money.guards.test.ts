import { describe, expect, it } from 'vitest';
import { applyRate, cents, formatMoney, formatRate, money, parseMoney, parseRate, rateBp } from './money.js';

describe('the money constructors refuse what is not cents or basis points', () => {
  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY])('cents(%s) throws', (value) => {
    expect(() => cents(value)).toThrow(`Not an integer number of cents: ${value}`);
  });
  it.each([-1, 0.5])('rateBp(%s) throws', (value) => {
    expect(() => rateBp(value)).toThrow(`Not a rate in basis points: ${value}`);
  });
  it('rateBp(0) is a rate (no VAT)', () => {
    expect(rateBp(0)).toBe(0);
  });
});

describe('parsing money and rates', () => {
  it.each([
    [' 20.76 ', 2076],
    ['0', 0],
  ])('parseMoney(%j) -> %s (surrounding spaces ignored)', (text, expected) => {
    expect(parseMoney(text)).toBe(expected);
  });
  it.each(['90071992547409.92', '1' + '0'.repeat(400)])(
    'parseMoney(%j) is null: too large to count exactly in cents (was a RangeError, a 500 at the edge)',
    (text) => {
      expect(parseMoney(text)).toBeNull();
    },
  );
  it('parseMoney keeps the largest exact amount', () => {
    expect(parseMoney('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
  });
  it('money() throws on a malformed amount, naming it', () => {
    expect(() => money('12,50')).toThrow('Malformed money amount: "12,50"');
  });
  it.each([
    ['0', 0],
    ['23', 2300],
  ])('parseRate(%j) -> %s', (text, expected) => {
    expect(parseRate(text)).toBe(expected);
  });
  it.each(['abc', '-0.01'])('parseRate(%j) throws, naming it', (text) => {
    expect(() => parseRate(text)).toThrow(`Malformed rate: "${text}"`);
  });
  it('formatRate shows basis points as a percentage with two decimals', () => {
    expect(formatRate(rateBp(2100))).toBe('21.00');
    expect(formatRate(rateBp(650))).toBe('6.50');
  });
});

describe('applyRate rounds half away from zero for refunds too', () => {
  it.each([
    [-2076, 2100, -436],
    [-50, 1000, -5],
    [0, 2100, 0],
  ])('%s cents at %s bp -> %s', (amount, rate, expected) => {
    expect(applyRate(cents(amount), rateBp(rate))).toBe(expected);
  });
});

describe('formatMoney groups thousands', () => {
  it.each([
    ['es', 123456789, '1.234.567,89 €'],
    ['en', 123456789, '€1,234,567.89'],
  ] as const)('%s %s -> %s', (language, amount, expected) => {
    expect(formatMoney(cents(amount), language).replace(/\s/g, ' ')).toBe(expected);
  });
});
