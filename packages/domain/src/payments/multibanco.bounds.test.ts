import { describe, expect, it } from 'vitest';
import { multibancoCheckDigits, multibancoReference, validateMultibancoReference } from './multibanco.js';

describe('multibancoCheckDigits: the parts and the amount it accepts', () => {
  it.each([
    ['entity of 4 digits', '1234', '123', '4567', 100],
    ['entity of 6 digits', '123456', '123', '4567', 100],
    ['entity with a letter', '1234a', '123', '4567', 100],
    ['sub-entity of 2 digits', '12345', '12', '4567', 100],
    ['sub-entity of 4 digits', '12345', '1234', '4567', 100],
    ['sub-entity with a letter', '12345', '12a', '4567', 100],
    ['id of 3 digits', '12345', '123', '456', 100],
    ['id of 5 digits', '12345', '123', '45678', 100],
    ['id with a letter', '12345', '123', '456a', 100],
  ])('refuses an %s', (_name, entity, sub, id, amount) => {
    expect(() => multibancoCheckDigits(entity, sub, id, amount)).toThrow('entity 5, sub-entity 3 and id 4 digits');
  });

  it.each([
    ['zero', 0],
    ['a negative amount', -100],
    ['a fraction of a cent', 10.5],
    ['over 999999.99', 100_000_000],
  ])('refuses %s', (_name, amount) => {
    expect(() => multibancoCheckDigits('12345', '123', '4567', amount)).toThrow('amount between 0.01 and 999999.99');
  });

  it.each([
    ['one cent', 1],
    ['999999.99', 99_999_999],
  ])('accepts %s', (_name, amount) => {
    expect(multibancoCheckDigits('12345', '123', '4567', amount)).toMatch(/^\d{2}$/);
  });
});

describe('multibancoReference: the id part', () => {
  it.each([
    ['a short order id is padded with zeros', 45, '0045'],
    ['letters and dashes of an order id are ignored', 'PT-4567', '4567'],
  ])('%s', (_name, orderId, id) => {
    expect(multibancoReference('12345', '123', orderId, 3999).reference.slice(3, 7)).toBe(id);
  });
});

describe('validateMultibancoReference: shapes', () => {
  it.each([
    ['a reference of 10 digits', '12345', '1234567870'],
    ['a reference with a letter in front', '12345', 'a123456787'],
    ['an entity of 6 digits', '123456', '123456787'],
    ['an entity with a letter in front', 'a12345', '123456787'],
  ])('refuses %s', (_name, entity, reference) => {
    expect(validateMultibancoReference(entity, reference, 3999)).toEqual({ ok: false, reason: 'format' });
  });
});
