import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of the back office and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const BACKOFFICE_ERRORS = {
  STALE_ITEM: 409,
  ITEM_LOCKED: 423,
  LOCK_EXPIRED: 409,
  ITEM_ACTION_REFUSED: 409,
  UNKNOWN_STATUS: 400,
} as const satisfies ErrorTable;

const es = {
  STALE_ITEM: 'Otro usuario ha modificado este pedido. Se ha recargado con los últimos cambios.',
  ITEM_LOCKED: 'Otro usuario ({holder}) ha bloqueado este pedido. Se ha recargado con los últimos cambios.',
  LOCK_EXPIRED: 'Tu bloqueo de este pedido ha caducado. Se ha recargado: ábrelo de nuevo para seguir trabajando.',
  ITEM_ACTION_REFUSED: 'Esta acción no es posible en el estado actual del pedido.',
  UNKNOWN_STATUS: 'Estado no encontrado',
  'note.empty': 'Escribe el texto de la nota',
  'workspace.unknown_tab': 'Esta pestaña no existe',
  'workspace.duplicate_tab': 'Esta pestaña ya está abierta',
  'workspace.too_many_tabs': 'Hay demasiadas pestañas abiertas (máximo {max}). Cierra alguna',
  'workspace.not_closable': 'La pestaña {key} no se puede cerrar',
  'workspace.active_not_open': 'La pestaña activa debe ser una de las abiertas',
};

/** The user messages of the back office in es, en and pt (one per error code, whose key it is). */
export const BACKOFFICE_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    STALE_ITEM: 'Another user has changed this order. It has been reloaded with the latest changes.',
    ITEM_LOCKED: 'Another user ({holder}) has locked this order. It has been reloaded with the latest changes.',
    LOCK_EXPIRED: 'Your lock on this order has expired. It has been reloaded: open it again to keep working.',
    ITEM_ACTION_REFUSED: 'This action is not possible in the current state of the order.',
    UNKNOWN_STATUS: 'Status not found',
    'note.empty': 'Write the text of the note',
    'workspace.unknown_tab': 'This tab does not exist',
    'workspace.duplicate_tab': 'This tab is already open',
    'workspace.too_many_tabs': 'Too many tabs are open (at most {max}). Close one',
    'workspace.not_closable': 'Tab {key} cannot be closed',
    'workspace.active_not_open': 'The active tab must be one of the open tabs',
  },
  pt: {
    STALE_ITEM: 'Outro utilizador alterou esta encomenda. Foi recarregada com as últimas alterações.',
    ITEM_LOCKED: 'Outro utilizador ({holder}) bloqueou esta encomenda. Foi recarregada com as últimas alterações.',
    LOCK_EXPIRED: 'O seu bloqueio desta encomenda expirou. Foi recarregada: abra-a de novo para continuar.',
    ITEM_ACTION_REFUSED: 'Esta ação não é possível no estado atual da encomenda.',
    UNKNOWN_STATUS: 'Estado não encontrado',
    'note.empty': 'Escreva o texto da nota',
    'workspace.unknown_tab': 'Este separador não existe',
    'workspace.duplicate_tab': 'Este separador já está aberto',
    'workspace.too_many_tabs': 'Há demasiados separadores abertos (máximo {max}). Feche algum',
    'workspace.not_closable': 'O separador {key} não pode ser fechado',
    'workspace.active_not_open': 'O separador ativo deve ser um dos abertos',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    backoffice: typeof BACKOFFICE_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    backoffice: keyof typeof es;
  }
}
