import { describe, expect, it } from 'vitest';
import { validateMbWayPhone, validatePortuguesePhone, validateSpanishPhone } from './phones.js';

describe('validateSpanishPhone', () => {
  it.each([
    ['612345678', '+34612345678'],
    ['712 345 678', '+34712345678'],
    ['912 34 56 78', '+34912345678'],
    ['812345678', '+34812345678'],
    ['+34 612 345 678', '+34612345678'],
    ['0034612345678', '+34612345678'],
    [' 612345678 ', '+34612345678'],
  ])('accepts %j as %s', (value, normalised) => {
    expect(validateSpanishPhone(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['512345678', 'format'], // no Spanish number starts with 5
    ['012345678', 'format'],
    ['61234567', 'format'],
    ['6123456789', 'format'],
    ['+351912345678', 'format'],
    ['+33612345678', 'format'],
    ['612-345-678', 'format'],
    ['61234567a', 'format'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateSpanishPhone(value)).toEqual({ ok: false, reason });
  });
});

describe('validatePortuguesePhone', () => {
  it.each([
    ['912345678', '+351912345678'],
    ['212 345 678', '+351212345678'],
    ['+351 912 345 678', '+351912345678'],
    ['00351912345678', '+351912345678'],
    ['351#912345678', '+351912345678'], // as MB WAY shows it
  ])('accepts %j as %s', (value, normalised) => {
    expect(validatePortuguesePhone(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['612345678', 'format'],
    ['312345678', 'format'],
    ['91234567', 'format'],
    ['9123456789', 'format'],
    ['+34912345678', 'format'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validatePortuguesePhone(value)).toEqual({ ok: false, reason });
  });
});

describe('validateMbWayPhone gives the 351#9XXXXXXXX form', () => {
  it.each([
    ['351#912345678', '351#912345678'],
    ['912345678', '351#912345678'],
    ['+351 962 345 678', '351#962345678'],
    ['00351932345678', '351#932345678'],
  ])('accepts %j as %s', (value, normalised) => {
    expect(validateMbWayPhone(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['212345678', 'format'], // a landline cannot approve a payment
    ['351#212345678', 'format'],
    ['351#91234567', 'format'],
    ['34#912345678', 'format'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateMbWayPhone(value)).toEqual({ ok: false, reason });
  });
});
