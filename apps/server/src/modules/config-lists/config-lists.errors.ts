import type { ServerMessages } from '../../i18n/server-messages.js';

const es = {
  'provider_payment.too_many_files':
    'Este pago ya tiene el máximo de {max} archivos. Borra alguno antes de subir otro.',
  'provider_payment.inactive': 'Este pago está desactivado: no admite archivos nuevos.',
};

/** The user messages of the configuration lists in es, en and pt. */
export const CONFIG_LISTS_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    'provider_payment.too_many_files':
      'This payment already has the maximum of {max} files. Delete one before uploading another.',
    'provider_payment.inactive': 'This payment is deactivated: it takes no new files.',
  },
  pt: {
    'provider_payment.too_many_files':
      'Este pagamento já tem o máximo de {max} ficheiros. Apague algum antes de carregar outro.',
    'provider_payment.inactive': 'Este pagamento está desativado: não aceita ficheiros novos.',
  },
};

declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    'config-lists': keyof typeof es;
  }
}
