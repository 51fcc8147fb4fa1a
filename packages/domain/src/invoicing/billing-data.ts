import type { CheckResult } from '../validators/check-result.js';
import { validatePortugueseNif } from '../validators/nif-pt.js';
import { validateSpanishTaxId } from '../validators/tax-ids-es.js';
import { validateIrishVat, validatePpsn } from '../validators/tax-ids-ie.js';

/** Countries a customer's billing address can be in (the stores' countries plus any other, as "other"). */
export const BILLING_COUNTRIES = ['ES', 'PT', 'IE', 'GB', 'NL', 'FR', 'DE', 'IT', 'OTHER'] as const;
export type BillingCountry = (typeof BILLING_COUNTRIES)[number];

/**
 * Checks the tax id a customer puts on their invoices: a Spanish NIF (DNI, NIE, CIF or K/L/M NIF, check letter
 * included) for Spain, a Portuguese NIF for Portugal, an Irish VAT number or PPS number for Ireland (check letter
 * included; the `IE` prefix is dropped), and for other countries 2 to 20 letters and digits (a VAT number as issued).
 */
export function validateBillingTaxId(country: BillingCountry, value: string): CheckResult {
  const trimmed = value.trim().toUpperCase();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  if (country === 'ES') {
    const r = validateSpanishTaxId(trimmed.startsWith('ES') ? trimmed.slice(2) : trimmed);
    return r.ok ? { ok: true, normalised: r.normalised } : { ok: false, reason: r.reason };
  }
  if (country === 'PT') return validatePortugueseNif(trimmed);
  if (country === 'IE') {
    const vat = validateIrishVat(trimmed);
    if (vat.ok) return vat;
    const ppsn = validatePpsn(trimmed);
    return ppsn.ok ? ppsn : vat;
  }
  if (/[\s.-]/.test(trimmed)) return { ok: false, reason: 'separators' };
  return /^[A-Z0-9]{2,20}$/.test(trimmed) ? { ok: true, normalised: trimmed } : { ok: false, reason: 'format' };
}
