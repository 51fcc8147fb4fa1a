import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, isLanguage, orderNumber, orderPrefix, storeId } from './stores.js';

describe('storeId', () => {
  it.each([1, 16, 99])('wraps %s', (id) => {
    expect(storeId(id)).toBe(id);
  });
  it.each([0, -1, 1.5, Number.NaN])('refuses %s', (id) => {
    expect(() => storeId(id)).toThrow(`Not a store id: ${id}`);
  });
});

describe('isLanguage', () => {
  it.each([
    ['es', true],
    ['en', true],
    ['pt', true],
    ['fr', false],
    ['ES', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });
});

describe('orderPrefix and orderNumber bounds', () => {
  it.each([
    [1, '10'],
    [9, '90'],
    [10, '10'],
    [99, '99'],
  ])('store %s -> prefix %s', (store, prefix) => {
    expect(orderPrefix(store)).toBe(prefix);
  });
  it.each([0, 100])('store %s has no prefix', (store) => {
    expect(() => orderPrefix(store)).toThrow(`No order prefix for store ${store}`);
  });
  it('a sequence of 8 digits does not fit', () => {
    expect(() => orderNumber(1, 10_000_000)).toThrow('Order sequence out of range: 10000000');
  });
  it('the default language is Spanish', () => {
    expect(DEFAULT_LANGUAGE).toBe('es');
  });
});
