import { describe, expect, it } from 'vitest';
import { validateIdufir } from './idufir.js';

describe('validateIdufir', () => {
  it.each([
    ['28087000123456', '28087000123456'],
    [' 2808 7000 1234 56 ', '28087000123456'],
  ])('accepts %j as %s', (value, normalised) => {
    expect(validateIdufir(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['2808700012345', 'format'],
    ['280870001234567', 'format'],
    ['2808700012345A', 'format'],
    ['2808-7000-1234-56', 'format'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateIdufir(value)).toEqual({ ok: false, reason });
  });
});
