import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of the customers' uploads and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const UPLOADS_ERRORS = {
  UPLOAD_IN_USE: 409,
} as const satisfies ErrorTable;

const es = {
  UPLOAD_IN_USE: 'Este documento ya forma parte de un pedido y no se puede borrar.',
};

/** The user messages of the customers' uploads in es, en and pt (one per error code, whose key it is). */
export const UPLOADS_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    UPLOAD_IN_USE: 'This document is already part of an order and cannot be deleted.',
  },
  pt: {
    UPLOAD_IN_USE: 'Este documento já faz parte de uma encomenda e não pode ser eliminado.',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    uploads: typeof UPLOADS_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    uploads: keyof typeof es;
  }
}
