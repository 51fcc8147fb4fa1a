import { describe, expect, it } from 'vitest';
import { cadastralControlLetters, validateCadastralReference } from './cadastral-reference.js';

describe('validateCadastralReference', () => {
  it.each([
    ['7837301VG8173B0001', 'TT'],
    ['4A08169P03PRAT0001', 'LR'],
  ])('computes the published controls of %s: %s', (first18, controls) => {
    expect(cadastralControlLetters(first18)).toBe(controls);
  });

  it.each([
    ['7837301VG8173B0001TT', '7837301VG8173B0001TT'], // published
    ['4A08169P03PRAT0001LR', '4A08169P03PRAT0001LR'], // published, rustic shape
    ['7837301 VG8173B 0001 TT', '7837301VG8173B0001TT'], // as printed on receipts
    [' 7837301vg8173b0001tt ', '7837301VG8173B0001TT'],
    ['7837301VÑ8173B0001TP', '7837301VÑ8173B0001TP'], // constructed: Ñ is 15, between N and O
    ['7837301vñ8173b0001tp', '7837301VÑ8173B0001TP'],
    ['7837301VN8173B0001TK', '7837301VN8173B0001TK'], // constructed: the same with N
  ])('accepts %j as %s', (value, normalised) => {
    expect(validateCadastralReference(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['7837301VG8173B0001TR', 'check'],
    ['7837301VG8173B0001RT', 'check'],
    ['7837301VG8173B0002TT', 'check'], // the unit counts in both controls
    ['7837302VG8173B0001TT', 'check'],
    ['7837301VN8173B0001TP', 'check'], // N and Ñ are different letters
    ['4A08169P03PRAT0001RL', 'check'],
    ['7837301VG8173B0001T', 'format'],
    ['7837301VG8173B0001TTT', 'format'],
    ['7837301VG8173B000117', 'format'],
    ['7837301-VG8173B-0001-TT', 'format'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateCadastralReference(value)).toEqual({ ok: false, reason });
  });
});
