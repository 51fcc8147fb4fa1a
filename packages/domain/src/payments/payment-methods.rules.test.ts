import { describe, expect, it } from 'vitest';
import { isAsynchronousMethod, isPaymentMethodCode, PAYMENT_METHOD_CODES } from './payment-methods.js';

describe('isAsynchronousMethod: the result arrives later for Multibanco, MB WAY and transfers', () => {
  const asynchronous = ['multibanco', 'sibsmb', 'sibsmbway', 'bank'];
  it.each(PAYMENT_METHOD_CODES.map((code) => [code, asynchronous.includes(code)] as const))(
    '%s -> %s',
    (code, expected) => {
      expect(isAsynchronousMethod(code)).toBe(expected);
    },
  );
});

describe('isPaymentMethodCode', () => {
  it.each([
    ['cc', true],
    ['bank', true],
    ['card', false],
    [42, false],
    [['cc'], false],
  ])('%j -> %s', (value, expected) => {
    expect(isPaymentMethodCode(value)).toBe(expected);
  });
});
