import { describe, expect, it } from 'vitest';
import { PROVIDER_PAYMENT_MAX_FILES, validateRecord, CONFIG_LISTS } from './config-lists.js';
import { checkProviderPaymentFileAdd, providerPaymentFileNames } from './provider-payment-files.js';

describe('checkProviderPaymentFileAdd', () => {
  it.each([
    [{ active: true, fileCount: 0 }, { ok: true }],
    [{ active: true, fileCount: PROVIDER_PAYMENT_MAX_FILES - 1 }, { ok: true }],
    [
      { active: true, fileCount: PROVIDER_PAYMENT_MAX_FILES },
      { ok: false, reason: 'too_many_files' },
    ],
    [
      { active: true, fileCount: PROVIDER_PAYMENT_MAX_FILES + 5 },
      { ok: false, reason: 'too_many_files' },
    ],
    [
      { active: false, fileCount: 0 },
      { ok: false, reason: 'inactive_payment' },
    ],
  ])('%j -> %j', (payment, verdict) => {
    expect(checkProviderPaymentFileAdd(payment)).toEqual(verdict);
  });
});

describe('providerPaymentFileNames', () => {
  it('lists the names in upload order', () => {
    expect(
      providerPaymentFileNames([
        { id: 7, filename: 'b.pdf' },
        { id: 3, filename: 'a.pdf' },
        { id: 9, filename: 'a.pdf' },
      ]),
    ).toEqual(['a.pdf', 'b.pdf', 'a.pdf']);
  });
});

describe("a provider payment's files are the server's", () => {
  const list = CONFIG_LISTS.provider_payments;
  const base = { provider_id: 'notaria-1', concepto: 'Factura', importe: '10.00', fecha: '2026-11-01' };

  it.each([
    [{ ...base }, true],
    [{ ...base, files: [] }, false],
    [{ ...base, files: ['factura.pdf'] }, false],
  ])('%j accepted: %s', (input, ok) => {
    const result = validateRecord(list, input);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.errors).toEqual([{ field: 'files', code: 'read_only' }]);
  });

  it('keeps the current names on update and defaults to none on create', () => {
    const created = validateRecord(list, base);
    expect(created.ok && created.values.files).toEqual([]);
    const updated = validateRecord(
      list,
      { status: 'pagado' },
      { ...base, importe: 1000, status: 'pendiente', files: ['x.pdf'] },
    );
    expect(updated.ok && updated.values).toMatchObject({ status: 'pagado', files: ['x.pdf'] });
  });
});
