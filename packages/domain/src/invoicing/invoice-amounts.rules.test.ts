import { describe, expect, it } from 'vitest';
import { cents } from '../money/money.js';
import { invoiceAmounts, refundBreakdown, remainingBuckets, vatBreakdown, type VatBucket } from './invoice-amounts.js';

const bucket = (rateBp: number | null, base: number, tax: number): VatBucket => ({
  rateBp,
  base: cents(base),
  tax: cents(tax),
});

describe('vatBreakdown order and empty buckets', () => {
  it('highest rate first and the not-subject bucket last, whatever order the lines come in', () => {
    const lines = [bucket(null, 100, 0), bucket(600, 100, 6), bucket(2100, 100, 21), bucket(null, 50, 0)];
    expect(vatBreakdown(lines).map((b) => b.rateBp)).toEqual([2100, 600, null]);
    expect(vatBreakdown([bucket(600, 1, 0), bucket(null, 1, 0), bucket(2300, 1, 0)]).map((b) => b.rateBp)).toEqual([
      2300,
      600,
      null,
    ]);
  });
  it('a bucket with VAT but no base is kept; one that adds up to nothing is dropped', () => {
    expect(vatBreakdown([bucket(2100, 0, 5), bucket(600, 100, 6), bucket(600, -100, -6)])).toEqual([
      bucket(2100, 0, 5),
    ]);
  });
});

describe('invoiceAmounts line kinds', () => {
  it('the service line and the official fee line of an item', () => {
    const { lines } = invoiceAmounts(
      [
        {
          itemId: 7,
          productName: 'Marca',
          qty: 1,
          subtotal: cents(1000),
          tax: cents(210),
          fees: cents(500),
          total: cents(1710),
        },
      ],
      2100,
    );
    expect(lines.map((l) => [l.kind, l.rateBp, l.total])).toEqual([
      ['service', 2100, 1210],
      ['official_fee', null, 500],
    ]);
  });
  it('an item that does not add up is named in the error', () => {
    expect(() =>
      invoiceAmounts(
        [{ itemId: 7, productName: 'X', qty: 1, subtotal: cents(1), tax: cents(1), fees: cents(1), total: cents(4) }],
        2100,
      ),
    ).toThrow('Item 7: 1 + 1 + 1 != 4');
  });
});

describe('remainingBuckets', () => {
  it('a credit note at a rate the invoice does not have is a bug, named in the error', () => {
    expect(() => remainingBuckets([bucket(2100, 100, 21)], [[bucket(600, -10, -1)]])).toThrow(
      'Credit note bucket at rate 600 is not on the invoice',
    );
  });
});

describe('refundBreakdown: sharing a partial refund', () => {
  // 25.12 at 21% (20.76 + 4.36) and 10.00 of official fees: 35.12 left.
  const invoice = [bucket(2100, 2076, 436), bucket(null, 1000, 0)];
  it.each([
    // 10.00: 715.26 and 284.74 -> the larger remainder (the fees) takes the missing cent; 7.15 = 5.91 + 1.24 VAT.
    ['10.00 goes 7.15 / 2.85, the cent to the larger remainder', 1000, [bucket(2100, 591, 124), bucket(null, 285, 0)]],
    // 0.01: 0.0071 and 0.0028 -> only the taxed bucket gets a cent; the other share is 0 and is left out.
    ['one cent goes to one bucket only', 1, [bucket(2100, 1, 0)]],
    ['a refund of everything left gives back the buckets as they are', 3512, invoice],
  ])('%s', (_name, amount, expected) => {
    expect(refundBreakdown(invoice, cents(amount))).toEqual(expected);
  });

  it('equal remainders: the first bucket takes the missing cent', () => {
    expect(refundBreakdown([bucket(null, 100, 0), bucket(null, 100, 0)], cents(101))).toEqual([
      bucket(null, 51, 0),
      bucket(null, 50, 0),
    ]);
  });

  it('exhausted buckets are not part of the credit note, even for the whole rest', () => {
    const left = [bucket(2100, 0, 0), bucket(null, 1000, 0)];
    expect(refundBreakdown(left, cents(1000))).toEqual([bucket(null, 1000, 0)]);
    expect(refundBreakdown(left, cents(400))).toEqual([bucket(null, 400, 0)]);
  });

  it('an amount outside what is left is named in the error', () => {
    expect(() => refundBreakdown(invoice, cents(3513))).toThrow('Refund 3513 outside 1..3512');
  });
});
