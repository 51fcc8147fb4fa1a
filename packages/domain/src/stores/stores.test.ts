import { describe, expect, it } from 'vitest';
import { countryFromOrderId, languageForStore, orderNumber, orderPrefix } from './stores.js';

describe('languageForStore (spec: pt 16, 26, 28; en 17, 18, 19; es otherwise; en 9, the English registry site)', () => {
  it.each([
    [1, 'es'],
    [9, 'en'],
    [12, 'es'],
    [14, 'es'],
    [15, 'es'],
    [16, 'pt'],
    [17, 'en'],
    [18, 'en'],
    [19, 'en'],
    [20, 'es'],
    [21, 'es'],
    [22, 'es'],
    [23, 'es'],
    [24, 'es'],
    [25, 'es'],
    [26, 'pt'],
    [27, 'es'],
    [28, 'pt'],
  ])('store %i speaks %s', (store, language) => {
    expect(languageForStore(store)).toBe(language);
  });
});

describe('order numbers carry the store prefix', () => {
  it.each([
    [1, 1, 100000001],
    [9, 1, 900000001],
    [12, 42, 120000042],
    [16, 1, 160000001],
    [28, 9999999, 289999999],
  ])('store %i, sequence %i -> %i', (store, seq, expected) => {
    expect(orderNumber(store, seq)).toBe(expected);
  });
  it('refuses a sequence that would overflow the 9 digits', () => {
    expect(() => orderNumber(1, 10_000_000)).toThrow(RangeError);
    expect(() => orderNumber(1, 0)).toThrow(RangeError);
  });
  it('refuses store ids without a two-digit prefix', () => {
    expect(() => orderPrefix(100)).toThrow(RangeError);
  });
});

describe('countryFromOrderId agrees with the stores that own each prefix', () => {
  it.each([
    [1, 'ES'],
    [9, 'ES'],
    [12, 'ES'],
    [14, 'ES'],
    [15, 'ES'],
    [21, 'ES'],
    [16, 'PT'],
    [26, 'PT'],
    [28, 'PT'],
  ])('an order of store %i is in %s', (store, country) => {
    expect(countryFromOrderId(orderNumber(store, 123))).toBe(country);
  });
  it('says nothing for prefixes the spec does not list', () => {
    expect(countryFromOrderId(170000001)).toBeNull();
    expect(countryFromOrderId('250000001')).toBeNull();
  });
});
