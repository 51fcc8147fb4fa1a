import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of saved items and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const SAVED_ITEMS_ERRORS = {
  SAVED_ITEM_EXISTS: 409,
  SAVED_ITEMS_LIMIT: 409,
} as const satisfies ErrorTable;

const es = {
  SAVED_ITEM_EXISTS: 'Ya tienes guardado este elemento (misma matrícula, NIF, IDUFIR o referencia catastral).',
  SAVED_ITEMS_LIMIT: 'Has llegado al máximo de elementos guardados de este tipo: borra alguno antes de añadir otro.',
};

/** The user messages of saved items in es, en and pt (one per error code, whose key it is). */
export const SAVED_ITEMS_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    SAVED_ITEM_EXISTS: 'You have already saved this item (same plate, tax id, IDUFIR or cadastral reference).',
    SAVED_ITEMS_LIMIT: 'You have reached the maximum of saved items of this kind: delete one before adding another.',
  },
  pt: {
    SAVED_ITEM_EXISTS: 'Já guardou este elemento (mesma matrícula, NIF, IDUFIR ou referência cadastral).',
    SAVED_ITEMS_LIMIT: 'Chegou ao máximo de elementos guardados deste tipo: apague algum antes de adicionar outro.',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    'saved-items': typeof SAVED_ITEMS_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    'saved-items': keyof typeof es;
  }
}
