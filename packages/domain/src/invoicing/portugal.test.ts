import { describe, expect, it } from 'vitest';
import {
  ptAmount,
  ptAtcud,
  ptAtcudText,
  ptCertificationText,
  ptDocumentNo,
  ptHashExtract,
  ptQrString,
  ptSignatureMessage,
  ptSystemEntryDate,
  type PtQrInput,
} from './portugal.js';

describe('Portuguese document signature message (Portaria 363/2010)', () => {
  it.each([
    // The reference's worked example: first of a series (empty previous hash).
    [
      {
        invoiceDate: '2026-11-28',
        systemEntryDate: '2026-11-28T10:15:02',
        invoiceNo: 'FT A/12',
        grossTotal: 2512,
        previousHash: '',
      },
      '2026-11-28;2026-11-28T10:15:02;FT A/12;25.12;',
    ],
    [
      {
        invoiceDate: '2026-01-05',
        systemEntryDate: '2026-01-05T00:00:09',
        invoiceNo: 'NC R16-2026/1',
        grossTotal: 100000,
        previousHash: 'abc+/=',
      },
      '2026-01-05;2026-01-05T00:00:09;NC R16-2026/1;1000.00;abc+/=',
    ],
    [
      {
        invoiceDate: '2026-01-05',
        systemEntryDate: '2026-01-05T23:59:59',
        invoiceNo: 'FT F16-2026/2',
        grossTotal: 5,
        previousHash: 'X',
      },
      '2026-01-05;2026-01-05T23:59:59;FT F16-2026/2;0.05;X',
    ],
  ])('%j signs %s', (input, message) => {
    expect(ptSignatureMessage(input)).toBe(message);
  });

  it('refuses dates not in the formats the AT fixes', () => {
    const base = {
      invoiceDate: '2026-11-28',
      systemEntryDate: '2026-11-28T10:15:02',
      invoiceNo: 'FT A/1',
      grossTotal: 1,
      previousHash: '',
    };
    expect(() => ptSignatureMessage({ ...base, invoiceDate: '28-11-2026' })).toThrow(RangeError);
    expect(() => ptSignatureMessage({ ...base, invoiceDate: '2026-11-28T10:15:02' })).toThrow(
      'Not a date: "2026-11-28T10:15:02"',
    );
    expect(() => ptSignatureMessage({ ...base, invoiceDate: ' 2026-11-28' })).toThrow(RangeError);
    expect(() => ptSignatureMessage({ ...base, systemEntryDate: '2026-11-28T10:15:02+00:00' })).toThrow(RangeError);
    expect(() => ptSignatureMessage({ ...base, systemEntryDate: 'x2026-11-28T10:15:02' })).toThrow(
      'Not a SystemEntryDate: "x2026-11-28T10:15:02"',
    );
  });

  it('refuses an amount that is not whole cents', () => {
    expect(() => ptAmount(12.5)).toThrow('Not an amount in cents: 12.5');
  });

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [2512, '25.12'],
    [-300, '-3.00'],
    [123456789, '1234567.89'],
  ])('amount %i cents is written %s', (c, s) => expect(ptAmount(c)).toBe(s));

  it('SystemEntryDate is the local time to the second without offset', () => {
    expect(ptSystemEntryDate({ year: 2026, month: 3, day: 5, hour: 7, minute: 8, second: 9 })).toBe(
      '2026-03-05T07:08:09',
    );
  });
});

describe('hash extract and certification line', () => {
  const hash = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop==';
  it('prints characters 1, 11, 21 and 31', () => {
    expect(ptHashExtract(hash)).toBe('AKUe');
    expect(ptCertificationText(hash, '9999')).toBe('AKUe-Processado por programa certificado n.º 9999/AT');
  });
  it('refuses a signature too short to have them', () => {
    expect(() => ptHashExtract('short')).toThrow(RangeError);
    expect(() => ptHashExtract(hash.slice(0, 30))).toThrow('A signature has at least 31 characters');
    expect(ptHashExtract(hash.slice(0, 31))).toBe('AKUe');
  });
});

describe('ATCUD (Decreto-Lei 28/2019)', () => {
  it.each([
    ['AAJFJMVNTN', 1, 'ATCUD: AAJFJMVNTN-1'],
    ['CSDF7T5H', 35, 'ATCUD: CSDF7T5H-35'],
  ])('code %s, sequence %i -> %s', (code, n, text) => expect(ptAtcudText(ptAtcud(code, n))).toBe(text));
  it.each([['SHORT7'], ['lower1234'], [''], ['aAJFJMVNTN'], ['AAJFJMVNTn'], ['AAJF-JMVNTN']])(
    'refuses validation code "%s"',
    (code) => expect(() => ptAtcud(code, 1)).toThrow(`Not a validation code: "${code}"`),
  );
  it.each([[0], [-1], [1.5], [Number.NaN], [2 ** 53]])('refuses sequence %s', (n) => {
    expect(() => ptAtcud('AAJFJMVNTN', n)).toThrow(`Not a sequence: ${n}`);
    expect(() => ptDocumentNo('FT', 'F16-2026', n)).toThrow(`Not a sequence: ${n}`);
  });
  it('document numbers read "TYPE SERIES/N"', () => {
    expect(ptDocumentNo('FT', 'F16-2026', 7)).toBe('FT F16-2026/7');
    expect(ptDocumentNo('NC', 'R16-2026', 1)).toBe('NC R16-2026/1');
    expect(() => ptDocumentNo('FT', 'F 16', 7)).toThrow('Not a series identifier: "F 16"');
    expect(() => ptDocumentNo('FT', 'F16/2026', 7)).toThrow(RangeError);
  });
});

describe('QR code text (Portaria 195/2020)', () => {
  const base: PtQrInput = {
    issuerNif: 'PT123456789',
    buyerTaxId: null,
    buyerCountry: 'PT',
    documentType: 'FT',
    status: 'N',
    date: '2019-12-31',
    documentNo: 'FT AB2019/0035',
    atcud: 'CSDF7T5H-0035',
    buckets: [
      { rateBp: null, base: 1200000, tax: 0 },
      { rateBp: 600, base: 1500000, tax: 90000 },
      { rateBp: 1300, base: 5000000, tax: 650000 },
      { rateBp: 2300, base: 8000000, tax: 1840000 },
    ],
    grossTotal: 17080000,
    hash: 'kxxxxxxxxxLxxxxxxxxxpxxxxxxxxx0xxxx',
    certificateNumber: '9999',
  };

  it.each<[string, Partial<PtQrInput>, string]>([
    [
      // The mainland part of the AT specification's example (a consumer, every rate and an exempt base).
      'final consumer, every mainland rate',
      {},
      'A:123456789*B:999999990*C:PT*D:FT*E:N*F:20191231*G:FT AB2019/0035*H:CSDF7T5H-0035*I1:PT*I2:12000.00*I3:15000.00*I4:900.00*I5:50000.00*I6:6500.00*I7:80000.00*I8:18400.00*N:25800.00*O:170800.00*Q:kLp0*R:9999',
    ],
    [
      'a Spanish company, standard rate only, with other information',
      {
        buyerTaxId: 'B12345674',
        buyerCountry: 'ES',
        buckets: [{ rateBp: 2300, base: 2042, tax: 470 }],
        grossTotal: 2512,
        other: 'NU;0.00',
      },
      'A:123456789*B:B12345674*C:ES*D:FT*E:N*F:20191231*G:FT AB2019/0035*H:CSDF7T5H-0035*I1:PT*I7:20.42*I8:4.70*N:4.70*O:25.12*Q:kLp0*R:9999*S:NU;0.00',
    ],
    [
      'a credit note prints its amounts without sign',
      { documentType: 'NC', buckets: [{ rateBp: 2300, base: -2042, tax: -470 }], grossTotal: -2512 },
      'A:123456789*B:999999990*C:PT*D:NC*E:N*F:20191231*G:FT AB2019/0035*H:CSDF7T5H-0035*I1:PT*I7:20.42*I8:4.70*N:4.70*O:25.12*Q:kLp0*R:9999',
    ],
  ])('%s', (_name, change, expected) => {
    expect(ptQrString({ ...base, ...change })).toBe(expected);
  });

  it('a buyer with a PT-prefixed tax id goes without the prefix; a 0 % line is exempt (I2)', () => {
    expect(
      ptQrString({
        ...base,
        buyerTaxId: 'PT501964843',
        buckets: [
          { rateBp: 0, base: 1000, tax: 0 },
          { rateBp: 2300, base: 2042, tax: 470 },
        ],
        grossTotal: 3512,
      }),
    ).toBe(
      'A:123456789*B:501964843*C:PT*D:FT*E:N*F:20191231*G:FT AB2019/0035*H:CSDF7T5H-0035*I1:PT*I2:10.00*I7:20.42*I8:4.70*N:4.70*O:35.12*Q:kLp0*R:9999',
    );
  });

  it('refuses a rate that is not one of mainland Portugal', () => {
    expect(() => ptQrString({ ...base, buckets: [{ rateBp: 2100, base: 100, tax: 21 }] })).toThrow(/21 %/);
  });
});
