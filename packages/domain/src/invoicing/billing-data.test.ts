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
    ['ES', 'M6976964Y', { ok: true, normalised: 'M6976964Y' }], // a foreigner without NIE
    ['ES', 'ESK1234567L', { ok: true, normalised: 'K1234567L' }],
    ['ES', 'M6976964X', { ok: false, reason: 'check' }],
    // Ireland: VAT number (the IE prefix dropped) or PPS number, check letter included
    ['IE', 'IE1234567T', { ok: true, normalised: '1234567T' }],
    ['IE', 'ie6388047v', { ok: true, normalised: '6388047V' }],
    ['IE', '8D79739I', { ok: true, normalised: '8D79739I' }], // old VAT form
    ['IE', '1234567FA', { ok: true, normalised: '1234567FA' }],
    ['IE', '6433435FT', { ok: true, normalised: '6433435FT' }], // PPS number with an older marker
    ['IE', 'IE6388047W', { ok: false, reason: 'check' }],
    ['IE', 'IE6388047X', { ok: false, reason: 'format' }], // X is never a check letter (W, A ... V)
    ['IE', '1234567TA', { ok: false, reason: 'check' }], // the A counts in the check
    ['IE', 'IE12345678', { ok: false, reason: 'format' }],
    ['IE', 'ABC', { ok: false, reason: 'format' }],
    ['IE', '6388 047V', { ok: false, reason: 'separators' }],
    ['FR', 'FR 123', { ok: false, reason: 'separators' }],
    ['OTHER', 'x', { ok: false, reason: 'format' }],
    // other countries: the VAT number as issued, 2 to 20 letters and digits
    ['FR', ' fr40303265045 ', { ok: true, normalised: 'FR40303265045' }],
    ['DE', 'DE136695976', { ok: true, normalised: 'DE136695976' }],
    ['OTHER', 'AB', { ok: true, normalised: 'AB' }],
    ['OTHER', 'A'.repeat(21), { ok: false, reason: 'format' }],
    ['OTHER', 'DE/136695976', { ok: false, reason: 'format' }],
    ['OTHER', '136695976/', { ok: false, reason: 'format' }],
    ['OTHER', '', { ok: false, reason: 'empty' }],
    ['ES', '  ', { ok: false, reason: 'empty' }],
  ])('%s %s -> %j', (country, value, expected) => {
    expect(validateBillingTaxId(country as BillingCountry, value)).toEqual(expected);
  });
});
