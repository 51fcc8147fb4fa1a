import type { ServerMessages } from '../../i18n/server-messages.js';

// The lock and collision messages name the ticket, not an order (docs/backoffice.md, "Tickets"): a ticket's refusal
// names one of these as its messageKey.
const es = {
  'ticket.ITEM_LOCKED':
    'Otro usuario ({holder}) está trabajando en este ticket: no puedes cambiarlo hasta que lo suelte.',
  'ticket.LOCK_EXPIRED':
    'Tu bloqueo de este ticket ha caducado. Se ha recargado: ábrelo de nuevo para seguir trabajando.',
  'ticket.VERSION_CONFLICT':
    'El ticket ha cambiado desde que lo abriste. Se ha recargado con los últimos cambios: revisa y vuelve a intentarlo.',
  'ticket.ITEM_ACTION_REFUSED': 'Esta acción no es posible en el estado actual del ticket.',
};

/** The user messages of tickets in es, en and pt. */
export const TICKETS_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    'ticket.ITEM_LOCKED':
      'Another user ({holder}) is working on this ticket: you cannot change it until they let it go.',
    'ticket.LOCK_EXPIRED': 'Your lock on this ticket has expired. It has been reloaded: open it again to keep working.',
    'ticket.VERSION_CONFLICT':
      'The ticket has changed since you opened it. It has been reloaded with the latest changes: check and try again.',
    'ticket.ITEM_ACTION_REFUSED': 'This action is not possible in the current state of the ticket.',
  },
  pt: {
    'ticket.ITEM_LOCKED':
      'Outro utilizador ({holder}) está a trabalhar neste ticket: não o pode alterar até que o liberte.',
    'ticket.LOCK_EXPIRED': 'O seu bloqueio deste ticket expirou. Foi recarregado: abra-o de novo para continuar.',
    'ticket.VERSION_CONFLICT':
      'O ticket mudou desde que o abriu. Foi recarregado com as últimas alterações: reveja e tente de novo.',
    'ticket.ITEM_ACTION_REFUSED': 'Esta ação não é possível no estado atual do ticket.',
  },
};

declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    tickets: keyof typeof es;
  }
}
