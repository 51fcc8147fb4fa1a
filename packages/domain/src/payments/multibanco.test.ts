import { describe, expect, it } from 'vitest';
import {
  formatMultibancoReference,
  multibancoCheckDigits,
  multibancoReference,
  validateMultibancoReference,
} from './multibanco.js';

describe('multibancoReference (check digits of iberian-algorithms.md)', () => {
  it.each([
    // The reference's constructed vector: entity 12345, sub-entity 123, id 4567, 39.99 EUR -> 123 456 787.
    ['12345', '123', 4567, 3999, '123456787'],
    // Same id, one cent more: the check digits change (they bind the amount).
    ['12345', '123', 4567, 4000, `1234567${multibancoCheckDigits('12345', '123', '4567', 4000)}`],
    // Only the last 4 digits of a long order id are used.
    ['12345', '123', 1000004567, 3999, '123456787'],
  ])('entity %s sub-entity %s order %s amount %s -> %s', (entity, sub, order, amount, expected) => {
    expect(multibancoReference(entity, sub, order, amount)).toEqual({ entity, reference: expected });
  });

  it('the check digits are 98 - (weighted sum mod 97), always two digits', () => {
    // Weighted sum for N = 12345 123 4567 00003999 computed by hand from the right: 3*9 + 30*9 + 9*9 + 90*3 + ...
    expect(multibancoCheckDigits('12345', '123', '4567', 3999)).toBe('87');
    for (let amount = 1; amount < 5000; amount += 37) {
      expect(multibancoCheckDigits('21312', '999', '0001', amount)).toMatch(/^\d{2}$/);
    }
  });

  it('another amount gives other check digits than 39.99', () => {
    expect(multibancoCheckDigits('12345', '123', '4567', 3998)).not.toBe('87');
  });

  it('refuses malformed parts', () => {
    expect(() => multibancoCheckDigits('1234', '123', '4567', 100)).toThrow(RangeError);
    expect(() => multibancoCheckDigits('12345', '123', '4567', 0)).toThrow(RangeError);
  });
});

describe('validateMultibancoReference', () => {
  it.each([
    ['12345', '123456787', 3999, { ok: true, normalised: '123456787' }],
    ['12345', '123 456 787', 3999, { ok: true, normalised: '123456787' }],
    ['12345', '123456787', 4000, { ok: false, reason: 'check' }],
    ['12345', '123456788', 3999, { ok: false, reason: 'check' }],
    ['54321', '123456787', 3999, { ok: false, reason: 'check' }],
    ['12345', '12345678', 3999, { ok: false, reason: 'format' }],
    ['12345', '', 3999, { ok: false, reason: 'empty' }],
  ])('entity %s reference %j amount %s', (entity, reference, amount, expected) => {
    expect(validateMultibancoReference(entity, reference, amount)).toEqual(expected);
  });
});

describe('formatMultibancoReference', () => {
  it('groups 3+3+3', () => {
    expect(formatMultibancoReference('123456787')).toBe('123 456 787');
  });
});
