import type { MessageKey } from '../../../shared/i18n';

// The failure codes payment providers send back (the sandbox: card_declined, insufficient_funds,
// authentication_failed, canceled, expired, rejected).
const REASONS: Record<string, MessageKey> = {
  card_declined: 'paymentFailed.declined',
  declined: 'paymentFailed.declined',
  insufficient_funds: 'paymentFailed.insufficientFunds',
  authentication_failed: 'paymentFailed.authenticationFailed',
  canceled: 'paymentFailed.canceled',
  cancelled: 'paymentFailed.canceled',
  expired: 'paymentFailed.expired',
  rejected: 'paymentFailed.rejected',
};

/** The customer's explanation of a failure code. */
export function reasonKey(code: string | null | undefined): MessageKey {
  return REASONS[code ?? ''] ?? 'paymentFailed.generic';
}

/** Method names in the UI's language (the server's names are in the store's language). */
export const METHOD_NAMES: Record<string, MessageKey> = {
  cc: 'payment.method.cc',
  paypal: 'payment.method.paypal',
  bizum: 'payment.method.bizum',
  multibanco: 'payment.method.multibanco',
  sibsmb: 'payment.method.sibsmb',
  sibsmbway: 'payment.method.sibsmbway',
  bank: 'payment.method.bank',
};

export const METHOD_HINTS: Record<string, MessageKey> = {
  cc: 'payment.hint.cc',
  paypal: 'payment.hint.paypal',
  bizum: 'payment.hint.bizum',
  multibanco: 'payment.hint.multibanco',
  sibsmb: 'payment.hint.multibanco',
  sibsmbway: 'payment.hint.sibsmbway',
  bank: 'payment.hint.bank',
};
