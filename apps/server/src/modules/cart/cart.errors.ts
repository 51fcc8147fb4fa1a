import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of the cart and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const CART_ERRORS = {
  INVALID_ANSWERS: 422,
  FORM_EXIT: 422,
  PRODUCT_REDIRECT: 409,
  CART_EMPTY: 409,
  CART_ITEM_NOT_FOUND: 404,
} as const satisfies ErrorTable;

const es = {
  INVALID_ANSWERS: 'Hay respuestas que faltan o no son válidas.',
  // The exit message comes from the catalogue (the product's conditions_to_exit), in the store's language.
  FORM_EXIT: '{message}',
  PRODUCT_REDIRECT:
    'Con estas respuestas, el trámite que necesitas es otro: «{product}». Continúa allí con tus respuestas.',
  CART_EMPTY: 'Tu carrito está vacío.',
  CART_ITEM_NOT_FOUND: 'Esta línea ya no está en tu carrito.',
};

/** The user messages of the cart in es, en and pt (one per error code, whose key it is). */
export const CART_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    INVALID_ANSWERS: 'Some answers are missing or not valid.',
    FORM_EXIT: '{message}',
    PRODUCT_REDIRECT:
      'With these answers, the service you need is a different one: “{product}”. Continue there with your answers.',
    CART_EMPTY: 'Your basket is empty.',
    CART_ITEM_NOT_FOUND: 'This line is no longer in your basket.',
  },
  pt: {
    INVALID_ANSWERS: 'Há respostas em falta ou inválidas.',
    FORM_EXIT: '{message}',
    PRODUCT_REDIRECT:
      'Com estas respostas, o serviço de que precisa é outro: «{product}». Continue aí com as suas respostas.',
    CART_EMPTY: 'O seu carrinho está vazio.',
    CART_ITEM_NOT_FOUND: 'Esta linha já não está no seu carrinho.',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    cart: typeof CART_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    cart: keyof typeof es;
  }
}
