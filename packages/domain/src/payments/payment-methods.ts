import { accepted, type CheckResult, rejected } from '../validators/check-result.js';
import { validateSpanishPhone } from '../validators/phones.js';

/** Payment methods of the spec (customer.payment.preferred_payment and the checkout form's type). */
export const PAYMENT_METHOD_CODES = ['cc', 'paypal', 'bizum', 'multibanco', 'sibsmbway', 'sibsmb', 'bank'] as const;

export type PaymentMethodCode = (typeof PAYMENT_METHOD_CODES)[number];

/** Narrows a string to a payment method code. */
export function isPaymentMethodCode(value: unknown): value is PaymentMethodCode {
  return typeof value === 'string' && (PAYMENT_METHOD_CODES as readonly string[]).includes(value);
}

/**
 * The methods a store offers by default, by its country, in display order: Spain card, Bizum, PayPal, transfer;
 * Portugal card, Multibanco, MB WAY; Ireland card and PayPal. Stores can override this in the configuration.
 */
export function defaultPaymentMethods(country: string): readonly PaymentMethodCode[] {
  switch (country.toUpperCase()) {
    case 'ES':
      return ['cc', 'bizum', 'paypal', 'bank'];
    case 'PT':
      return ['cc', 'multibanco', 'sibsmbway'];
    case 'IE':
      return ['cc', 'paypal'];
    default:
      return ['cc'];
  }
}

/** Methods whose result arrives later (the shop waits for a notification or an agent). */
export function isAsynchronousMethod(code: PaymentMethodCode): boolean {
  return code === 'multibanco' || code === 'sibsmb' || code === 'sibsmbway' || code === 'bank';
}

/** The spec's "just selected" window of a payment method choice: 5 minutes. */
export const PAYMENT_JUST_SELECTED_MS = 5 * 60_000;

/** True while a method chosen at `selectedAt` (epoch ms) still counts as just selected. */
export function isJustSelected(selectedAt: number, now: number): boolean {
  return Number.isFinite(selectedAt) && selectedAt <= now && now - selectedAt < PAYMENT_JUST_SELECTED_MS;
}

/**
 * Validates the phone of a Bizum payment: a Spanish mobile (9 digits starting with 6 or 7), with optional +34 or
 * 0034 and spaces. The result is in international form, e.g. "+34612345678".
 */
export function validateBizumPhone(value: string): CheckResult {
  const phone = validateSpanishPhone(value);
  if (!phone.ok) return phone;
  return /^\+34[67]/.test(phone.normalised) ? accepted(phone.normalised) : rejected('format');
}
