import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of checkout and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const CHECKOUT_ERRORS = {
  PAYMENT_METHOD_UNAVAILABLE: 400,
  PAYMENT_PROVIDER_ERROR: 502,
  PAY_LINK_EXPIRED: 410,
} as const satisfies ErrorTable;

const es = {
  PAYMENT_METHOD_UNAVAILABLE: 'Este método de pago no está disponible en esta tienda.',
  PAYMENT_PROVIDER_ERROR:
    'No hemos podido contactar con la pasarela de pago. Tu pedido está guardado: inténtalo de nuevo en unos minutos.',
  PAY_LINK_EXPIRED:
    'Este enlace de pago ha caducado. Inicia sesión en tu área de cliente para pagar el pedido o escríbenos para recibir uno nuevo.',
  'checkout.accept_terms_required': 'Debes aceptar las condiciones de contratación',
  'checkout.start_now_required':
    'Debes solicitar que empecemos el trámite ya y aceptar que, una vez completado, no podrás desistir',
};

/** The user messages of checkout in es, en and pt (one per error code, whose key it is). */
export const CHECKOUT_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    PAYMENT_METHOD_UNAVAILABLE: 'This payment method is not available in this store.',
    PAYMENT_PROVIDER_ERROR: 'We could not reach the payment gateway. Your order is saved: try again in a few minutes.',
    PAY_LINK_EXPIRED:
      'This payment link has expired. Sign in to your customer area to pay the order, or write to us for a new link.',
    'checkout.accept_terms_required': 'You must accept the terms of sale',
    'checkout.start_now_required':
      'You must ask us to start the service now and acknowledge that you cannot withdraw once it is completed',
  },
  pt: {
    PAYMENT_METHOD_UNAVAILABLE: 'Este método de pagamento não está disponível nesta loja.',
    PAYMENT_PROVIDER_ERROR:
      'Não conseguimos contactar o gateway de pagamento. A sua encomenda está guardada: tente novamente dentro de alguns minutos.',
    PAY_LINK_EXPIRED:
      'Esta ligação de pagamento expirou. Entre na sua área de cliente para pagar a encomenda ou escreva-nos para receber uma nova.',
    'checkout.accept_terms_required': 'Tem de aceitar as condições de contratação',
    'checkout.start_now_required':
      'Tem de pedir que comecemos já o serviço e aceitar que, depois de concluído, deixa de poder resolver o contrato',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    checkout: typeof CHECKOUT_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    checkout: keyof typeof es;
  }
}
