import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cents } from '../money/money.js';
import {
  creditNoteTypeFor,
  invoiceTypeFor,
  verifactuAmount,
  verifactuCancellationHashInput,
  verifactuHashInput,
  verifactuQrUrl,
  type VerifactuRegistration,
} from './verifactu.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();

// Published AEAT vectors (shared/reference/iberian-algorithms.md).
const record1: VerifactuRegistration = {
  issuerTaxId: '89890001K',
  invoiceNumber: '12345678/G33',
  issueDate: '01-01-2024',
  invoiceType: 'F1',
  taxTotal: '12.35',
  total: '123.45',
  previousHash: '',
  generatedAt: '2024-01-01T19:20:30+01:00',
};
const HASH_1 = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';
const HASH_2 = 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97';

describe('Veri*Factu fingerprint (huella) of registration records', () => {
  it('builds the exact text the AEAT specifies', () => {
    expect(verifactuHashInput(record1)).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1' +
        '&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
  });

  it('first record of a chain (no previous fingerprint) matches the published vector', () => {
    expect(sha256(verifactuHashInput(record1))).toBe(HASH_1);
  });

  it('second record chains to the first and matches the published vector', () => {
    const record2 = {
      ...record1,
      invoiceNumber: '12345679/G34',
      previousHash: sha256(verifactuHashInput(record1)),
      generatedAt: '2024-01-01T19:20:35+01:00',
    };
    expect(sha256(verifactuHashInput(record2))).toBe(HASH_2);
  });

  it('trims values and changes with any hashed field', () => {
    expect(sha256(verifactuHashInput({ ...record1, issuerTaxId: ' 89890001K ', total: '123.45 ' }))).toBe(HASH_1);
    for (const change of [
      { total: '123.46' },
      { taxTotal: '12.36' },
      { invoiceType: 'F2' as const },
      { previousHash: HASH_2 },
    ]) {
      expect(sha256(verifactuHashInput({ ...record1, ...change }))).not.toBe(HASH_1);
    }
  });

  it('cancellation records hash their own fields, trimmed', () => {
    expect(
      verifactuCancellationHashInput({
        issuerTaxId: ' 89890001K ',
        invoiceNumber: '12345678/G33',
        issueDate: '01-01-2024',
        previousHash: HASH_1,
        generatedAt: '2024-01-01T19:20:40+01:00',
      }),
    ).toBe(
      `IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345678/G33&FechaExpedicionFacturaAnulada=01-01-2024&Huella=${HASH_1}&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00`,
    );
  });
});

describe('Veri*Factu amounts and invoice types', () => {
  it.each([
    [12345, '123.45'],
    [-1235, '-12.35'],
    [0, '0.00'],
    [5, '0.05'],
  ])('%i cents -> %s', (c, text) => expect(verifactuAmount(cents(c))).toBe(text));

  it.each([
    ['B86670460', 100_000, 'F1'],
    ['B86670460', 2512, 'F1'],
    [null, 2512, 'F2'],
    [null, 40_000, 'F2'],
    [null, 40_001, 'F1'],
    ['', 2512, 'F2'],
  ])('tax id %s, total %i -> %s', (taxId, total, type) => {
    expect(invoiceTypeFor({ recipientTaxId: taxId, total: cents(total) })).toBe(type);
  });

  it.each([
    ['F1', 'R1'],
    ['F2', 'R5'],
    ['R1', 'R1'],
    ['R5', 'R5'],
  ] as const)('a credit note of an %s is an %s', (invoice, note) => expect(creditNoteTypeFor(invoice)).toBe(note));
});

describe('Veri*Factu QR URL', () => {
  it.each([
    [
      'production' as const,
      { issuerTaxId: '89890001K', invoiceNumber: '12345678/G33', issueDate: '01-01-2024', total: '241.40' },
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%2FG33&fecha=01-01-2024&importe=241.40',
    ],
    [
      'test' as const,
      { issuerTaxId: 'B86670460', invoiceNumber: 'F01-2026-000001', issueDate: '05-03-2026', total: '25.12' },
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B86670460&numserie=F01-2026-000001&fecha=05-03-2026&importe=25.12',
    ],
    [
      'test' as const,
      { issuerTaxId: 'B86670460', invoiceNumber: 'R01 2026&1', issueDate: '05-03-2026', total: '-10.00' },
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B86670460&numserie=R01%202026%261&fecha=05-03-2026&importe=-10.00',
    ],
    [
      'test' as const,
      { issuerTaxId: ' B86670460', invoiceNumber: 'F01-2026-000001 ', issueDate: '05-03-2026', total: ' 25.12 ' },
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B86670460&numserie=F01-2026-000001&fecha=05-03-2026&importe=25.12',
    ],
  ])('%s: %j', (env, record, url) => {
    expect(verifactuQrUrl(env, record)).toBe(url);
  });
});
