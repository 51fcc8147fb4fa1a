import { PROVIDER_PAYMENT_MAX_FILES } from './config-lists.js';

/** Why a file cannot be added to a provider payment. */
export type ProviderPaymentFileRefusal = 'too_many_files' | 'inactive_payment';

/**
 * Whether one more file may be added to a provider payment (docs/backoffice.md, "Provider payments"): at most
 * PROVIDER_PAYMENT_MAX_FILES, and none to a payment that was deactivated (kept only for its history).
 */
export function checkProviderPaymentFileAdd(payment: {
  active: boolean;
  fileCount: number;
}): { ok: true } | { ok: false; reason: ProviderPaymentFileRefusal } {
  if (!payment.active) return { ok: false, reason: 'inactive_payment' };
  if (payment.fileCount >= PROVIDER_PAYMENT_MAX_FILES) return { ok: false, reason: 'too_many_files' };
  return { ok: true };
}

/** The payment's `files` field: the names of its files in upload order (what lists and the CSV export show). */
export function providerPaymentFileNames(files: ReadonlyArray<{ id: number; filename: string }>): string[] {
  return [...files].sort((a, b) => a.id - b.id).map((f) => f.filename);
}
