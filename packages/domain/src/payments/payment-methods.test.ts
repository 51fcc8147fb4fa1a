import { describe, expect, it } from 'vitest';
import {
  defaultPaymentMethods,
  isJustSelected,
  isPaymentMethodCode,
  PAYMENT_JUST_SELECTED_MS,
  validateBizumPhone,
} from './payment-methods.js';

describe('defaultPaymentMethods (by store country, display order)', () => {
  it.each([
    ['ES', ['cc', 'bizum', 'paypal', 'bank']],
    ['PT', ['cc', 'multibanco', 'sibsmbway']],
    ['IE', ['cc', 'paypal']],
    ['GB', ['cc']],
  ])('%s -> %j', (country, methods) => {
    expect(defaultPaymentMethods(country)).toEqual(methods);
  });
});

describe('isPaymentMethodCode', () => {
  it.each([
    ['cc', true],
    ['sibsmbway', true],
    ['bank', true],
    ['stripe', false],
    [3, false],
  ])('%j -> %s', (value, ok) => {
    expect(isPaymentMethodCode(value)).toBe(ok);
  });
});

describe("isJustSelected (the spec's 5-minute window)", () => {
  const now = 1_700_000_000_000;
  it.each([
    [now, true],
    [now - PAYMENT_JUST_SELECTED_MS + 1, true],
    [now - PAYMENT_JUST_SELECTED_MS, false],
    [now + 1000, false],
    [Number.NaN, false],
  ])('selected at %s -> %s', (at, expected) => {
    expect(isJustSelected(at, now)).toBe(expected);
  });
});

describe('validateBizumPhone (Spanish mobiles only)', () => {
  it.each([
    ['612345678', { ok: true, normalised: '+34612345678' }],
    ['+34 712 345 678', { ok: true, normalised: '+34712345678' }],
    ['912345678', { ok: false, reason: 'format' }],
    ['812345678', { ok: false, reason: 'format' }],
    ['+351912345678', { ok: false, reason: 'format' }],
    ['', { ok: false, reason: 'empty' }],
  ])('%j', (value, expected) => {
    expect(validateBizumPhone(value)).toEqual(expected);
  });
});
