import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of the customer account and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const ACCOUNT_ERRORS = {
  NOT_IMPERSONATING: 409,
  EMAIL_CHANGE_TOKEN_INVALID: 400,
  ACCOUNT_HAS_OPEN_ORDERS: 409,
  PUSH_SUBSCRIPTIONS_LIMIT: 409,
} as const satisfies ErrorTable;

const es = {
  NOT_IMPERSONATING: 'No estás viendo la tienda como ningún cliente.',
  EMAIL_CHANGE_TOKEN_INVALID:
    'El enlace para confirmar el email no es válido, ya se ha usado o ha caducado. Pide el cambio otra vez desde tu cuenta.',
  ACCOUNT_HAS_OPEN_ORDERS:
    'Tienes pedidos en tramitación: podrás borrar la cuenta cuando terminen (o escríbenos para cancelarlos).',
  PUSH_SUBSCRIPTIONS_LIMIT:
    'Has activado los avisos en demasiados dispositivos: desactívalos en alguno antes de añadir otro.',
};

/** The user messages of the customer account in es, en and pt (one per error code, whose key it is). */
export const ACCOUNT_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    NOT_IMPERSONATING: 'You are not viewing the shop as a customer.',
    EMAIL_CHANGE_TOKEN_INVALID:
      'The link to confirm the email is not valid, has already been used or has expired. Ask for the change again from your account.',
    ACCOUNT_HAS_OPEN_ORDERS:
      'You have orders being processed: you can delete the account when they finish (or write to us to cancel them).',
    PUSH_SUBSCRIPTIONS_LIMIT:
      'You have turned on alerts on too many devices: turn them off on one before adding another.',
  },
  pt: {
    NOT_IMPERSONATING: 'Não está a ver a loja como nenhum cliente.',
    EMAIL_CHANGE_TOKEN_INVALID:
      'A ligação para confirmar o email não é válida, já foi usada ou expirou. Peça a alteração outra vez na sua conta.',
    ACCOUNT_HAS_OPEN_ORDERS:
      'Tem encomendas em tratamento: poderá apagar a conta quando terminarem (ou escreva-nos para as cancelar).',
    PUSH_SUBSCRIPTIONS_LIMIT:
      'Ativou os avisos em demasiados dispositivos: desative-os em algum antes de adicionar outro.',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    account: typeof ACCOUNT_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    account: keyof typeof es;
  }
}
