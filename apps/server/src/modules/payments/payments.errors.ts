import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of payments and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const PAYMENTS_ERRORS = {
  ORDER_ALREADY_PAID: 409,
  NO_PENDING_TRANSFER: 409,
  BAD_SIGNATURE: { status: 400, messageKey: 'BAD_REQUEST' },
} as const satisfies ErrorTable;

const es = {
  ORDER_ALREADY_PAID: 'Este pedido ya está pagado.',
  NO_PENDING_TRANSFER: 'Este pedido no tiene ninguna transferencia pendiente de confirmar.',
};

/** The user messages of payments in es, en and pt (one per error code, whose key it is). */
export const PAYMENTS_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    ORDER_ALREADY_PAID: 'This order is already paid.',
    NO_PENDING_TRANSFER: 'This order has no bank transfer waiting to be confirmed.',
  },
  pt: {
    ORDER_ALREADY_PAID: 'Esta encomenda já está paga.',
    NO_PENDING_TRANSFER: 'Esta encomenda não tem nenhuma transferência por confirmar.',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    payments: typeof PAYMENTS_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    payments: keyof typeof es;
  }
}
