import type { Language } from '@ventanilla/domain';
import type { PaymentMethodCode } from '../payments/index.js';

const NAMES: Record<Language, Record<PaymentMethodCode, string>> = {
  es: {
    cc: 'Tarjeta',
    paypal: 'PayPal',
    bizum: 'Bizum',
    multibanco: 'Multibanco',
    sibsmbway: 'MB WAY',
    sibsmb: 'Multibanco (SIBS)',
    bank: 'Transferencia bancaria',
  },
  en: {
    cc: 'Card',
    paypal: 'PayPal',
    bizum: 'Bizum',
    multibanco: 'Multibanco',
    sibsmbway: 'MB WAY',
    sibsmb: 'Multibanco (SIBS)',
    bank: 'Bank transfer',
  },
  pt: {
    cc: 'Cartão',
    paypal: 'PayPal',
    bizum: 'Bizum',
    multibanco: 'Multibanco',
    sibsmbway: 'MB WAY',
    sibsmb: 'Multibanco (SIBS)',
    bank: 'Transferência bancária',
  },
};

export function paymentMethodName(code: PaymentMethodCode, language: Language): string {
  return NAMES[language][code];
}
