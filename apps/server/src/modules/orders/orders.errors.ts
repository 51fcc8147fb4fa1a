import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of the customers' orders and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const ORDERS_ERRORS = {
  ITEM_NOT_EDITABLE: 409,
  PRICE_CHANGE_NOT_ALLOWED: 409,
  WITHDRAWAL_REFUSED: 409,
} as const satisfies ErrorTable;

const es = {
  ITEM_NOT_EDITABLE:
    'Los datos de este trámite ya no se pueden cambiar: ya lo estamos tramitando. Si hay un error, escríbenos.',
  PRICE_CHANGE_NOT_ALLOWED:
    'Con estos cambios el trámite costaría {new} € en lugar de {old} €. No podemos cambiar el precio de un pedido: haz un pedido nuevo o escríbenos.',
  WITHDRAWAL_REFUSED: 'No es posible desistir de este pedido desde aquí. Escríbenos y lo revisaremos.',
  'withdrawal.not_paid':
    'Este pedido no está pagado: no lo tramitaremos mientras no lo pagues, así que no hay nada de lo que desistir.',
  'withdrawal.cancelled': 'Este pedido ya está cancelado: ya desististe de él o lo cancelamos nosotros.',
  'withdrawal.refunded': 'Este pedido ya se ha devuelto por completo.',
  'withdrawal.performed':
    'Ya no puedes desistir de este pedido: el trámite se ha completado (te hemos entregado la documentación) y, como pediste que empezáramos en seguida, el derecho de desistimiento termina al completarse. Si hay algún problema, escríbenos.',
  'withdrawal.period_over':
    'El plazo de 14 días para desistir de este pedido terminó el {date}. Si hay algún problema, escríbenos.',
};

/** The user messages of the customers' orders in es, en and pt (one per error code, whose key it is). */
export const ORDERS_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    ITEM_NOT_EDITABLE:
      'The details of this order can no longer be changed: we are already processing it. If something is wrong, write to us.',
    PRICE_CHANGE_NOT_ALLOWED:
      'With these changes the order would cost €{new} instead of €{old}. We cannot change the price of an order: place a new order or write to us.',
    WITHDRAWAL_REFUSED: 'This order cannot be withdrawn from here. Write to us and we will look into it.',
    'withdrawal.not_paid':
      'This order is not paid: we will not work on it unless you pay for it, so there is nothing to withdraw from.',
    'withdrawal.cancelled': 'This order is already cancelled: you withdrew from it or we cancelled it.',
    'withdrawal.refunded': 'This order has already been refunded in full.',
    'withdrawal.performed':
      'You can no longer withdraw from this order: the service has been completed (we have delivered the documents) and, as you asked us to start at once, the right of withdrawal ends once it is completed. If something is wrong, write to us.',
    'withdrawal.period_over':
      'The 14-day period to withdraw from this order ended on {date}. If something is wrong, write to us.',
  },
  pt: {
    ITEM_NOT_EDITABLE:
      'Os dados deste pedido já não podem ser alterados: já o estamos a tratar. Se houver um erro, escreva-nos.',
    PRICE_CHANGE_NOT_ALLOWED:
      'Com estas alterações o pedido custaria {new} € em vez de {old} €. Não podemos alterar o preço de uma encomenda: faça uma nova encomenda ou escreva-nos.',
    WITHDRAWAL_REFUSED: 'Não é possível resolver esta encomenda a partir daqui. Escreva-nos e analisaremos o caso.',
    'withdrawal.not_paid':
      'Esta encomenda não está paga: não a trataremos enquanto não a pagar, por isso não há nada a resolver.',
    'withdrawal.cancelled': 'Esta encomenda já está cancelada: já a resolveu ou fomos nós que a cancelámos.',
    'withdrawal.refunded': 'Esta encomenda já foi devolvida por completo.',
    'withdrawal.performed':
      'Já não pode resolver esta encomenda: o serviço foi concluído (já lhe entregámos os documentos) e, como pediu que começássemos logo, o direito de livre resolução termina com a sua conclusão. Se houver algum problema, escreva-nos.',
    'withdrawal.period_over':
      'O prazo de 14 dias para resolver esta encomenda terminou em {date}. Se houver algum problema, escreva-nos.',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    orders: typeof ORDERS_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    orders: keyof typeof es;
  }
}
