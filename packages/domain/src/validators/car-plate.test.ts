import { describe, expect, it } from 'vitest';
import { validateSpanishPlate } from './car-plate.js';

describe('validateSpanishPlate', () => {
  it.each([
    ['1234BCD', '1234BCD'],
    ['0000BBB', '0000BBB'],
    ['9999ZZZ', '9999ZZZ'],
    ['1234 bcd', '1234BCD'],
    ['1234-BCD', '1234BCD'],
    ['M1234AB', 'M1234AB'], // old provincial
    ['M-1234-AB', 'M1234AB'],
    ['b 1234 z', 'B1234Z'],
    ['GC1234AZ', 'GC1234AZ'],
    ['PM0001A', 'PM0001A'],
  ])('accepts %j as %s', (value, normalised) => {
    expect(validateSpanishPlate(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['1234BAD', 'format'], // vowel
    ['1234BCE', 'format'],
    ['1234BCQ', 'format'], // Q is not used
    ['1234BCÑ', 'format'], // Ñ is not used
    ['123BCD', 'format'],
    ['12345BCD', 'format'],
    ['1234BC', 'format'],
    ['BCD1234', 'format'],
    ['XX1234AB', 'format'], // not a province
    ['M1234ABC', 'format'],
    ['M123AB', 'format'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateSpanishPlate(value)).toEqual({ ok: false, reason });
  });
});
