import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRate,
  MONEY_PATTERNS,
  cents,
  formatMoney,
  formatMoneyString,
  moneyString,
  parseMoney,
  parseRate,
  parseTypedMoney,
  rateBp,
} from './money.js';

describe('parseMoney / formatMoneyString', () => {
  it.each([
    ['20.76', 2076, '20.76'],
    ['5', 500, '5.00'],
    ['5.7', 570, '5.70'],
    ['0.05', 5, '0.05'],
    ['-1.5', -150, '-1.50'],
    ['1595', 159500, '1595.00'],
  ])('%s is %i cents and shows as %s', (text, value, shown) => {
    expect(parseMoney(text)).toBe(value);
    expect(formatMoneyString(cents(value))).toBe(shown);
  });

  it.each(['', 'abc', '1.234', '1,5', '1.', '.5', '1e3'])('rejects %j', (text) => {
    expect(parseMoney(text)).toBeNull();
  });
});

describe('parseTypedMoney: money as a person types it', () => {
  const max = cents(999_999_999);
  it.each([
    ['25.12', 2512],
    [' 25,12 ', 2512],
    ['25', 2500],
    ['25,1', 2510],
    ['0', 0],
    ['9999999.99', 999_999_999],
  ])('%j is %i cents', (text, value) => expect(parseTypedMoney(text, max)).toBe(value));

  it.each(['-3.00', '-0', '+1', '10000000.00', '25.123', '1,2,3', '1.2,3', '25,', 'abc', '', '1e3', '25.12\0'])(
    'rejects %j',
    (text) => expect(parseTypedMoney(text, max)).toBeNull(),
  );

  it('rejects an amount above its bound', () => {
    expect(parseTypedMoney('100.00', cents(9_999))).toBeNull();
    expect(parseTypedMoney('99.99', cents(9_999))).toBe(9_999);
  });
});

describe('formatMoneyString shows negative amounts with their sign', () => {
  it.each([
    [-50, '-0.50'],
    [-5, '-0.05'],
    [-100, '-1.00'],
    [-123_456, '-1234.56'],
  ])('%i -> %s', (value, shown) => expect(formatMoneyString(cents(value))).toBe(shown));
});

describe('applyRate rounds half-up to the cent', () => {
  it.each([
    [2076, 2100, 436], // 20.76 * 21% = 4.3596 -> 4.36 (25.12 with VAT, as the spec says)
    [575, 2100, 121], // 5.75 * 21% = 1.2075 -> 1.21
    [6000, 2100, 1260], // 60.00 -> 72.60
    [7000, 2100, 1470], // 70.00 -> 84.70
    [50, 1000, 5], // exactly half a cent rounds up: 0.50 * 10% = 0.05
    [5, 1000, 1], // 0.05 * 10% = 0.005 -> 0.01
    [4, 1000, 0], // 0.004 -> 0.00
    [-5, 1000, -1], // symmetric for credit notes
  ])('%i cents at %i bp -> %i', (amount, rate, expected) => {
    expect(applyRate(cents(amount), rateBp(rate))).toBe(expected);
  });
});

describe('formatMoney shows the store locale', () => {
  const INTL = { es: 'es-ES', pt: 'pt-PT', en: 'en-IE' } as const;
  const intl = (language: keyof typeof INTL, amount: number) =>
    new Intl.NumberFormat(INTL[language], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      useGrouping: true,
    }).format(amount / 100);

  it('writes exactly what Intl.NumberFormat writes for the store locales, for any amount', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('es', 'pt', 'en'),
        fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -(2 ** 40), max: 2 ** 40 })),
        (language, amount) => formatMoney(cents(amount), language) === intl(language, amount),
      ),
      { numRuns: 2000 },
    );
    for (const language of ['es', 'pt', 'en'] as const) {
      for (const amount of [0, -0, 5, 99, 100, 99_999, 100_000, 123_456_789, -100_000]) {
        expect(formatMoney(cents(amount), language), `${language} ${amount}`).toBe(intl(language, amount));
      }
    }
  });

  it('es and pt put the euro sign after with a comma', () => {
    expect(formatMoney(cents(2512), 'es').replace(/\s/g, ' ')).toBe('25,12 €');
    expect(formatMoney(cents(2512), 'pt').replace(/\s/g, ' ')).toBe('25,12 €');
  });
  it('en puts the euro sign first with a dot', () => {
    expect(formatMoney(cents(2512), 'en')).toBe('€25.12');
  });
});

describe('parseRate', () => {
  it('reads "21.00" as 2100 bp', () => expect(parseRate('21.00')).toBe(2100));
  it('throws on a negative rate', () => expect(() => parseRate('-1')).toThrow());
});

describe('moneyString and formatMoneyString: the API form of parseMoney', () => {
  it.each([
    ['5', '5.00'],
    ['25.1', '25.10'],
    ['25.12', '25.12'],
    ['-3.5', '-3.50'],
    ['0', '0.00'],
  ])('"%s" is "%s" in the API', (text, api) => {
    expect(moneyString(text)).toBe(api);
    expect(parseMoney(moneyString(text))).toBe(parseMoney(text));
  });
  it('throws on text that is not money', () => {
    expect(() => moneyString('25,12')).toThrow(RangeError);
    expect(() => moneyString('1.234')).toThrow(RangeError);
  });
});

describe('MONEY_PATTERNS accept only what parseMoney reads', () => {
  const texts = [
    '25.12',
    '-3.50',
    '25',
    '25.1',
    '0.05',
    '999999.99',
    '1000000',
    '-1',
    '25,12',
    '1.234',
    '',
    'abc',
    '1e3',
  ];
  it.each(Object.entries(MONEY_PATTERNS))('%s', (_name, pattern) => {
    const re = new RegExp(pattern);
    for (const text of texts) if (re.test(text)) expect(parseMoney(text), text).not.toBeNull();
  });

  it.each([
    ['moneyString', '25.12', true],
    ['moneyString', '-3.50', true],
    ['moneyString', '25', false],
    ['amount', '25.1', true],
    ['amount', '-1', false],
    ['price', '999999.99', true],
    ['price', '1000000', false],
  ] as const)('%s %j -> %s', (name, text, ok) => expect(new RegExp(MONEY_PATTERNS[name]).test(text)).toBe(ok));
});
