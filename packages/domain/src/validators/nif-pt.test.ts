import { describe, expect, it } from 'vitest';
import { portugueseNifCheckDigit, validatePortugueseNif } from './nif-pt.js';

describe('validatePortugueseNif', () => {
  it('computes the check digit of the published example', () => {
    expect(portugueseNifCheckDigit('50196484')).toBe(3);
  });

  it.each([
    ['501964843', '501964843'], // published
    ['123456789', '123456789'], // constructed: person
    ['298765438', '298765438'],
    ['300000006', '300000006'], // range 3, issued since 2019
    ['600000001', '600000001'], // public body
    ['800000005', '800000005'], // old sole trader range
    ['999999990', '999999990'], // remainder 1: check 10 becomes 0
    ['451234561', '451234561'], // 45: non-resident person
    ['701234563', '701234563'], // 70: undivided estate (herança indivisa)
    ['740000012', '740000012'],
    [' PT501964843 ', '501964843'], // VAT form
    ['pt501964843', '501964843'],
  ])('accepts %j as %s', (value, normalised) => {
    expect(validatePortugueseNif(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['501964842', 'check'], // published invalid
    ['123456780', 'check'],
    ['012345679', 'format'], // right check digit, unassigned first digit 0
    ['400000008', 'format'], // 4 only as 45
    ['730000001', 'format'], // 73 is not assigned
    ['50196484', 'format'],
    ['5019648430', 'format'],
    ['50196484A', 'format'],
    ['501 964 843', 'separators'],
    ['501-964-843', 'separators'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validatePortugueseNif(value)).toEqual({ ok: false, reason });
  });
});
