import { describe, expect, it } from 'vitest';
import { bbanMatchesRegistry, IBAN_BBAN_STRUCTURES, IBAN_LENGTHS, parseBbanStructure } from './iban-registry.js';

// The EU and EEA countries, and the other SEPA countries a customer may pay from.
const EU = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');
const EEA = ['IS', 'LI', 'NO'];
const OTHER_SEPA = 'AD AL CH GB GI MC MD ME MK SM VA'.split(' ');

describe('IBAN registry table', () => {
  it('holds every EU, EEA and other SEPA country, and only those', () => {
    expect(Object.keys(IBAN_BBAN_STRUCTURES).sort()).toEqual([...EU, ...EEA, ...OTHER_SEPA].sort());
  });

  it.each([
    ['ES', '4!n4!n1!n1!n10!n', 24],
    ['PT', '4!n4!n11!n2!n', 25],
    ['IE', '4!a6!n8!n', 22],
    ['GB', '4!a6!n8!n', 22],
    ['FR', '5!n5!n11!c2!n', 27],
    ['IT', '1!a5!n5!n12!c', 27],
    ['NL', '4!a10!n', 18],
    ['MT', '4!a5!n18!c', 31],
    ['NO', '4!n6!n1!n', 15],
    ['VA', '3!n15!n', 22],
  ])('%s is %s, %i characters', (country, structure, length) => {
    expect(IBAN_BBAN_STRUCTURES[country]).toBe(structure);
    expect(IBAN_LENGTHS[country]).toBe(length);
  });

  it('reads a structure into runs', () => {
    expect(parseBbanStructure('4!a6!n8!c')).toEqual([
      { length: 4, kind: 'a' },
      { length: 6, kind: 'n' },
      { length: 8, kind: 'c' },
    ]);
  });

  it.each([
    ['IE', 'AIBK93115212345678', true],
    ['IE', 'AIB193115212345678', false], // a digit among the bank code's letters
    ['IE', 'AIBK9311521234567X', false], // a letter among the account's digits
    ['IE', 'AIBK9311521234567', false],
    ['PT', '000201231234567890154', true],
    ['PT', '0002A1231234567890154', false],
    ['FR', '20041010050500013M02606', true], // letters allowed in the account
    ['FR', '2004101005050001300260X', false], // not in the national check digits
    ['ES', '21000418450200051332', true],
    ['ES', '2100041845020005133A', false],
    ['IT', '00542811101000000123456X', false], // the CIN must be a letter
    ['US', '12345678', undefined],
  ])('%s %s matches: %s', (country, bban, expected) => {
    expect(bbanMatchesRegistry(country, bban)).toBe(expected);
  });
});
