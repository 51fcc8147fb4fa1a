// The Veri*Factu record made in the invoice's own statement: SQL puts the invoice's number and the previous
// fingerprint between pieces the domain wrote (recordPlaceholders), and the result is checked against the domain.
import { verifactuHashInput, verifactuQrUrl } from '@ventanilla/domain';
import { describe, expect, it } from 'vitest';
import { checkChainedRecord, recordPlaceholders, sha256Upper, type RecordFields } from './verifactu.service.js';

const fields: RecordFields = {
  issuerTaxId: 'B12345674',
  issueDate: '27-11-2026',
  invoiceType: 'F2',
  taxTotal: '4.36',
  total: '25.12',
  generatedAt: '2026-11-27T19:00:00+01:00',
};

/** What the statement does with the pieces (recordCtes): concatenation, then SHA-256 in upper-case hex. */
function assemble(p: Record<string, string>, number: string, previous: string) {
  const input = `${p.vfHashBeforeNumber}${number}${p.vfHashBeforePrevious}${previous}${p.vfHashAfterPrevious}`;
  return { input, hash: sha256Upper(input), qrUrl: `${p.vfQrBeforeNumber}${number}${p.vfQrAfterNumber}` };
}

describe('recordPlaceholders', () => {
  it.each([
    ['the first record of a chain (empty link)', 'F01-2026-000001', ''],
    ['a later record', 'F01-2026-000042', 'A'.repeat(64)],
    ['a credit-note-like series', 'R01-2031-999999', '0123456789ABCDEF'.repeat(4)],
  ])('%s: the assembled text, fingerprint and QR address are the domain’s', (_what, number, previous) => {
    const p = recordPlaceholders('test', fields);
    const made = assemble(p, number, previous);
    const full = { ...fields, invoiceNumber: number, previousHash: previous };
    expect(made.input).toBe(verifactuHashInput(full));
    expect(made.qrUrl).toBe(verifactuQrUrl('test', full));
    expect(() => checkChainedRecord('test', fields, number, { ...made, previousHash: previous })).not.toThrow();
    expect(p).toMatchObject({ vfIssuerTaxId: 'B12345674', vfIssueDate: '27-11-2026', vfTotal: '25.12' });
  });

  it('a fingerprint or QR address that differs from the domain’s is refused', () => {
    const p = recordPlaceholders('production', fields);
    const made = assemble(p, 'F01-2026-000007', 'B'.repeat(64));
    const record = { hash: made.hash, qrUrl: made.qrUrl, previousHash: 'B'.repeat(64) };
    expect(() => checkChainedRecord('production', fields, 'F01-2026-000007', record)).not.toThrow();
    expect(() =>
      checkChainedRecord('production', fields, 'F01-2026-000007', { ...record, hash: 'C'.repeat(64) }),
    ).toThrow(/fingerprint/);
    expect(() =>
      checkChainedRecord('production', fields, 'F01-2026-000007', { ...record, previousHash: 'D'.repeat(64) }),
    ).toThrow(/fingerprint/);
    expect(() =>
      checkChainedRecord('production', fields, 'F01-2026-000007', { ...record, qrUrl: `${made.qrUrl}x` }),
    ).toThrow(/QR/);
    expect(() => checkChainedRecord('test', fields, 'F01-2026-000007', record)).toThrow(/QR/);
  });
});
