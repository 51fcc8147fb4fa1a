import { describe, expect, it } from 'vitest';
import { formatMoneyString, money, parseRate } from '../money/money.js';
import type { RelatedProduct } from '../forms/product-form.js';
import { atFeeProductPrices, catalogPrice, feeLines, listPrice } from './list-price.js';

const ES = parseRate('21.00');
const PT = parseRate('23.00');

function fee(product_id: number, price: string, vat: boolean): RelatedProduct {
  return { product_id, name: `fee ${product_id}`, price: money(price), vat };
}

describe('listPrice: base + VAT half-up + official fee + fee lines, each with its own tax rule', () => {
  const CASES: ReadonlyArray<
    [label: string, base: string, officialFee: string, lines: RelatedProduct[], rate: typeof ES, price: string]
  > = [
    ['nota simple (spec: 20.76 -> 25.12)', '20.76', '0.00', [], ES, '25.12'],
    ['60.00 -> 72.60', '60.00', '0.00', [], ES, '72.60'],
    ['certidão permanente in Portugal (23 %)', '34.90', '0.00', [], PT, '42.93'],
    ['residence card: official fee without VAT', '115.00', '96.97', [], ES, '236.12'],
    [
      'national trademark: fee line without VAT (spec 225.01)',
      '80.27',
      '0.00',
      [fee(20101, '127.88', false)],
      ES,
      '225.01',
    ],
    ['EU trademark: fee line without VAT (spec 1595)', '615.70', '0.00', [fee(20102, '850.00', false)], ES, '1595.00'],
    ['a fee line with VAT pays VAT at the store rate', '10.00', '0.00', [fee(1, '10.00', true)], ES, '24.20'],
    [
      'VAT of each fee line rounded on its own',
      '0.00',
      '0.00',
      [fee(1, '0.02', true), fee(2, '0.02', true)],
      ES,
      '0.04',
    ],
    [
      'official fee and fee lines together',
      '10.00',
      '1.00',
      [fee(1, '2.00', false), fee(2, '1.00', true)],
      ES,
      '16.31',
    ],
  ];

  it.each(CASES)('%s', (_, base, officialFee, lines, rate, price) => {
    const product = { base_price: money(base), official_fee: money(officialFee), related_product: lines };
    expect(formatMoneyString(listPrice(product, rate))).toBe(price);
  });

  it('without fee lines it is the catalogue price', () => {
    const product = { base_price: money('20.76'), official_fee: money('1.00') };
    expect(listPrice(product, ES)).toBe(catalogPrice(money('20.76'), money('1.00'), ES));
  });
});

describe('feeLines: each fee line with its tax', () => {
  it.each([
    ['without VAT: no tax, the whole fee', fee(7, '127.88', false), '0.00', '127.88'],
    ['with VAT: tax at the store rate, half-up', fee(8, '20.76', true), '4.36', '25.12'],
  ] as const)('%s', (_, line, tax, total) => {
    const [priced] = feeLines([line], ES);
    expect(priced).toEqual({ ...line, tax: money(tax), total: money(total) });
  });

  it('no fee lines: none', () => {
    expect(feeLines(undefined, ES)).toEqual([]);
  });
});

describe('atFeeProductPrices: a fee line costs what its fee product costs now', () => {
  const feeProducts = new Map([[20101, { name: 'Tasa OEPM', price: money('130.00') }]]);

  it.each([
    [
      'a known fee product: its price and name',
      fee(20101, '127.88', false),
      { name: 'Tasa OEPM', price: money('130.00') },
    ],
    ['no fee product: the line keeps its own', fee(999, '5.00', true), {}],
  ] as const)('%s', (_, line, changed) => {
    expect(atFeeProductPrices([line], (id) => feeProducts.get(id))).toEqual([{ ...line, ...changed }]);
  });
});
