import { describe, expect, it } from 'vitest';
import { cents, formatMoneyString, money, parseRate, sum } from '../money/money.js';
import { lineAmounts, orderTotals } from './order-totals.js';
import type { PriceBreakdown, RelatedFeeLine } from './price-breakdown.js';

const ES = parseRate('21.00');

function related(price: string, vat: boolean): RelatedFeeLine {
  const p = money(price);
  const tax = vat ? money((Math.round(p * 0.21) / 100).toFixed(2)) : cents(0);
  return { product_id: 1, name: 'fee', vat, price: p, tax, total: cents(p + tax) };
}

/** A unit price as the engine gives it: subtotal, its tax, an official fee and fee lines. */
function unit(subtotal: string, tax: string, fees: string, lines: RelatedFeeLine[] = []): PriceBreakdown {
  const s = money(subtotal);
  const t = money(tax);
  const f = money(fees);
  return {
    base: s,
    options: cents(0),
    subtotal: s,
    tax: t,
    fees: f,
    related: lines,
    total: sum([s, t, f, ...lines.map((l) => l.total)]),
  };
}

const show = (a: { subtotal: number; tax: number; fees: number; total: number }) =>
  [a.subtotal, a.tax, a.fees, a.total].map((v) => formatMoneyString(cents(v)));

describe('lineAmounts: fee lines folded in so that subtotal + tax + fees = total', () => {
  it.each([
    ['no fee lines', unit('20.76', '4.36', '0.00'), ['20.76', '4.36', '0.00', '25.12']],
    ['official fee counts as fees', unit('115.00', '24.15', '96.97'), ['115.00', '24.15', '96.97', '236.12']],
    [
      'fee line without VAT goes to fees',
      unit('80.27', '16.86', '0.00', [related('127.88', false)]),
      ['80.27', '16.86', '127.88', '225.01'],
    ],
    [
      'fee line with VAT goes to subtotal and tax',
      unit('10.00', '2.10', '0.00', [related('10.00', true)]),
      ['20.00', '4.20', '0.00', '24.20'],
    ],
  ] as const)('%s', (_, price, expected) => {
    const a = lineAmounts(price);
    expect(show(a)).toEqual(expected);
    expect(a.subtotal + a.tax + a.fees).toBe(a.total);
  });
});

describe('orderTotals: lines times quantity, summed, with the VAT by rate', () => {
  it('an empty cart is zero everywhere, with no VAT buckets', () => {
    expect(orderTotals([], ES)).toEqual({ subtotal: 0, tax: 0, fees: 0, total: 0, lines: [], vat: [] });
  });

  it.each([
    ['one nota simple', [{ price: unit('20.76', '4.36', '0.00'), qty: 1 }], ['20.76', '4.36', '0.00', '25.12']],
    [
      'quantity multiplies every amount',
      [{ price: unit('20.76', '4.36', '0.00'), qty: 3 }],
      ['62.28', '13.08', '0.00', '75.36'],
    ],
    [
      'a trademark and a nota simple',
      [
        { price: unit('80.27', '16.86', '0.00', [related('127.88', false)]), qty: 1 },
        { price: unit('20.76', '4.36', '0.00'), qty: 2 },
      ],
      ['121.79', '25.58', '127.88', '275.25'],
    ],
  ] as const)('%s', (_, lines, expected) => {
    const totals = orderTotals(lines, ES);
    expect(show(totals)).toEqual(expected);
    expect(totals.lines).toEqual(lines.map((l) => lineAmounts(l.price)));
  });

  it('VAT by rate: the taxable base at the store rate, the not-subject fees apart', () => {
    const totals = orderTotals([{ price: unit('80.27', '16.86', '0.00', [related('127.88', false)]), qty: 2 }], ES);
    expect(totals.vat).toEqual([
      { rateBp: 2100, base: money('160.54'), tax: money('33.72') },
      { rateBp: null, base: money('255.76'), tax: 0 },
    ]);
  });

  it('no fees: no not-subject bucket', () => {
    expect(orderTotals([{ price: unit('20.76', '4.36', '0.00'), qty: 1 }], ES).vat).toEqual([
      { rateBp: 2100, base: money('20.76'), tax: money('4.36') },
    ]);
  });
});
