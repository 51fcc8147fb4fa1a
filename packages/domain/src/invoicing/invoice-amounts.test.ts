import { describe, expect, it } from 'vitest';
import { cents, type Cents } from '../money/money.js';
import {
  checkRefundAmount,
  invoiceAmounts,
  negateBuckets,
  refundBreakdown,
  remainingBuckets,
  totalsOf,
  vatBreakdown,
  type InvoiceableItem,
  type VatBucket,
} from './invoice-amounts.js';

const item = (
  itemId: number,
  subtotal: number,
  tax: number,
  fees = 0,
  productName = 'Nota simple',
): InvoiceableItem => ({
  itemId,
  productName,
  qty: 1,
  subtotal: cents(subtotal),
  tax: cents(tax),
  fees: cents(fees),
  total: cents(subtotal + tax + fees),
});
const bucket = (rateBp: number | null, base: number, tax: number): VatBucket => ({
  rateBp,
  base: cents(base),
  tax: cents(tax),
});

describe('invoice lines and VAT breakdown from order items', () => {
  it.each([
    {
      name: 'ES nota simple at 21 %',
      items: [item(1, 2076, 436)],
      rate: 2100,
      breakdown: [bucket(2100, 2076, 436)],
      totals: { baseTotal: 2076, taxTotal: 436, notSubjectTotal: 0, total: 2512 },
      lines: 1,
    },
    {
      name: 'ES urgent nota simple + a certificate, one rate',
      items: [item(1, 2651, 557), item(2, 7000, 1470)],
      rate: 2100,
      breakdown: [bucket(2100, 9651, 2027)],
      totals: { baseTotal: 9651, taxTotal: 2027, notSubjectTotal: 0, total: 11678 },
      lines: 2,
    },
    {
      name: 'ES national trademark: official fee not subject to VAT',
      items: [item(1, 8027, 1686, 12788, 'Registro de marca nacional')],
      rate: 2100,
      breakdown: [bucket(2100, 8027, 1686), bucket(null, 12788, 0)],
      totals: { baseTotal: 8027, taxTotal: 1686, notSubjectTotal: 12788, total: 22501 },
      lines: 2,
    },
    {
      name: 'ES civil certificate: the plain rule (23.97 + 5.03 = 29.00)',
      items: [item(1, 2397, 503)],
      rate: 2100,
      breakdown: [bucket(2100, 2397, 503)],
      totals: { baseTotal: 2397, taxTotal: 503, notSubjectTotal: 0, total: 2900 },
      lines: 1,
    },
    {
      name: 'PT certidão permanente at 23 %',
      items: [item(1, 3490, 803)],
      rate: 2300,
      breakdown: [bucket(2300, 3490, 803)],
      totals: { baseTotal: 3490, taxTotal: 803, notSubjectTotal: 0, total: 4293 },
      lines: 1,
    },
    {
      name: 'IE folio copy at the Irish standard rate 23 %',
      items: [item(1, 4000, 920)],
      rate: 2300,
      breakdown: [bucket(2300, 4000, 920)],
      totals: { baseTotal: 4000, taxTotal: 920, notSubjectTotal: 0, total: 4920 },
      lines: 1,
    },
  ])('$name', ({ items, rate, breakdown, totals, lines }) => {
    const result = invoiceAmounts(items, rate);
    expect(result.breakdown).toEqual(breakdown);
    expect({
      baseTotal: result.baseTotal,
      taxTotal: result.taxTotal,
      notSubjectTotal: result.notSubjectTotal,
      total: result.total,
    }).toEqual(totals);
    expect(result.lines).toHaveLength(lines);
    expect(result.lines.reduce((a, l) => a + l.total, 0)).toBe(totals.total);
  });

  it('refuses an item whose amounts do not add up', () => {
    expect(() => invoiceAmounts([{ ...item(1, 2076, 436), total: cents(2513) }], 2100)).toThrow(RangeError);
  });

  it('orders buckets by rate, not-subject last, and drops empty ones', () => {
    expect(
      vatBreakdown([
        { rateBp: null, base: cents(100), tax: cents(0) },
        { rateBp: 1000, base: cents(50), tax: cents(5) },
        { rateBp: 2100, base: cents(0), tax: cents(0) },
        { rateBp: 2300, base: cents(10), tax: cents(2) },
      ]).map((b) => b.rateBp),
    ).toEqual([2300, 1000, null]);
  });

  it.each([
    [[null, 0, 1000, 2100]],
    [[2100, 1000, 0, null]],
    [[1000, null, 2100, 0]],
    [[0, 2100, null, 1000]],
    [[null, 2100, 0, 1000]],
  ])('orders buckets %j as 21 %, 10 %, 0 %, not subject', (rates) => {
    expect(
      vatBreakdown(rates.map((rateBp) => ({ rateBp, base: cents(100), tax: cents(0) }))).map((b) => b.rateBp),
    ).toEqual([2100, 1000, 0, null]);
  });
});

describe('credit notes: refund breakdown', () => {
  const nota = [bucket(2100, 2076, 436)];
  const trademark = [bucket(2100, 8027, 1686), bucket(null, 12788, 0)];

  it.each([
    {
      name: 'total refund of a nota simple mirrors the invoice',
      remaining: nota,
      amount: 2512,
      expected: [bucket(2100, 2076, 436)],
    },
    {
      name: 'partial 10.00 of a nota simple: 8.26 + 1.74 VAT',
      remaining: nota,
      amount: 1000,
      expected: [bucket(2100, 826, 174)],
    },
    { name: 'partial 0.01', remaining: nota, amount: 1, expected: [bucket(2100, 1, 0)] },
    {
      name: 'partial of a trademark order, shared in proportion to gross (97.13 : 127.88)',
      remaining: trademark,
      amount: 10000,
      expected: [bucket(2100, 3568, 749), bucket(null, 5683, 0)],
    },
    { name: 'total refund of a trademark order', remaining: trademark, amount: 22501, expected: trademark },
    {
      name: 'all but a cent of a trademark-like order: the not-subject cent goes by largest remainder',
      remaining: [bucket(2100, 10000, 2100), bucket(null, 1, 0)],
      amount: 12100,
      expected: [bucket(2100, 9999, 2100), bucket(null, 1, 0)],
    },
    {
      name: 'equal remainders: the odd cent goes to the first bucket',
      remaining: [bucket(2100, 1000, 210), bucket(1000, 1100, 110)],
      amount: 1211,
      expected: [bucket(2100, 501, 105), bucket(1000, 550, 55)],
    },
    {
      name: 'only VAT left in a bucket (rounding of earlier refunds): the share is all VAT',
      remaining: [bucket(2100, 0, 2)],
      amount: 1,
      expected: [bucket(2100, 0, 1)],
    },
    {
      name: 'the rest after a partial refund (exactly what is left, so the sum is zero)',
      remaining: [bucket(2100, 1250, 262)],
      amount: 1512,
      expected: [bucket(2100, 1250, 262)],
    },
  ])('$name', ({ remaining, amount, expected }) => {
    const result = refundBreakdown(remaining, cents(amount));
    expect(result).toEqual(expected);
    expect(totalsOf(result).total).toBe(amount);
  });

  it.each([0, -1, 2513])('refuses %i on a 25.12 invoice', (amount) => {
    expect(() => refundBreakdown(nota, cents(amount))).toThrow(RangeError);
  });

  it('a sequence of partial refunds then the rest adds up to the invoice exactly, per bucket', () => {
    const invoice = [bucket(2100, 8027, 1686), bucket(2300, 999, 230), bucket(null, 12788, 0)];
    const notes: VatBucket[][] = [];
    for (const amount of [1, 777, 5000, 3333]) {
      notes.push(negateBuckets(refundBreakdown(remainingBuckets(invoice, notes), cents(amount))));
    }
    const left = remainingBuckets(invoice, notes);
    const rest = totalsOf(left).total;
    notes.push(negateBuckets(refundBreakdown(left, rest)));
    expect(remainingBuckets(invoice, notes)).toEqual(invoice.map((b) => bucket(b.rateBp, 0, 0)));
    for (const note of notes) for (const b of note) expect(b.base <= 0 && b.tax <= 0).toBe(true);
  });
});

describe('refund amount rule', () => {
  it.each([
    [1000, 2512, { ok: true }],
    [2512, 2512, { ok: true }],
    [0, 2512, { ok: false, reason: 'not_positive' }],
    [-5, 2512, { ok: false, reason: 'not_positive' }],
    [2513, 2512, { ok: false, reason: 'exceeds_refundable' }],
    [1, 0, { ok: false, reason: 'exceeds_refundable' }],
  ])('%i of %i refundable -> %j', (amount, refundable, expected) => {
    expect(checkRefundAmount(amount as Cents, refundable as Cents)).toEqual(expected);
  });
});
