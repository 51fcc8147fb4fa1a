import { describe, expect, it } from 'vitest';
import { validateBillingTaxId, type BillingCountry } from './billing-data.js';

describe('billing tax id by country', () => {
  it.each([
    ['ES', '12345678Z', { ok: true, normalised: '12345678Z' }],
    ['ES', 'b86670460', { ok: true, normalised: 'B86670460' }],
    ['ES', 'ESB86670460', { ok: true, normalised: 'B86670460' }],
    ['ES', 'X1234567L', { ok: true, normalised: 'X1234567L' }],
    ['ES', '12345678A', { ok: false, reason: 'check' }],
    ['ES', 'J99216583', { ok: false, reason: 'check' }],
    ['PT', '501964843', { ok: true, normalised: '501964843' }],
    ['PT', '501964844', { ok: false, reason: 'check' }],
    ['IE', 'IE1234567T', { ok: true, normalised: 'IE1234567T' }],
    ['FR', 'FR 123', { ok: false, reason: 'separators' }],
    ['OTHER', 'x', { ok: false, reason: 'format' }],
    ['ES', '  ', { ok: false, reason: 'empty' }],
  ])('%s %s -> %j', (country, value, expected) => {
    expect(validateBillingTaxId(country as BillingCountry, value)).toEqual(expected);
  });
});
